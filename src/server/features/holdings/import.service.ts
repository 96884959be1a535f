import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CreateHoldingInput,
  decimalString,
  HOLDING_CREATE_SCHEMAS,
  type HoldingClass,
  holdingUpdateSchema,
  TIER_ASSET_LIMITS,
} from '@/contracts/holdings';
import {
  HOLDING_CLASS_FIELDS,
  HOLDING_FIELD_ALIASES,
  IMPORT_MAX_ERRORS,
  IMPORT_SAMPLE_ROWS,
  type ImportCommit,
  type ImportIssue,
  type ImportKind,
  type ImportPreview,
} from '@/contracts/import-export';
import {
  createTransactionBodySchema,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@/contracts/transactions';
import { VALIDATION_MESSAGES as M } from '@/contracts/validation-messages';
import { EMPTY_LEDGER_STATE, type LedgerTransaction, resumeHoldingPaced } from '@/domain/ledger';
import type { ServerContext } from '../../context';
import { bulkTransaction } from '../../db/access-context';
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { holdings, transactionAuditTrail, transactions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { usersWhoMaySee } from '../../platform/portfolio-access';
import { type Actor, publishHoldingsChanged, recordLedgerAudit } from './actor';
import { importIssue } from './csv';
import {
  assetCount,
  enforceAssetLimit,
  holdingValues,
  insertHolding,
  ownerTier,
} from './holdings.service';
import {
  appErrorIssue,
  besides,
  classOf,
  holdingByRef,
  holdingIdForRef,
  type ImportBody,
  type Prepared,
  prepare,
  type Row,
  sameText,
  zodIssues,
} from './import-common';
import { normaliseHeader } from './import-mapping';
import {
  checkSavingsMovements,
  checkSavingsRates,
  saveSavingsMovements,
  saveSavingsRates,
  type SavingsMovementItem,
  type SavingsRateItem,
} from './import-savings';
import { type DecimalStyle, readDecimal, readRow } from './import-values';
import { ledgerFailure, ledgerRows, rebuildHolding, toLedgerTransaction } from './ledger.store';
import { seedValuations } from './valuations.service';
import { withCashCheck } from '../../platform/simulation-cash';
import { type HoldingRow, requireScope, type Scope, activeHoldingsOf } from './scope';
import { assertTradable, newRow } from './transactions.service';
import { mapInSlices, TimeSlices } from '../../platform/time-slices';

/**
 * CSV import of holdings, transactions and savings histories (spec 002; security checklist 19).
 * A preview reads the file, maps its columns, and checks every row with the API's own schemas
 * and rules (for transactions, a replay of each asset's ledger; for savings movements, the
 * savings service's balance rules); a commit does the same inside one database transaction and
 * saves every row or none.
 */

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
  return Object.keys(overrides).length ? schema.extend(overrides) : schema;
}

type HoldingItem = {
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

/**
 * The id each holding of the file gets: derived from its `assetRef` (so the transactions and
 * savings files find it), or random without one. A ref used twice in the file, or whose holding
 * this view already holds (the file was imported here before), is refused on its row; a holding
 * once imported then deleted (a savings account, deleted softly) leaves its id taken, so the new
 * one gets a random id and is found by name.
 */
async function holdingIds(db: DbOrTx, scope: Scope, prepared: Prepared) {
  const issues: ImportIssue[] = [];
  const idOfRow = new Map<number, string>();
  const firstRow = new Map<string, number>();
  for (const { row, values } of prepared.rows) {
    const ref = values.assetRef;
    if (!ref) continue;
    if (firstRow.has(ref)) {
      issues.push(importIssue(row, 'duplicateRef', null, 'assetRef'));
      continue;
    }
    firstRow.set(ref, row);
    idOfRow.set(row, holdingIdForRef(scope, ref));
  }
  const ids = [...idOfRow.values()];
  const taken = new Map<string, boolean>();
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db
      .select({ id: holdings.id, isActive: holdings.isActive })
      .from(holdings)
      .where(inArray(holdings.id, ids.slice(start, start + 1000)));
    for (const holding of rows) taken.set(holding.id, holding.isActive);
  }
  for (const { row, values } of prepared.rows) {
    const id = idOfRow.get(row);
    if (!id || !taken.has(id)) continue;
    if (taken.get(id)) {
      issues.push(importIssue(row, 'assetRefImported', { ref: values.assetRef ?? '' }, 'assetRef'));
    } else {
      idOfRow.set(row, randomUUID());
    }
  }
  return { idOfRow, issues };
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
  const slices = new TimeSlices();
  for (const row of prepared.rows) {
    await slices.turn();
    const result = checkHoldingRow(row, opening, prepared.decimalStyle);
    issues.push(...result.issues);
    if (result.item) items.push(result.item);
  }
  const ids = await holdingIds(db, scope, prepared);
  issues.push(...ids.issues);
  // The plan's limit, shown on the first row beyond it (the commit checks it again, locked).
  if (withPlanLimit) {
    const tier = await ownerTier(db, scope.access.portfolio.userId);
    const limit = TIER_ASSET_LIMITS[tier];
    const room = limit === null ? Infinity : limit - (await assetCount(db, scope));
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
  return { items, idOfRow: ids.idOfRow, issues };
}

/**
 * A holding without an opening buy: its quantity and cost come from its transactions, a savings
 * account's rate history and movements from the savings files.
 */
async function insertHoldingWithoutLedger(
  tx: DbOrTx,
  actor: Actor,
  scope: Scope,
  input: CreateHoldingInput,
  id: string,
  now: Date,
): Promise<HoldingRow> {
  const [row] = await tx
    .insert(holdings)
    .values({
      ...holdingValues(input),
      id,
      userId: actor.userId,
      portfolioId: scope.portfolioId,
      simulationId: scope.simulationId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('holding insert returned nothing');
  await seedValuations(tx, actor.userId, row, now);
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
  idOfRow: Map<number, string>,
  opening: boolean,
  now: Date,
) {
  await enforceAssetLimit(tx, scope, items.length);
  for (const [index, item] of items.entries()) {
    const id = idOfRow.get(item.row) ?? randomUUID();
    // Recorded in file order, a millisecond apart: the export lists same-named holdings so.
    const at = new Date(now.getTime() + index);
    let row: HoldingRow;
    if (opening) {
      row = await insertHolding(tx, actor, scope, item.input, at, id);
    } else {
      const input =
        item.input.class === 'savings' && item.openingBalance !== null
          ? { ...item.input, currentBalance: item.openingBalance }
          : item.input;
      row = await insertHoldingWithoutLedger(tx, actor, scope, input, id, at);
    }
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

type TransactionItem = {
  row: number;
  holding: HoldingRow;
  values: typeof transactions.$inferInsert & { id: string };
};

/**
 * The asset a transaction names: by `assetRef` (an export's), by `assetId`, or by class, name
 * and symbol. A ref this view does not know falls back to the names, so a file exported elsewhere
 * still imports into holdings added by hand.
 */
function resolveAsset(
  { row, values }: Row,
  inScope: HoldingRow[],
  scope: Scope,
): { holding: HoldingRow | null; issue: ImportIssue | null } {
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

/** The ledger's refusal as the API answers it (INSUFFICIENT_BALANCE...), or null. */
async function ledgerProblem(run: () => Promise<unknown>): Promise<AppError | null> {
  try {
    await run();
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
    // Paced: a long history shares the thread with other requests while it replays.
    const replay = (length: number) => () =>
      resumeHoldingPaced(
        EMPTY_LEDGER_STATE,
        ordered.slice(0, length).map((entry) => entry.ledger),
      );
    const problem = await ledgerProblem(replay(ordered.length));
    if (!problem) continue;
    let low = 1;
    let high = ordered.length;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (await ledgerProblem(replay(middle))) high = middle;
      else low = middle + 1;
    }
    const failing = ordered.slice(0, low).findLast((entry) => entry.row !== null);
    const row = failing?.row ?? fresh[0]?.row ?? added[0]?.row ?? 1;
    issues.push(appErrorIssue(row, (await ledgerProblem(replay(low))) ?? problem));
  }
  return issues;
}

/** Which of these holdings have a transaction already. */
async function holdingsWithTransactions(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ holdingId: transactions.holdingId })
    .from(transactions)
    .where(inArray(transactions.holdingId, ids));
  return new Set(rows.map((row) => row.holdingId));
}

/** The active holdings of a view (locked for a commit). */
export async function holdingsInScope(db: DbOrTx, scope: Scope, lock: boolean) {
  const query = db.select().from(holdings).where(activeHoldingsOf(scope));
  return lock ? await query.for('update') : await query;
}

async function checkTransactions(
  db: DbOrTx,
  actor: Actor,
  scope: Scope,
  prepared: Prepared,
  now: Date,
  lock: boolean,
) {
  const inScope = await holdingsInScope(db, scope, lock);
  // A savings account takes one buy, its opening one, and only while it has no transaction yet.
  const traded = await holdingsWithTransactions(
    db,
    inScope.filter((holding) => holding.class === 'savings').map((holding) => holding.id),
  );
  const openingOfSavings = (holding: HoldingRow, type: string) => {
    if (holding.class !== 'savings' || type !== 'buy' || traded.has(holding.id)) return false;
    traded.add(holding.id);
    return true;
  };
  const issues: ImportIssue[] = [];
  const idOfRef = new Map<string, string>();
  for (const { row, values } of prepared.rows) {
    if (!values.ref) continue;
    if (idOfRef.has(values.ref)) issues.push(importIssue(row, 'duplicateRef', null, 'ref'));
    else idOfRef.set(values.ref, randomUUID());
  }
  const items: TransactionItem[] = [];
  const refused = new Set<string>();
  const slices = new TimeSlices();
  for (const current of prepared.rows) {
    await slices.turn();
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

/** `now` plus `n` microseconds, as ISO 8601 text (a JavaScript Date keeps milliseconds only). */
export function microsecondsAfter(now: Date, n: number): string {
  const iso = new Date(now.getTime() + Math.floor(n / 1000)).toISOString();
  return `${iso.slice(0, -1)}${String(n % 1000).padStart(3, '0')}Z`;
}

async function saveTransactions(tx: DbOrTx, actor: Actor, items: TransactionItem[], now: Date) {
  // Recorded in file order, a microsecond apart: the ledger orders one trade date's rows by it.
  await bulkInsert(
    tx,
    transactions,
    await mapInSlices(items, (item, index) => ({
      ...item.values,
      createdAt: microsecondsAfter(now, index) as unknown as Date,
      updatedAt: now,
    })),
  );
  await bulkInsert(
    tx,
    transactionAuditTrail,
    await mapInSlices(items, (item) => ({
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
  // Each asset's ledger is replayed from the file's first trade date for it.
  const touched = new Map<string, { holding: HoldingRow; from: string }>();
  for (const item of items) {
    const seen = touched.get(item.holding.id);
    if (!seen || item.values.tradeDate < seen.from)
      touched.set(item.holding.id, { holding: item.holding, from: item.values.tradeDate });
  }
  for (const { holding, from } of touched.values()) {
    await rebuildHolding(tx, holding, now, { from });
  }
}

// Entry points -----------------------------------------------------------------------------------

const byRow = (a: ImportIssue, b: ImportIssue) => a.row - b.row;

type Checked =
  | { kind: 'holdings'; items: HoldingItem[]; idOfRow: Map<number, string>; issues: ImportIssue[] }
  | { kind: 'transactions'; items: TransactionItem[]; issues: ImportIssue[] }
  | { kind: 'savings-movements'; items: SavingsMovementItem[]; issues: ImportIssue[] }
  | { kind: 'savings-rates'; items: SavingsRateItem[]; issues: ImportIssue[] };

async function check(
  db: DbOrTx,
  actor: Actor,
  scope: Scope,
  body: ImportBody,
  prepared: Prepared,
  now: Date,
  commit: boolean,
): Promise<Checked | null> {
  if (!prepared.readable) return null;
  switch (body.kind) {
    case 'holdings':
      return {
        kind: 'holdings',
        ...(await checkHoldings(db, scope, prepared, body.openingTransactions, !commit)),
      };
    case 'transactions':
      return {
        kind: 'transactions',
        ...(await checkTransactions(db, actor, scope, prepared, now, commit)),
      };
    case 'savings-movements':
      return {
        kind: 'savings-movements',
        ...(await checkSavingsMovements(db, scope, prepared, commit)),
      };
    case 'savings-rates':
      return { kind: 'savings-rates', ...(await checkSavingsRates(db, scope, prepared, commit)) };
  }
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
  const prepared = await prepare(body);
  const checked = await check(db, actor, scope, body, prepared, ctx.clock.now(), false);
  const { errors, errorCount } = errorsOf(prepared, checked?.issues ?? []);
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
  const prepared = await prepare(body);
  const now = ctx.clock.now();
  const kind: ImportKind = body.kind;
  // A bulk write: while it runs, reads of people who cannot see this portfolio pass it.
  const seesWrites = await usersWhoMaySee(ctx.database.db, portfolioId);
  const imported = await bulkTransaction(ctx.database.db, seesWrites, async (tx) => {
    const scope = await requireScope(tx, actor.userId, portfolioId, simulationId, 'edit', {
      forUpdate: true,
      log: actor.log,
    });
    const checked = await check(tx, actor, scope, body, prepared, now, true);
    const { errors, errorCount } = errorsOf(prepared, checked?.issues ?? []);
    if (errorCount > 0 || !checked) throw new AppError('IMPORT_INVALID', { errors, errorCount });
    // Into a simulation: the file's buys and fees are paid from its cash, all or nothing.
    await withCashCheck(tx, scope.simulationId, async () => {
      switch (checked.kind) {
        case 'holdings':
          await saveHoldings(
            tx,
            actor,
            scope,
            checked.items,
            checked.idOfRow,
            body.openingTransactions,
            now,
          );
          break;
        case 'transactions':
          await saveTransactions(tx, actor, checked.items, now);
          break;
        case 'savings-movements':
          await saveSavingsMovements(tx, actor, checked.items, now);
          break;
        case 'savings-rates':
          await saveSavingsRates(tx, actor, checked.items, now);
          break;
      }
    });
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    return checked.items.length;
  });
  actor.log.info({ portfolioId, simulationId, kind, imported }, 'csv import saved');
  return { kind, imported };
}
