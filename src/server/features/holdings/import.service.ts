import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { type z, type ZodError } from 'zod';
import {
  type CreateHoldingInput,
  CROWDFUNDING_STATUSES,
  decimalString,
  type HoldingClass,
  TIER_ASSET_LIMITS,
  updateHoldingBodySchema,
} from '@/contracts/holdings';
import {
  HOLDING_CLASS_FIELDS,
  HOLDING_CLASS_SCHEMAS,
  HOLDING_FIELD_ALIASES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_ROWS,
  IMPORT_SAMPLE_ROWS,
  type importBodySchema,
  type ImportCommit,
  type ImportIssue,
  type ImportKind,
  type ImportPreview,
  NUMBER_FIELDS,
} from '@/contracts/import-export';
import {
  createTransactionBodySchema,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@/contracts/transactions';
import { VALIDATION_MESSAGES as M, validationMessageId } from '@/contracts/validation-messages';
import { type LedgerTransaction, replayHolding } from '@/domain/ledger';
import { dec, toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  holdings,
  savingsInterestRates,
  transactionAuditTrail,
  transactions,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Actor, publishHoldingsChanged, recordLedgerAudit } from './actor';
import { importIssue, parseCsv, unescapeFormula } from './csv';
import { enforceAssetLimit, holdingValues, insertHolding, ownerTier } from './holdings.service';
import { normaliseHeader, resolveMapping } from './import-mapping';
import { ledgerFailure, ledgerRows, rebuildHolding, toLedgerTransaction } from './ledger.store';
import { type HoldingRow, requireScope, type Scope, simulationIs } from './scope';
import { newRow } from './transactions.service';

/**
 * CSV import of holdings or transactions (spec 002; security checklist 19). A preview reads the
 * file, maps its columns, and checks every row with the API's own schemas and, for transactions,
 * with a replay of each asset's ledger; a commit does the same inside one database transaction
 * and saves every row or none.
 */

type ImportBody = z.output<typeof importBodySchema>;
type Row = { row: number; values: Record<string, string> };

/** Decimal fields: a semicolon-separated file may write them with a decimal comma (12,5). */
const DECIMAL_FIELDS = new Set([
  'quantity',
  'purchasePrice',
  'currentPrice',
  'currentValue',
  'rentalIncome',
  'size',
  'amountInvested',
  'valuation',
  'equityPercentage',
  'expectedReturn',
  'currentBalance',
  'minimumBalance',
  'earlyWithdrawalPenaltyRate',
  'interestRate',
  'taxRate',
  'dividendYield',
  'expenseRatio',
  'latitude',
  'longitude',
  'price',
  'fees',
  'exchangeRateToBase',
]);

function convert(field: string, raw: string, decimalComma: boolean): string | number {
  let value = raw;
  if (decimalComma && DECIMAL_FIELDS.has(field) && /^-?\d+,\d+$/.test(value)) {
    value = value.replace(',', '.');
  }
  if (NUMBER_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

type Prepared = {
  columns: string[];
  mapping: Record<string, string>;
  rows: Row[];
  issues: ImportIssue[];
  decimalComma: boolean;
  /** Rows were read (no file-level problem stops checking them). */
  readable: boolean;
};

function prepare(body: ImportBody): Prepared {
  if (Buffer.byteLength(body.csv, 'utf8') > IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', { maxBytes: IMPORT_MAX_BYTES });
  }
  const parsed = parseCsv(body.csv);
  const { mapping, issues: mappingIssues } = resolveMapping(
    body.kind,
    parsed.columns,
    body.mapping,
  );
  const issues = [...parsed.issues, ...mappingIssues];
  const position = new Map<string, number>();
  parsed.columns.forEach((column, index) => {
    if (!position.has(column)) position.set(column, index);
  });
  const rows = parsed.records.map((record) => {
    const values: Record<string, string> = {};
    for (const [field, column] of Object.entries(mapping)) {
      const index = position.get(column);
      const cell = index === undefined ? '' : unescapeFormula((record.cells[index] ?? '').trim());
      if (cell !== '') values[field] = cell;
    }
    return { row: record.row, values };
  });
  let readable = parsed.columns.length > 0;
  if (readable && rows.length === 0) issues.push(importIssue(1, 'noRows'));
  if (rows.length > IMPORT_MAX_ROWS) {
    issues.push(importIssue(1, 'tooManyRows', { max: String(IMPORT_MAX_ROWS) }));
    readable = false;
  }
  return {
    columns: parsed.columns,
    mapping,
    rows,
    issues,
    decimalComma: parsed.delimiter === ';',
    readable,
  };
}

/** A zod failure on a row, one issue per problem, named by the field the value came from. */
function zodIssues(
  row: number,
  error: ZodError,
  given: (field: string) => boolean,
  sourceOf: (field: string) => string = (field) => field,
): ImportIssue[] {
  return error.issues.map((problem) => {
    const field = problem.path.length ? String(problem.path[0]) : null;
    const knownId = validationMessageId(problem.message);
    const base = { row, field: field ? sourceOf(field) : null };
    if (knownId && !(field && !given(field) && knownId === 'numberInvalid')) {
      return { ...base, message: problem.message, code: knownId, params: null };
    }
    if (field && !given(field)) {
      return { ...base, message: M.required, code: 'required', params: null };
    }
    if (problem.code === 'invalid_value' && 'values' in problem) {
      return importIssue(
        row,
        'choice',
        { values: problem.values.map(String).join(', ') },
        base.field,
      );
    }
    if (problem.code === 'invalid_type' && problem.expected === 'number') {
      return { ...base, message: M.numberInvalid, code: 'numberInvalid', params: null };
    }
    if (problem.code === 'too_big' && problem.origin === 'string') {
      return { ...base, message: M.textTooLong, code: 'textTooLong', params: null };
    }
    return importIssue(row, 'invalid', null, base.field);
  });
}

// Holdings ---------------------------------------------------------------------------------------

const CLASS_NAMES: Record<string, HoldingClass> = {
  market: 'market',
  marketinvestment: 'market',
  bourse: 'market',
  crypto: 'crypto',
  cryptoinvestment: 'crypto',
  realestate: 'real_estate',
  realestateinvestment: 'real_estate',
  immobilier: 'real_estate',
  crowdfunding: 'crowdfunding',
  crowdfundinginvestment: 'crowdfunding',
  savings: 'savings',
  savingsaccount: 'savings',
  epargne: 'savings',
  generic: 'generic',
  genericasset: 'generic',
  other: 'generic',
  autre: 'generic',
};
const classOf = (value: string | undefined) =>
  value ? (CLASS_NAMES[normaliseHeader(value)] ?? null) : null;

/**
 * Without opening transactions the ledger decides quantity and cost, so these may be any
 * decimal of zero or more (a position sold out has quantity 0).
 */
const LEDGER_DERIVED: Partial<Record<HoldingClass, readonly string[]>> = {
  market: ['quantity', 'purchasePrice'],
  crypto: ['quantity', 'purchasePrice'],
  generic: ['quantity', 'purchasePrice'],
  real_estate: ['purchasePrice'],
  crowdfunding: ['amountInvested'],
};

function classSchema(holdingClass: HoldingClass, opening: boolean): z.ZodType {
  const schema = HOLDING_CLASS_SCHEMAS[holdingClass];
  const relaxed = opening ? undefined : LEDGER_DERIVED[holdingClass];
  if (!relaxed) return schema;
  return schema.extend(Object.fromEntries(relaxed.map((field) => [field, decimalString()])));
}

const statusRule = updateHoldingBodySchema.shape.status;
const symbolRule = updateHoldingBodySchema.shape.symbol;
const CROWDFUNDING = new Set<string>(CROWDFUNDING_STATUSES);

type HoldingItem = {
  row: number;
  input: CreateHoldingInput;
  /** Set after the insert when it differs from what the class sets. */
  status: string | null;
  symbol: string | null;
};

function checkHoldingRow(
  { row, values }: Row,
  opening: boolean,
  decimalComma: boolean,
): { item: HoldingItem | null; issues: ImportIssue[] } {
  const holdingClass = classOf(values.class);
  if (!holdingClass) {
    const issue = values.class
      ? importIssue(row, 'classInvalid', null, 'class')
      : { row, field: 'class', message: M.required, code: 'required', params: null };
    return { item: null, issues: [issue] };
  }
  const body: Record<string, unknown> = { class: holdingClass };
  const source: Record<string, string> = {};
  for (const field of HOLDING_CLASS_FIELDS[holdingClass]) {
    let from = field;
    if (values[field] === undefined) {
      const alias = HOLDING_FIELD_ALIASES[holdingClass]?.[field];
      if (alias && values[alias] !== undefined) from = alias;
    }
    source[field] = from;
    const raw = values[from];
    if (raw !== undefined) body[field] = convert(field, raw, decimalComma);
  }
  if (holdingClass === 'crowdfunding' && typeof body.status === 'string') {
    if (!CROWDFUNDING.has(body.status)) delete body.status;
  }
  const issues: ImportIssue[] = [];
  const parsed = classSchema(holdingClass, opening).safeParse(body);
  if (!parsed.success) {
    issues.push(
      ...zodIssues(
        row,
        parsed.error,
        (field) => values[source[field] ?? field] !== undefined,
        (field) => source[field] ?? field,
      ),
    );
  }
  const status = statusRule.safeParse(values.status);
  if (!status.success)
    issues.push(
      ...zodIssues(
        row,
        status.error,
        () => true,
        () => 'status',
      ),
    );
  const hasSymbol = HOLDING_CLASS_FIELDS[holdingClass].includes('symbol');
  const symbol = hasSymbol ? null : symbolRule.safeParse(values.symbol);
  if (symbol && !symbol.success) {
    issues.push(
      ...zodIssues(
        row,
        symbol.error,
        () => true,
        () => 'symbol',
      ),
    );
  }
  if (issues.length || !parsed.success) return { item: null, issues };
  return {
    item: {
      row,
      input: parsed.data as CreateHoldingInput,
      status: status.data ?? null,
      symbol: symbol?.data ?? null,
    },
    issues,
  };
}

async function activeHoldingCount(db: DbOrTx, scope: Scope) {
  const [row] = await db
    .select({ n: count() })
    .from(holdings)
    .where(
      and(
        eq(holdings.portfolioId, scope.portfolioId),
        simulationIs(holdings.simulationId, scope.simulationId),
        eq(holdings.isActive, true),
      ),
    );
  return Number(row?.n ?? 0);
}

async function checkHoldings(
  db: DbOrTx,
  scope: Scope,
  prepared: Prepared,
  opening: boolean,
  withPlanLimit: boolean,
) {
  const items: HoldingItem[] = [];
  const issues: ImportIssue[] = [];
  for (const row of prepared.rows) {
    const result = checkHoldingRow(row, opening, prepared.decimalComma);
    issues.push(...result.issues);
    if (result.item) items.push(result.item);
  }
  // The plan's limit, shown on the first row beyond it (the commit checks it again, locked).
  if (withPlanLimit) {
    const tier = await ownerTier(db, scope.access.portfolio.userId);
    const limit = TIER_ASSET_LIMITS[tier];
    const room = limit === null ? Infinity : limit - (await activeHoldingCount(db, scope));
    const over = prepared.rows[Math.max(0, room)];
    if (limit !== null && over && prepared.rows.length > room) {
      issues.push({
        row: over.row,
        field: null,
        message: `Your plan allows ${limit} assets per portfolio. Upgrade your plan to add more.`,
        code: 'TIER_ASSET_LIMIT',
        params: { tier, limit: String(limit) },
      });
    }
  }
  return { items, issues };
}

const percentToFraction = (percent: string) => toPlain(dec(percent).div(100));

/** A holding without an opening buy: its quantity and cost come from its transactions. */
async function insertHoldingWithoutLedger(
  tx: DbOrTx,
  actor: Actor,
  scope: Scope,
  input: CreateHoldingInput,
  now: Date,
): Promise<HoldingRow> {
  const [row] = await tx
    .insert(holdings)
    .values({
      ...holdingValues(input),
      userId: actor.userId,
      portfolioId: scope.portfolioId,
      simulationId: scope.simulationId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('holding insert returned nothing');
  if (input.class === 'savings' && input.interestRate && !dec(input.interestRate).isZero()) {
    await tx.insert(savingsInterestRates).values({
      holdingId: row.id,
      interestRate: percentToFraction(input.interestRate),
      compoundingFrequency: input.compoundingFrequency ?? 'monthly',
      startDate: input.openingDate,
      createdAt: now,
    });
  }
  await rebuildHolding(tx, row, now);
  await recordLedgerAudit(
    tx,
    actor,
    {
      portfolioId: scope.portfolioId,
      action: 'create',
      entityType: 'holding',
      entityId: row.id,
      newValues: { class: row.class, name: row.name, source: 'import' },
    },
    now,
  );
  return row;
}

async function saveHoldings(
  tx: DbOrTx,
  actor: Actor,
  scope: Scope,
  items: HoldingItem[],
  opening: boolean,
  now: Date,
) {
  await enforceAssetLimit(tx, scope, items.length);
  for (const item of items) {
    const row = opening
      ? await insertHolding(tx, actor, scope, item.input, now)
      : await insertHoldingWithoutLedger(tx, actor, scope, item.input, now);
    const changes: Partial<typeof holdings.$inferInsert> = {};
    if (item.status && item.status !== row.status) changes.status = item.status;
    if (item.symbol && item.symbol !== row.symbol) changes.symbol = item.symbol;
    if (Object.keys(changes).length) {
      await tx.update(holdings).set(changes).where(eq(holdings.id, row.id));
    }
  }
}

// Transactions -----------------------------------------------------------------------------------

const TYPES = new Set<string>(TRANSACTION_TYPES);
/** French names of the types, accepted too. */
const TYPE_NAMES: Record<string, TransactionType> = {
  achat: 'buy',
  vente: 'sell',
  transfert: 'transfer',
  dividende: 'dividend',
  dividendes: 'dividend',
  interet: 'interest',
  interets: 'interest',
  frais: 'fee',
};
const typeOf = (value: string) => {
  const key = normaliseHeader(value);
  return TYPES.has(key) ? key : (TYPE_NAMES[key] ?? value);
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sameText = (a: string | null | undefined, b: string | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

type TransactionItem = {
  row: number;
  holding: HoldingRow;
  values: typeof transactions.$inferInsert & { id: string };
};

function resolveAsset(
  { row, values }: Row,
  inScope: HoldingRow[],
): { holding: HoldingRow | null; issue: ImportIssue | null } {
  if (values.assetId) {
    const holding = inScope.find((candidate) => candidate.id === values.assetId);
    return holding
      ? { holding, issue: null }
      : { holding: null, issue: importIssue(row, 'assetNotFound', null, 'assetId') };
  }
  let holdingClass: HoldingClass | null = null;
  if (values.assetClass) {
    holdingClass = classOf(values.assetClass);
    if (!holdingClass) {
      return { holding: null, issue: importIssue(row, 'classInvalid', null, 'assetClass') };
    }
  }
  if (!values.assetName && !values.assetSymbol) {
    return { holding: null, issue: importIssue(row, 'assetMissing', null, 'assetName') };
  }
  const matches = inScope.filter(
    (candidate) =>
      (!holdingClass || candidate.class === holdingClass) &&
      (!values.assetSymbol || sameText(candidate.symbol, values.assetSymbol)) &&
      (!values.assetName || sameText(candidate.name, values.assetName)),
  );
  const field = values.assetName ? 'assetName' : 'assetSymbol';
  if (matches.length === 1) return { holding: matches[0] ?? null, issue: null };
  return {
    holding: null,
    issue: importIssue(row, matches.length ? 'assetAmbiguous' : 'assetNotFound', null, field),
  };
}

function parseSelectedLots(
  row: number,
  value: string | undefined,
  idOfRef: Map<string, string>,
): { lots: { lotId: string; quantity: string }[] | undefined; issues: ImportIssue[] } {
  if (!value) return { lots: undefined, issues: [] };
  const lots: { lotId: string; quantity: string }[] = [];
  const issues: ImportIssue[] = [];
  for (const part of value
    .split(/[;|]/)
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const at = part.lastIndexOf(':');
    if (at <= 0) {
      issues.push(importIssue(row, 'selectedLotsFormat', null, 'selectedLots'));
      continue;
    }
    const ref = part.slice(0, at).trim();
    const lotId = idOfRef.get(ref) ?? (UUID.test(ref) ? ref : null);
    if (!lotId) {
      issues.push(importIssue(row, 'lotRefUnknown', { ref }, 'selectedLots'));
      continue;
    }
    lots.push({ lotId, quantity: part.slice(at + 1).trim() });
  }
  return { lots, issues };
}

/** The ledger's refusal as the API answers it (INSUFFICIENT_BALANCE...), or null. */
function ledgerProblem(run: () => void): AppError | null {
  try {
    run();
    return null;
  } catch (error) {
    try {
      ledgerFailure(error);
    } catch (mapped) {
      if (mapped instanceof AppError) return mapped;
      throw mapped;
    }
    return null;
  }
}

/**
 * Replays each asset's ledger with the file's rows added (after the asset's own rows of the same
 * trade date, in file order: the order the commit records them in). A refusal is pinned on the
 * first row whose prefix of the ledger fails (found by halving), or on the file's last row before
 * it when the failing row was already there.
 */
async function checkLedgers(db: DbOrTx, items: TransactionItem[]): Promise<ImportIssue[]> {
  const byHolding = new Map<string, TransactionItem[]>();
  for (const item of items) {
    const list = byHolding.get(item.holding.id) ?? [];
    list.push(item);
    byHolding.set(item.holding.id, list);
  }
  const issues: ImportIssue[] = [];
  for (const [holdingId, added] of byHolding) {
    const existing = (await ledgerRows(db, holdingId)).map((row) => ({
      ledger: toLedgerTransaction(row),
      row: null as number | null,
    }));
    const fresh = added
      .filter((item) => item.values.status !== 'cancelled')
      .map((item) => ({
        ledger: {
          id: item.values.id,
          type: item.values.transactionType as TransactionType,
          quantity: item.values.quantity,
          price: item.values.price,
          fees: item.values.fees ?? '0',
          exchangeRateToBase: item.values.exchangeRateToBase ?? '1',
          tradeDate: item.values.tradeDate,
          costBasisMethod: item.values.costBasisMethod ?? null,
          selectedLots: item.values.selectedLots ?? null,
        } as LedgerTransaction,
        row: item.row as number | null,
      }));
    // Stable: on one trade date the asset's own rows stay first, then the file's in order.
    const ordered = [...existing, ...fresh].sort((a, b) =>
      a.ledger.tradeDate < b.ledger.tradeDate
        ? -1
        : a.ledger.tradeDate > b.ledger.tradeDate
          ? 1
          : 0,
    );
    const replay = (length: number) => () => {
      replayHolding(ordered.slice(0, length).map((entry) => entry.ledger));
    };
    const problem = ledgerProblem(replay(ordered.length));
    if (!problem) continue;
    let low = 1;
    let high = ordered.length;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (ledgerProblem(replay(middle))) high = middle;
      else low = middle + 1;
    }
    const failing = ordered.slice(0, low).findLast((entry) => entry.row !== null);
    const row = failing?.row ?? fresh[0]?.row ?? added[0]?.row ?? 1;
    const error = ledgerProblem(replay(low)) ?? problem;
    issues.push({
      row,
      field: null,
      message: error.message,
      code: error.code,
      params: error.details
        ? Object.fromEntries(Object.entries(error.details).map(([k, v]) => [k, String(v)]))
        : null,
    });
  }
  return issues;
}

async function checkTransactions(
  db: DbOrTx,
  actor: Actor,
  scope: Scope,
  prepared: Prepared,
  now: Date,
  lock: boolean,
) {
  const query = db
    .select()
    .from(holdings)
    .where(
      and(
        eq(holdings.portfolioId, scope.portfolioId),
        simulationIs(holdings.simulationId, scope.simulationId),
        eq(holdings.isActive, true),
      ),
    );
  const inScope = lock ? await query.for('update') : await query;
  const issues: ImportIssue[] = [];
  const idOfRef = new Map<string, string>();
  for (const { row, values } of prepared.rows) {
    if (!values.ref) continue;
    if (idOfRef.has(values.ref)) issues.push(importIssue(row, 'duplicateRef', null, 'ref'));
    else idOfRef.set(values.ref, randomUUID());
  }
  const items: TransactionItem[] = [];
  const refused = new Set<string>();
  for (const current of prepared.rows) {
    const { row, values } = current;
    const { holding, issue } = resolveAsset(current, inScope);
    const rowIssues: ImportIssue[] = issue ? [issue] : [];
    const lots = parseSelectedLots(row, values.selectedLots, idOfRef);
    rowIssues.push(...lots.issues);
    const body: Record<string, unknown> = {
      assetId: holding?.id ?? '00000000-0000-0000-0000-000000000000',
      transactionType: values.transactionType ? typeOf(values.transactionType) : undefined,
      quantity: values.quantity,
      price: values.price,
      fees: values.fees,
      currency: values.currency?.toUpperCase(),
      exchangeRateToBase: values.exchangeRateToBase,
      tradeDate: values.tradeDate,
      settlementDate: values.settlementDate,
      costBasisMethod: values.costBasisMethod?.toLowerCase(),
      selectedLots: lots.lots,
      broker: values.broker,
      accountId: values.accountId,
      notes: values.notes,
      status: values.status?.toLowerCase(),
    };
    for (const field of ['quantity', 'price', 'fees', 'exchangeRateToBase'] as const) {
      const raw = values[field];
      if (raw !== undefined) body[field] = convert(field, raw, prepared.decimalComma);
    }
    const parsed = createTransactionBodySchema.safeParse(body);
    if (!parsed.success) {
      rowIssues.push(...zodIssues(row, parsed.error, (field) => values[field] !== undefined));
    } else if (!TYPES.has(parsed.data.transactionType)) {
      rowIssues.push({
        row,
        field: 'transactionType',
        message: M.transactionTypeInvalid,
        code: 'transactionTypeInvalid',
        params: null,
      });
    }
    issues.push(...rowIssues);
    if (!holding) continue;
    if (rowIssues.length || !parsed.success) {
      refused.add(holding.id);
      continue;
    }
    const id = (values.ref && idOfRef.get(values.ref)) || randomUUID();
    items.push({
      row,
      holding,
      values: { ...newRow(actor, scope, holding, parsed.data, now), id },
    });
  }
  // An asset with a refused row is not replayed: its ledger would be judged without that row.
  issues.push(
    ...(await checkLedgers(
      db,
      items.filter((item) => !refused.has(item.holding.id)),
    )),
  );
  return { items, issues };
}

function auditValues(values: TransactionItem['values']): Record<string, unknown> {
  return {
    transactionType: values.transactionType,
    quantity: values.quantity,
    price: values.price,
    fees: values.fees,
    tradeDate: values.tradeDate,
    settlementDate: values.settlementDate,
    status: values.status,
    costBasisMethod: values.costBasisMethod,
    source: 'import',
  };
}

const CHUNK = 500;

async function saveTransactions(tx: DbOrTx, actor: Actor, items: TransactionItem[], now: Date) {
  const stamp = now.toISOString();
  for (let start = 0; start < items.length; start += CHUNK) {
    const chunk = items.slice(start, start + CHUNK);
    // Recorded in file order, a microsecond apart: the ledger orders one trade date's rows by it.
    await tx.insert(transactions).values(
      chunk.map((item, index) => ({
        ...item.values,
        createdAt: sql`${stamp}::timestamptz + (${start + index}::int * interval '1 microsecond')`,
        updatedAt: now,
      })),
    );
    await tx.insert(transactionAuditTrail).values(
      chunk.map((item) => ({
        userId: actor.userId,
        portfolioId: item.holding.portfolioId,
        sessionId: actor.sessionId,
        actionType: 'create',
        entityType: 'transaction',
        entityId: item.values.id,
        newValues: auditValues(item.values),
        ipAddress: actor.ip,
        userAgent: actor.userAgent,
        createdAt: now,
      })),
    );
  }
  const touched = new Map(items.map((item) => [item.holding.id, item.holding]));
  for (const holding of touched.values()) await rebuildHolding(tx, holding, now);
}

// Entry points -----------------------------------------------------------------------------------

const byRow = (a: ImportIssue, b: ImportIssue) => a.row - b.row;

async function check(
  db: DbOrTx,
  actor: Actor,
  scope: Scope,
  body: ImportBody,
  prepared: Prepared,
  now: Date,
  commit: boolean,
) {
  if (!prepared.readable) return { holdingItems: [], transactionItems: [], issues: [] };
  if (body.kind === 'holdings') {
    const result = await checkHoldings(db, scope, prepared, body.openingTransactions, !commit);
    return { holdingItems: result.items, transactionItems: [], issues: result.issues };
  }
  const result = await checkTransactions(db, actor, scope, prepared, now, commit);
  return { holdingItems: [], transactionItems: result.items, issues: result.issues };
}

function errorsOf(prepared: Prepared, issues: ImportIssue[]) {
  const all = [...prepared.issues, ...issues].sort(byRow);
  return { errors: all.slice(0, IMPORT_MAX_ERRORS), errorCount: all.length };
}

/** Reads and checks a file without saving anything (edit permission: it prepares an import). */
export async function previewImport(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  body: ImportBody,
): Promise<ImportPreview> {
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, simulationId, 'edit', {
    log: actor.log,
  });
  const prepared = prepare(body);
  const { issues } = await check(db, actor, scope, body, prepared, ctx.clock.now(), false);
  const { errors, errorCount } = errorsOf(prepared, issues);
  return {
    kind: body.kind,
    columns: prepared.columns,
    mapping: prepared.mapping,
    rows: prepared.rows.length,
    sample: prepared.rows.slice(0, IMPORT_SAMPLE_ROWS),
    errors,
    errorCount,
    valid: errorCount === 0,
  };
}

/**
 * Saves a file: everything in one database transaction, or nothing. Any invalid row answers
 * 400 IMPORT_INVALID with the row-numbered errors; the plan's limit answers 403 TIER_ASSET_LIMIT.
 */
export async function commitImport(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  body: ImportBody,
): Promise<ImportCommit> {
  // The permission first: a stranger learns nothing from how the file reads.
  await requireScope(ctx.database.db, actor.userId, portfolioId, simulationId, 'edit', {
    log: actor.log,
  });
  const prepared = prepare(body);
  const now = ctx.clock.now();
  const kind: ImportKind = body.kind;
  const imported = await ctx.database.db.transaction(async (tx) => {
    const scope = await requireScope(tx, actor.userId, portfolioId, simulationId, 'edit', {
      forUpdate: true,
      log: actor.log,
    });
    const result = await check(tx, actor, scope, body, prepared, now, true);
    const { errors, errorCount } = errorsOf(prepared, result.issues);
    if (errorCount > 0) throw new AppError('IMPORT_INVALID', { errors, errorCount });
    if (kind === 'holdings') {
      await saveHoldings(tx, actor, scope, result.holdingItems, body.openingTransactions, now);
    } else {
      await saveTransactions(tx, actor, result.transactionItems, now);
    }
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    return kind === 'holdings' ? result.holdingItems.length : result.transactionItems.length;
  });
  actor.log.info({ portfolioId, simulationId, kind, imported }, 'csv import saved');
  return { kind, imported };
}
