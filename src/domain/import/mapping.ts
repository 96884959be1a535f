import { type ImportIssue, importIssue } from './issues';

/**
 * Which column of a CSV import's file fills which field. Given mappings win; the other fields are
 * guessed from the column names, compared without case, accents, spaces, dashes or underscores
 * (so `purchase_price`, `Purchase Price` and `purchasePrice` are one name), then from common
 * English and French names of the same thing.
 */

export const normaliseHeader = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Other names a column may have, already normalised. The field's own name always matches. */
const SYNONYMS: Record<string, readonly string[]> = {
  // Holdings
  class: ['assetclass', 'classe', 'category', 'categorie'],
  name: ['nom', 'assetname', 'libelle', 'designation'],
  symbol: ['symbole', 'ticker', 'code'],
  quantity: ['qty', 'quantite', 'qte', 'units', 'shares', 'nombre', 'parts'],
  purchasePrice: [
    'prixdachat',
    'prixachat',
    'pru',
    'prixderevient',
    'prixmoyen',
    'costprice',
    'buyprice',
    'averagecost',
  ],
  currentPrice: ['prixactuel', 'coursactuel', 'cours', 'lastprice', 'marketprice'],
  purchaseDate: ['datedachat', 'dateachat', 'buydate', 'date'],
  currency: ['devise', 'monnaie', 'ccy'],
  status: ['statut'],
  notes: ['note', 'comment', 'comments', 'commentaire', 'commentaires', 'remarques'],
  sector: ['secteur'],
  exchange: ['bourse', 'placedecotation', 'marche'],
  walletAddress: ['wallet', 'adresseduportefeuille', 'adressewallet'],
  propertyName: ['nomdubien', 'bien'],
  propertyType: ['typedebien', 'typedubien'],
  address: ['adresse'],
  currentValue: ['valeuractuelle', 'valeur'],
  rentalIncome: ['loyer', 'loyermensuel', 'rent', 'monthlyrent'],
  size: ['surface', 'superficie'],
  sizeUnit: ['unitedesurface', 'unite'],
  bedrooms: ['chambres'],
  bathrooms: ['sallesdebain'],
  city: ['ville'],
  state: ['region', 'province'],
  zipCode: ['zip', 'postalcode', 'postcode', 'codepostal'],
  country: ['pays'],
  platform: ['plateforme'],
  projectName: ['projet', 'nomduprojet', 'project'],
  amountInvested: ['montantinvesti', 'investi', 'invested'],
  valuation: ['valorisation'],
  equityPercentage: ['equity', 'pourcentagedecapital'],
  investmentDate: ['datedinvestissement', 'dateinvestissement'],
  expectedReturn: ['rendementattendu', 'rendementcible'],
  duration: ['duree', 'dureeenmois', 'durationmonths'],
  accountName: ['nomducompte', 'nom', 'name', 'libelle', 'account'],
  bankName: ['bank', 'banque', 'etablissement'],
  accountType: ['typedecompte'],
  accountNumber: ['numerodecompte'],
  currentBalance: ['balance', 'solde', 'soldeactuel'],
  openingDate: ['datedouverture', 'dateouverture'],
  maturityDate: ['datedecheance', 'echeance'],
  minimumBalance: ['soldeminimum'],
  earlyWithdrawalPenaltyRate: ['penalitederetraitanticipe', 'penalite'],
  interestRate: ['tauxdinteret', 'taux', 'rate'],
  compoundingFrequency: ['capitalisation', 'frequencedecapitalisation'],
  taxRate: ['tauxdimposition'],
  dividendYield: ['rendementdudividende', 'dividendyieldpercent'],
  expenseRatio: ['fraisdegestion', 'ter'],
  // Transactions
  assetClass: ['class', 'classe', 'assettype', 'typedactif'],
  assetName: ['name', 'nom', 'asset', 'actif', 'libelle'],
  assetSymbol: ['symbol', 'symbole', 'ticker'],
  assetId: ['holdingid'],
  transactionType: ['type', 'operation', 'typedoperation', 'sens'],
  price: ['prix', 'prixunitaire', 'unitprice', 'cours'],
  fees: ['frais', 'fee', 'commission', 'commissions'],
  exchangeRateToBase: ['exchangerate', 'tauxdechange', 'fxrate'],
  tradeDate: ['date', 'datedoperation', 'dateoperation', 'datedexecution'],
  settlementDate: ['datedereglement', 'datedevaleur', 'valuedate'],
  costBasisMethod: ['methode', 'method'],
  broker: ['courtier'],
  accountId: ['compte', 'account'],
  ref: ['reference', 'id', 'transactionid'],
  selectedLots: ['lots'],
  assetRef: ['holdingref', 'assetreference', 'refactif', 'referenceactif'],
  openingBalance: ['soldeinitial', 'soldedouverture', 'initialbalance'],
  // Savings histories
  transactionDate: ['date', 'datedoperation', 'dateoperation', 'datedevaleur'],
  amount: ['montant', 'somme', 'sum'],
  taxWithheld: ['impot', 'impotretenu', 'prelevements', 'retenue', 'tax'],
  startDate: ['datededebut', 'debut', 'datedeffet', 'from', 'depuis', 'date'],
};

export type Mapping = Record<string, string>;

/**
 * The mapping of a file's `columns` to `fields` (the fields of the file's kind, in their order:
 * `importFieldsOf(kind)` in src/contracts/import-export), and an issue for each given mapping
 * naming a column the file does not have.
 */
export function resolveMapping(
  fields: readonly string[],
  columns: readonly string[],
  given: Record<string, string> | undefined,
): { mapping: Mapping; issues: ImportIssue[] } {
  const known = new Set(fields);
  const mapping: Mapping = {};
  const issues: ImportIssue[] = [];
  const used = new Set<string>();
  const explicit = new Set<string>();
  for (const [field, column] of Object.entries(given ?? {})) {
    if (!known.has(field)) continue;
    explicit.add(field);
    if (!column) continue;
    if (!columns.includes(column)) {
      issues.push(importIssue(1, 'unknownColumn', { column }, field));
      continue;
    }
    mapping[field] = column;
    used.add(column);
  }
  const byName = new Map<string, string>();
  for (const column of columns) {
    const key = normaliseHeader(column);
    if (key && !byName.has(key)) byName.set(key, column);
  }
  const take = (field: string, key: string) => {
    const column = byName.get(key);
    if (!column || used.has(column) || mapping[field] || explicit.has(field)) return;
    mapping[field] = column;
    used.add(column);
  };
  // A column named as the field first, then the other names.
  for (const field of fields) take(field, normaliseHeader(field));
  for (const field of fields) {
    for (const synonym of SYNONYMS[field] ?? []) take(field, synonym);
  }
  // In the field order of the file kind.
  const ordered: Mapping = {};
  for (const field of fields) {
    const column = mapping[field];
    if (column) ordered[field] = column;
  }
  return { mapping: ordered, issues };
}
