import {
  COMPOUNDING_FREQUENCIES,
  CROWDFUNDING_STATUSES,
  GENERIC_ASSET_TYPES,
  type HoldingClass,
  MARKET_EXCHANGES,
  MARKET_SECTORS,
  PROPERTY_TYPES,
  SAVINGS_ACCOUNT_TYPES,
  SIZE_UNITS,
} from '@/contracts/holdings';
import { CURRENCIES } from '@/contracts/settings';

/** Where each class lives in the app (spec 002, section 2). */
export const CLASS_PATHS: Record<HoldingClass, string> = {
  market: '/assets/market',
  crypto: '/assets/crypto',
  real_estate: '/assets/real-estate',
  crowdfunding: '/assets/crowdfunding',
  savings: '/assets/savings',
  generic: '/assets',
};

/** The classes with a page of their own, in the sidebar's order. */
export const PAGE_CLASSES = ['market', 'crypto', 'real_estate', 'crowdfunding', 'savings'] as const;

export type FieldKind = 'text' | 'decimal' | 'integer' | 'date' | 'select' | 'textarea';

/** One field of a class's add form: its name in the contract, its control and its choices. */
export type FieldSpec = {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** Choices of a select; labels come from `holdings:options.<name>.<value>` unless `raw`. */
  options?: readonly string[];
  raw?: boolean;
  /** Spans both columns. */
  wide?: boolean;
  /** A default value in the form. */
  initial?: string;
};

const currency = (holdingClass: HoldingClass): FieldSpec => ({
  name: 'currency',
  kind: 'select',
  options: CURRENCIES,
  raw: true,
  initial: holdingClass === 'crypto' || holdingClass === 'generic' ? 'USD' : 'EUR',
});

/** The add form of each class (the fields of its create schema, in a sensible order). */
export const CLASS_FIELDS: Record<HoldingClass, FieldSpec[]> = {
  market: [
    { name: 'symbol', kind: 'text', required: true },
    { name: 'name', kind: 'text', required: true },
    { name: 'quantity', kind: 'decimal', required: true },
    { name: 'purchasePrice', kind: 'decimal', required: true },
    { name: 'currentPrice', kind: 'decimal', required: true },
    { name: 'purchaseDate', kind: 'date', required: true },
    { name: 'sector', kind: 'select', options: MARKET_SECTORS },
    { name: 'exchange', kind: 'select', options: MARKET_EXCHANGES, raw: true },
    currency('market'),
  ],
  crypto: [
    { name: 'symbol', kind: 'text', required: true },
    { name: 'name', kind: 'text', required: true },
    { name: 'quantity', kind: 'decimal', required: true },
    { name: 'purchasePrice', kind: 'decimal', required: true },
    { name: 'currentPrice', kind: 'decimal', required: true },
    { name: 'purchaseDate', kind: 'date', required: true },
    { name: 'exchange', kind: 'text' },
    { name: 'walletAddress', kind: 'text' },
    currency('crypto'),
  ],
  real_estate: [
    { name: 'propertyName', kind: 'text', required: true },
    {
      name: 'propertyType',
      kind: 'select',
      options: PROPERTY_TYPES,
      required: true,
      initial: 'apartment',
    },
    { name: 'address', kind: 'text', required: true, wide: true },
    { name: 'city', kind: 'text' },
    { name: 'country', kind: 'text' },
    { name: 'purchasePrice', kind: 'decimal', required: true },
    { name: 'currentValue', kind: 'decimal', required: true },
    { name: 'rentalIncome', kind: 'decimal' },
    { name: 'purchaseDate', kind: 'date', required: true },
    { name: 'size', kind: 'decimal' },
    { name: 'sizeUnit', kind: 'select', options: SIZE_UNITS, initial: 'sqm' },
    { name: 'bedrooms', kind: 'integer' },
    { name: 'bathrooms', kind: 'integer' },
    currency('real_estate'),
  ],
  crowdfunding: [
    { name: 'platform', kind: 'text', required: true },
    { name: 'projectName', kind: 'text', required: true },
    { name: 'amountInvested', kind: 'decimal', required: true },
    { name: 'valuation', kind: 'decimal' },
    { name: 'equityPercentage', kind: 'decimal' },
    { name: 'expectedReturn', kind: 'decimal' },
    { name: 'duration', kind: 'integer' },
    { name: 'investmentDate', kind: 'date', required: true },
    { name: 'status', kind: 'select', options: CROWDFUNDING_STATUSES, initial: 'active' },
    currency('crowdfunding'),
  ],
  savings: [
    { name: 'accountName', kind: 'text', required: true },
    { name: 'bankName', kind: 'text', required: true },
    {
      name: 'accountType',
      kind: 'select',
      options: SAVINGS_ACCOUNT_TYPES,
      required: true,
      initial: 'livret_a',
    },
    { name: 'currentBalance', kind: 'decimal', required: true },
    { name: 'interestRate', kind: 'decimal' },
    {
      name: 'compoundingFrequency',
      kind: 'select',
      options: COMPOUNDING_FREQUENCIES,
      initial: 'monthly',
    },
    { name: 'openingDate', kind: 'date', required: true },
    { name: 'maturityDate', kind: 'date' },
    { name: 'minimumBalance', kind: 'decimal' },
    { name: 'earlyWithdrawalPenaltyRate', kind: 'decimal' },
    currency('savings'),
  ],
  generic: [
    { name: 'type', kind: 'select', options: GENERIC_ASSET_TYPES, required: true, initial: 'etf' },
    { name: 'name', kind: 'text', required: true },
    { name: 'symbol', kind: 'text' },
    { name: 'quantity', kind: 'decimal', required: true },
    { name: 'purchasePrice', kind: 'decimal', required: true },
    { name: 'currentPrice', kind: 'decimal', required: true },
    { name: 'purchaseDate', kind: 'date', required: true },
    { name: 'dividendYield', kind: 'decimal' },
    { name: 'expenseRatio', kind: 'decimal' },
    { name: 'country', kind: 'text' },
    currency('generic'),
  ],
};

/** Turns the form's strings into the create body: empty optional fields are left out. */
export function toCreateBody(holdingClass: HoldingClass, values: Record<string, string>) {
  const body: Record<string, unknown> = { class: holdingClass };
  for (const field of CLASS_FIELDS[holdingClass]) {
    const raw = (values[field.name] ?? '').trim();
    if (raw === '') continue;
    body[field.name] =
      field.kind === 'integer'
        ? Number(raw)
        : field.kind === 'decimal'
          ? raw.replace(/\s/g, '').replace(',', '.')
          : raw;
  }
  return body;
}
