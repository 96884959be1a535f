import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  type CreateHoldingInput,
  decimalString,
  HOLDING_CREATE_SCHEMAS,
  type HoldingClass,
  holdingUpdateSchema,
} from '@/contracts/holdings';
import {
  HOLDING_CLASS_FIELDS,
  HOLDING_FIELD_ALIASES,
  IMPORT_SAMPLE_ROWS,
  type ImportIssue,
} from '@/contracts/import-export';
import {
  createTransactionBodySchema,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@/contracts/transactions';
import { VALIDATION_MESSAGES as M } from '@/contracts/validation-messages';
import { importIssue } from '@/domain/import/issues';
import { normaliseHeader } from '@/domain/import/mapping';
import { type DecimalStyle, readDecimal, readRow } from '@/domain/import/values';
import { EMPTY_LEDGER_STATE, type LedgerTransaction, resumeHolding } from '@/domain/ledger';
import { packRows, type PackedRows } from '../../db/bulk-insert';
import { transactionAuditTrail, transactions } from '../../db/schema';
import {
  type Actor,
  assertTradable,
  type HoldingRow,
  ledgerFailure,
  newRow,
  type PackedLedgerRows,
  type Scope,
  unpackLedgerRows,
} from '../ledger';
import { AppError } from '../../platform/errors';
import { issueList, type IssueList } from '../../platform/import-issues';
import {
  appErrorIssue,
  besides,
  classOf,
  holdingByRef,
  holdingIdForRef,
  type ImportBody,
  type Prepared,
  readImportFile,
  type Row,
  sameText,
  zodIssues,
} from './import-common';

/**
 * The CPU work of a CSV import, on a compute worker (compute-tasks.ts): reading the file, mapping
 * its columns, checking each row with the API's schemas and rules, replaying the ledgers of a
 * transactions file, and making the rows to insert ready (`packRows`). Pure functions of
 * structured-clone data: what the database knows comes in (the view's holdings...), and row-
 * numbered issues, a summary of the file and compact rows go back. The request thread keeps the
 * reads and writes, in one database transaction (import.service.ts).
 *
 * What goes back is kept small, since the request thread decodes it in one go: the first
 * `IMPORT_MAX_ERRORS` issues (and how many there are), a few sample rows, rows to insert as a few
 * hundred array literals, and the ledger entries to check as one JSON text it passes on unread.
 */

type FileBody = Pick<ImportBody, 'kind' | 'csv' | 'mapping'>;
type ImportScope = Pick<Scope, 'portfolioId' | 'simulationId'>;

/** What the request thread learns of a file: its shape and the first rows (for the preview). */
export type FileSummary = {
  columns: string[];
  mapping: Record<string, string>;
  rows: number;
  sample: Row[];
  /** Rows were read (no file-level problem stops checking them). */
  readable: boolean;
};

export function summaryOf(prepared: Prepared): FileSummary {
  return {
    columns: prepared.columns,
    mapping: prepared.mapping,
    rows: prepared.rows.length,
    sample: prepared.rows.slice(0, IMPORT_SAMPLE_ROWS),
    readable: prepared.readable,
  };
}

/** A file read and mapped (savings files, whose rows are checked on the request thread). */
export async function readImportTask(body: FileBody): Promise<Prepared> {
  return readImportFile(body);
}

// Holdings ---------------------------------------------------------------------------------------

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

/** The field of each class's create body that sets the holding's current price (value). */
const VALUE_FIELD: Partial<Record<HoldingClass, string>> = {
  market: 'currentPrice',
  crypto: 'currentPrice',
  generic: 'currentPrice',
  real_estate: 'currentValue',
  crowdfunding: 'valuation',
};

const rulesOfChange = new Map<HoldingClass, Record<string, z.ZodType | undefined>>();
/** The rules of a change to a holding of this class, per field (built once per class). */
function updateRules(holdingClass: HoldingClass) {
  let rules = rulesOfChange.get(holdingClass);
  if (!rules) {
    rules = holdingUpdateSchema(holdingClass).shape as unknown as Record<
      string,
      z.ZodType | undefined
    >;
    rulesOfChange.set(holdingClass, rules);
  }
  return rules;
}

/**
 * A class's create schema, with two changes so that whatever the app holds imports back: the
 * value field takes what a change of the holding's value takes (PATCH `currentPrice`), and,
 * without opening transactions, what the ledger decides may be any decimal of zero or more.
 */
const classSchemas = new Map<string, z.ZodType>();
function classSchema(holdingClass: HoldingClass, opening: boolean): z.ZodType {
  const key = `${holdingClass}:${opening}`;
  let schema = classSchemas.get(key);
  if (!schema) {
    schema = buildClassSchema(holdingClass, opening);
    classSchemas.set(key, schema);
  }
  return schema;
}

function buildClassSchema(holdingClass: HoldingClass, opening: boolean): z.ZodType {
  const schema = HOLDING_CREATE_SCHEMAS[holdingClass] as unknown as z.ZodObject;
  const overrides: Record<string, z.ZodType> = {};
  const valueField = VALUE_FIELD[holdingClass];
  const valueRule = updateRules(holdingClass).currentPrice;
  if (valueField && valueRule) {
    const inner = (valueRule as z.ZodOptional<z.ZodType>).unwrap();
    overrides[valueField] = schema.shape[valueField]?.safeParse(undefined).success
      ? inner.optional()
      : inner;
  }
  for (const field of opening ? [] : (LEDGER_DERIVED[holdingClass] ?? [])) {
    overrides[field] = decimalString();
  }
  // safeExtend: a class's own checks between fields (a value's date after the purchase) stay.
  return Object.keys(overrides).length ? schema.safeExtend(overrides) : schema;
}

export type HoldingItem = {
  row: number;
  input: CreateHoldingInput;
  /** Set after the insert when it differs from what the class sets. */
  status: string | null;
  symbol: string | null;
  /** The file's reference of the holding (its id in the exported portfolio), if any. */
  ref: string | null;
  /** A savings account's balance before its movements (used without opening transactions). */
  openingBalance: string | null;
};

function checkHoldingRow(
  { row, values: cells }: Row,
  opening: boolean,
  style: DecimalStyle,
): { item: HoldingItem | null; issues: ImportIssue[] } {
  const holdingClass = classOf(cells.class);
  if (!holdingClass) {
    const issue = cells.class
      ? importIssue(row, 'classInvalid', null, 'class')
      : { row, field: 'class', message: M.required, code: 'required', params: null };
    return { item: null, issues: [issue] };
  }
  const read = readRow(row, cells, style);
  const values = read.values;
  const issues: ImportIssue[] = [...read.issues];
  const body: Record<string, unknown> = { class: holdingClass };
  const source: Record<string, string> = {};
  const fields = HOLDING_CLASS_FIELDS[holdingClass];
  for (const field of fields) {
    let from = field;
    if (cells[field] === undefined) {
      const alias = HOLDING_FIELD_ALIASES[holdingClass]?.[field];
      if (alias && cells[alias] !== undefined) from = alias;
    }
    source[field] = from;
    const value = values[from];
    if (value !== undefined) body[field] = value;
  }
  const parsed = classSchema(holdingClass, opening).safeParse(body);
  if (!parsed.success) {
    const problems = zodIssues(
      row,
      parsed.error,
      (field) => cells[source[field] ?? field] !== undefined,
      (field) => source[field] ?? field,
    );
    issues.push(...besides(problems, read.issues));
  }
  /** One more cell checked by `rule`: its value, or null with its issues added to the row's. */
  const checkCell = (field: string, rule: z.ZodType, value: unknown) => {
    const checked = rule.safeParse(value);
    if (checked.success) return (checked.data as string | null | undefined) ?? null;
    issues.push(
      ...zodIssues(
        row,
        checked.error,
        () => true,
        () => field,
      ),
    );
    return null;
  };
  // Status and symbol, for the classes whose create body has none: the rules of a change.
  const rules = updateRules(holdingClass);
  const status =
    !fields.includes('status') && rules.status && cells.status !== undefined
      ? checkCell('status', rules.status, cells.status.toLowerCase())
      : null;
  const symbol =
    !fields.includes('symbol') && rules.symbol && cells.symbol !== undefined
      ? checkCell('symbol', rules.symbol, cells.symbol)
      : null;
  const openingBalance =
    holdingClass === 'savings' && values.openingBalance !== undefined
      ? checkCell(
          'openingBalance',
          HOLDING_CREATE_SCHEMAS.savings.shape.currentBalance,
          values.openingBalance,
        )
      : null;
  if (issues.length || !parsed.success) return { item: null, issues };
  return {
    item: {
      row,
      input: parsed.data as CreateHoldingInput,
      status,
      symbol,
      ref: cells.assetRef ?? null,
      openingBalance,
    },
    issues,
  };
}

export type HoldingsCheck = IssueList & {
  file: FileSummary;
  /** The rows that pass (asked for by a commit only). */
  items: HoldingItem[];
  /** Each ref's first row and the id its holding gets (the database says if it is taken). */
  refs: { row: number; ref: string; id: string }[];
  /** The row number of each row, in file order (the plan's limit names the first beyond it). */
  rowNumbers: Int32Array;
};

/** Reads a holdings file and checks each row (task `importHoldings`). */
export async function checkHoldingsTask(input: {
  body: FileBody;
  opening: boolean;
  scope: ImportScope;
  withItems: boolean;
}): Promise<HoldingsCheck> {
  const prepared = await readImportFile(input.body);
  const file = summaryOf(prepared);
  const rowNumbers = Int32Array.from(prepared.rows, (row) => row.row);
  if (!prepared.readable) {
    return { file, ...issueList(prepared.issues), items: [], refs: [], rowNumbers };
  }
  const issues = [...prepared.issues];
  const items: HoldingItem[] = [];
  for (const row of prepared.rows) {
    const result = checkHoldingRow(row, input.opening, prepared.decimalStyle);
    issues.push(...result.issues);
    if (result.item && input.withItems) items.push(result.item);
  }
  // A ref used twice in the file is refused on its second row.
  const refs: HoldingsCheck['refs'] = [];
  const seen = new Set<string>();
  for (const { row, values } of prepared.rows) {
    const ref = values.assetRef;
    if (!ref) continue;
    if (seen.has(ref)) {
      issues.push(importIssue(row, 'duplicateRef', null, 'assetRef'));
      continue;
    }
    seen.add(ref);
    refs.push({ row, ref, id: holdingIdForRef(input.scope, ref) });
  }
  return { file, ...issueList(issues), items, refs, rowNumbers };
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

/** What a transactions file needs of each holding of the view. */
export type ImportHolding = Pick<
  HoldingRow,
  'id' | 'class' | 'name' | 'symbol' | 'currency' | 'purchaseDate' | 'portfolioId'
>;

type TransactionItem = {
  row: number;
  holding: ImportHolding;
  values: typeof transactions.$inferInsert & { id: string };
};

/**
 * The asset a transaction names: by `assetRef` (an export's), by `assetId`, or by class, name
 * and symbol. A ref this view does not know falls back to the names, so a file exported elsewhere
 * still imports into holdings added by hand.
 */
function resolveAsset(
  { row, values }: Row,
  inScope: readonly ImportHolding[],
  scope: ImportScope,
): { holding: ImportHolding | null; issue: ImportIssue | null } {
  if (values.assetRef) {
    const holding = holdingByRef(inScope, scope, values.assetRef);
    if (holding) return { holding, issue: null };
    if (!values.assetId && !values.assetName && !values.assetSymbol) {
      return { holding: null, issue: importIssue(row, 'assetNotFound', null, 'assetRef') };
    }
  }
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
  style: DecimalStyle,
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
    const quantity = readDecimal(part.slice(at + 1), style);
    if (quantity.ambiguous) {
      issues.push(importIssue(row, 'numberAmbiguous', { value: quantity.value }, 'selectedLots'));
      continue;
    }
    lots.push({ lotId, quantity: quantity.value });
  }
  return { lots, issues };
}

/** One asset's rows of the file, for the ledger check (`checkLedgersTask`). */
type LedgerCheck = {
  holdingId: string;
  fresh: { ledger: LedgerTransaction; row: number }[];
  /** The asset's first row in the file, cancelled ones included. */
  firstRow: number;
};

export type TransactionsCheck = IssueList & {
  file: FileSummary;
  /** Rows that pass. */
  count: number;
  /** The assets whose ledgers the file changes, to replay with their stored rows. */
  ledgerHoldings: string[];
  /** Their rows of the file (`LedgerCheck[]` as JSON: passed on to `checkLedgersTask` unread). */
  ledgerEntries: string;
  /** Each asset's first trade date in the file: its ledger replays from there. */
  touched: { holdingId: string; from: string }[];
  /** The rows to insert, when asked for (a commit) and every row passes. */
  rows: PackedRows | null;
  audit: PackedRows | null;
};

/**
 * Reads a transactions file and checks each row against the view's holdings (task
 * `importTransactions`); the ledger replay follows (`checkLedgersTask`) once the request thread
 * has read the stored ledgers of the assets it names.
 */
export async function checkTransactionsTask(input: {
  body: FileBody;
  scope: ImportScope;
  actor: Pick<Actor, 'userId' | 'sessionId' | 'ip' | 'userAgent'>;
  /** The view's active holdings. */
  holdings: ImportHolding[];
  /** The savings accounts among them that have a transaction already. */
  traded: string[];
  now: Date;
  /** Make the rows to insert ready (a commit). */
  pack: boolean;
}): Promise<TransactionsCheck> {
  const { actor, scope, now } = input;
  const prepared = await readImportFile(input.body);
  const file = summaryOf(prepared);
  if (!prepared.readable) {
    return {
      file,
      ...issueList(prepared.issues),
      count: 0,
      ledgerHoldings: [],
      ledgerEntries: '[]',
      touched: [],
      rows: null,
      audit: null,
    };
  }
  const inScope = input.holdings;
  // A savings account takes one buy, its opening one, and only while it has no transaction yet.
  const traded = new Set(input.traded);
  const openingOfSavings = (holding: ImportHolding, type: string) => {
    if (holding.class !== 'savings' || type !== 'buy' || traded.has(holding.id)) return false;
    traded.add(holding.id);
    return true;
  };
  const issues: ImportIssue[] = [...prepared.issues];
  const idOfRef = new Map<string, string>();
  for (const { row, values } of prepared.rows) {
    if (!values.ref) continue;
    if (idOfRef.has(values.ref)) issues.push(importIssue(row, 'duplicateRef', null, 'ref'));
    else idOfRef.set(values.ref, randomUUID());
  }
  const items: TransactionItem[] = [];
  const refused = new Set<string>();
  for (const current of prepared.rows) {
    const { row, values: cells } = current;
    const { holding, issue } = resolveAsset(current, inScope, scope);
    const rowIssues: ImportIssue[] = issue ? [issue] : [];
    const read = readRow(row, cells, prepared.decimalStyle);
    rowIssues.push(...read.issues);
    const values = read.values as Record<string, string | undefined>;
    const lots = parseSelectedLots(row, cells.selectedLots, idOfRef, prepared.decimalStyle);
    rowIssues.push(...lots.issues);
    const body: Record<string, unknown> = {
      assetId: holding?.id ?? '00000000-0000-0000-0000-000000000000',
      transactionType: cells.transactionType ? typeOf(cells.transactionType) : undefined,
      quantity: values.quantity,
      price: values.price,
      fees: values.fees,
      currency: cells.currency?.toUpperCase(),
      exchangeRateToBase: values.exchangeRateToBase,
      tradeDate: values.tradeDate,
      settlementDate: values.settlementDate,
      costBasisMethod: cells.costBasisMethod?.toLowerCase(),
      selectedLots: lots.lots,
      broker: cells.broker,
      accountId: cells.accountId,
      notes: cells.notes,
      status: cells.status?.toLowerCase(),
    };
    const parsed = createTransactionBodySchema.safeParse(body);
    if (!parsed.success) {
      const problems = zodIssues(row, parsed.error, (field) => cells[field] !== undefined);
      rowIssues.push(...besides(problems, read.issues));
    } else if (!TYPES.has(parsed.data.transactionType)) {
      rowIssues.push({
        row,
        field: 'transactionType',
        message: M.transactionTypeInvalid,
        code: 'transactionTypeInvalid',
        params: null,
      });
    }
    if (holding && parsed.success && !openingOfSavings(holding, parsed.data.transactionType)) {
      // A savings account's balance moves by its own movements (the savings files); its opening
      // buy, which the transactions file carries, is the one trade it has.
      try {
        assertTradable(holding, parsed.data.transactionType);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        rowIssues.push(appErrorIssue(row, error));
      }
    }
    issues.push(...rowIssues);
    if (!holding) continue;
    if (rowIssues.length || !parsed.success) {
      refused.add(holding.id);
      continue;
    }
    const id = (cells.ref && idOfRef.get(cells.ref)) || randomUUID();
    items.push({
      row,
      holding,
      values: { ...newRow(actor, scope, holding, parsed.data, now), id },
    });
  }
  // An asset with a refused row is not replayed: its ledger would be judged without that row.
  const byHolding = new Map<string, LedgerCheck>();
  for (const item of items) {
    if (refused.has(item.holding.id)) continue;
    let check = byHolding.get(item.holding.id);
    if (!check) {
      check = { holdingId: item.holding.id, fresh: [], firstRow: item.row };
      byHolding.set(item.holding.id, check);
    }
    if (item.values.status === 'cancelled') continue;
    check.fresh.push({
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
      row: item.row,
    });
  }
  // Each asset's ledger is replayed from the file's first trade date for it.
  const from = new Map<string, string>();
  for (const item of items) {
    const seen = from.get(item.holding.id);
    if (seen === undefined || item.values.tradeDate < seen)
      from.set(item.holding.id, item.values.tradeDate);
  }
  const list = issueList(issues);
  const pack = input.pack && list.issueCount === 0;
  return {
    file,
    ...list,
    count: items.length,
    ledgerHoldings: [...byHolding.keys()],
    ledgerEntries: JSON.stringify([...byHolding.values()]),
    touched: [...from].map(([holdingId, date]) => ({ holdingId, from: date })),
    // Recorded in file order, a microsecond apart: the ledger orders one trade date's rows by it.
    rows: pack
      ? packRows(
          transactions,
          items.map((item, index) => ({
            ...item.values,
            createdAt: microsecondsAfter(now, index) as unknown as Date,
            updatedAt: now,
          })),
        )
      : null,
    audit: pack
      ? packRows(
          transactionAuditTrail,
          items.map((item) => ({
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
        )
      : null,
  };
}

/** The ledger's refusal as the API answers it (INSUFFICIENT_BALANCE...), or null. */
function ledgerProblem(entries: readonly LedgerTransaction[]): AppError | null {
  try {
    resumeHolding(EMPTY_LEDGER_STATE, entries);
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
 * trade date, in file order: the order the commit records them in); task `importLedgers`. A
 * refusal is pinned on the first row whose prefix of the ledger fails (found by halving), or on
 * the file's last row before it when the failing row was already there.
 *
 * @param input.entries `ledgerEntries` of `checkTransactionsTask`
 * @param input.existing each asset's stored rows, in ledger order
 */
export function checkLedgersTask(input: {
  entries: string;
  existing: Record<string, PackedLedgerRows>;
}): ImportIssue[] {
  const checks = JSON.parse(input.entries) as LedgerCheck[];
  const issues: ImportIssue[] = [];
  for (const { holdingId, fresh, firstRow } of checks) {
    const stored = input.existing[holdingId];
    const existing = (stored ? unpackLedgerRows(stored) : []).map((ledger) => ({
      ledger,
      row: null as number | null,
    }));
    // Stable: on one trade date the asset's own rows stay first, then the file's in order.
    const ordered = [...existing, ...fresh].sort((a, b) =>
      a.ledger.tradeDate < b.ledger.tradeDate
        ? -1
        : a.ledger.tradeDate > b.ledger.tradeDate
          ? 1
          : 0,
    );
    const replay = (length: number) =>
      ledgerProblem(ordered.slice(0, length).map((entry) => entry.ledger));
    const problem = replay(ordered.length);
    if (!problem) continue;
    let low = 1;
    let high = ordered.length;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (replay(middle)) high = middle;
      else low = middle + 1;
    }
    const failing = ordered.slice(0, low).findLast((entry) => entry.row !== null);
    const row = failing?.row ?? fresh[0]?.row ?? firstRow;
    issues.push(appErrorIssue(row, replay(low) ?? problem));
  }
  return issues;
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

/** `now` plus `n` microseconds, as ISO 8601 text (a JavaScript Date keeps milliseconds only). */
export function microsecondsAfter(now: Date, n: number): string {
  const iso = new Date(now.getTime() + Math.floor(n / 1000)).toISOString();
  return `${iso.slice(0, -1)}${String(n % 1000).padStart(3, '0')}Z`;
}

declare module '../../context' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface ComputeTasks {
    /** A portfolio CSV import's file read, its rows checked, its ledgers replayed. */
    importFile: typeof readImportTask;
    importHoldings: typeof checkHoldingsTask;
    importTransactions: typeof checkTransactionsTask;
    importLedgers: typeof checkLedgersTask;
  }
}
