import {
  type CostBasisMethod,
  type HoldingLedger,
  type LedgerState,
  type LedgerTransaction,
  type Lot,
  type LotSelection,
  type LotStatus,
  lotConsumed,
  pacer,
  remainingQuoteCost,
  resumeHoldingPaced,
  type TaxEstimate,
  type TaxLine,
  type TransactionType,
} from '@/domain/ledger';
import { dec, type Decimal, toPlain, ZERO } from '@/domain/money/decimal';
import { arrayLiteral, BULK_INSERT_ROWS, type PackedRows, packRows } from '../../db/bulk-insert';
import { lotAllocations, taxCalculations, transactionLots } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { ledgerAppError, ledgerFailure } from './transaction-rows';

/**
 * What a holding's replay writes, worked out without a database (`planRebuild`): the request
 * thread reads the stored state and the transactions, and writes the plan back (ledger-store.ts).
 * Pure, so that a long history can be planned on a compute worker (`planRebuildTask`) while the
 * request thread serves others.
 */

/** Where a replay resumes: the state, and for each lot open then, its figures as stored. */
export type RebuildStart = {
  state: LedgerState;
  /** Each open lot's stored figures (`lotFigures`), to tell whether the replay changes them. */
  stored: Map<string, string>;
  /** The date a sale last changed each open lot before the resume date. */
  changedOn: Map<string, string | null>;
  /** Lots stored as a later sale left them: rewritten whatever the replay does. */
  stale: Set<string>;
};

export type RebuildScope = {
  userId: string;
  portfolioId: string;
  simulationId: string | null;
  holdingId: string;
};

/** A lot a resumed replay changed: its new figures. */
export type LotUpdate = {
  id: string;
  remaining: string;
  fees: string;
  pooled: string | null;
  method: string | null;
  status: string;
  depletedOn: string | null;
  changedOn: string | null;
};

export type RebuildPlan = {
  ledger: HoldingLedger;
  changed: LotUpdate[];
  lotRows: (typeof transactionLots.$inferInsert)[];
  allocations: (typeof lotAllocations.$inferInsert)[];
  taxRows: (typeof taxCalculations.$inferInsert)[];
  /** Units held after the replay. */
  quantity: string;
  /** The average cost of what is held in the holding's own currency; null when nothing is. */
  purchasePrice: string | null;
  /** What the lots replayed still hold cost in the holding's currency, fees included, exactly. */
  lotsCost: string;
};

const figuresText = (parts: (string | null)[]) => parts.map((part) => part ?? '').join('|');

/** A lot's figures as stored, to compare with what a replay would write. */
export const storedLotFigures = figuresText;

/** A lot's figures as a replay writes them, to compare with `RebuildStart.stored`. */
const lotFigures = (lot: Lot, depletedOn: string | null, changedOn: string | null) =>
  figuresText([
    toPlain(lot.remainingQuantity),
    toPlain(lot.feesRemaining),
    lot.pooledUnitCost ? toPlain(lot.pooledUnitCost) : null,
    lot.costBasisMethod,
    depletedOn,
    changedOn,
  ]);

/** A stored or new tax line as text, to tell whether a replay rewrote a sale. */
const taxLineText = (line: Omit<TaxLine, 'lotNumber'>) =>
  [
    line.lotId,
    dec(line.quantity).toFixed(),
    dec(line.proceeds).toFixed(2),
    dec(line.costBasis).toFixed(2),
    dec(line.gainLoss).toFixed(2),
    line.holdingPeriodDays,
    line.isLongTerm,
    dec(line.taxRate).toFixed(),
    dec(line.taxAmount).toFixed(2),
  ].join('|');

/** Each sale's tax lines as text, sorted (a sale's lines in any order are the same sale). */
export function salesTaxText(
  lines: Iterable<Parameters<typeof taxLineText>[0] & { transactionId: string }>,
) {
  const bySale = new Map<string, string[]>();
  for (const line of lines) {
    const list = bySale.get(line.transactionId) ?? [];
    list.push(taxLineText(line));
    bySale.set(line.transactionId, list);
  }
  return new Map([...bySale].map(([id, list]) => [id, list.sort().join('\n')]));
}

/**
 * Refuses (409 LOT_CONSUMED) a plan that rewrites a sale already recorded (`recorded`: the
 * stored sales from the resume date on, as `salesTaxText` gives them): its lots, quantities,
 * cost or tax.
 */
export function keepRecordedSales(plan: RebuildPlan, recorded: ReadonlyMap<string, string>) {
  const replayed = salesTaxText(
    plan.taxRows.map((row) => ({
      transactionId: row.transactionId,
      lotId: row.lotId,
      quantity: row.quantity,
      proceeds: row.proceeds,
      costBasis: row.costBasis,
      gainLoss: row.gainLoss,
      holdingPeriodDays: row.holdingPeriodDays,
      isLongTerm: row.isLongTerm,
      taxRate: row.taxRate,
      taxAmount: row.taxAmount,
    })),
  );
  for (const [id, text] of recorded) {
    if (replayed.get(id) !== text) throw ledgerAppError(lotConsumed());
  }
}

/** The tax estimate the replay gave a sale (null for anything else). */
export const replayedTax = (ledger: HoldingLedger, transactionId: string): TaxEstimate | null =>
  ledger.sales.find((sale) => sale.transactionId === transactionId)?.tax ?? null;

/**
 * Replays `rows` from `start` (the whole history when null) and works out what to write: the lots
 * opened since (numbered in ledger order), the open lots the replay changed, what each sale took
 * and its tax rows, and the holding's quantity and average cost. A broken rule throws the API's
 * error (`ledgerFailure`) before anything is planned.
 */
export async function planRebuild(
  start: RebuildStart | null,
  rows: readonly LedgerTransaction[],
  scope: RebuildScope,
  now: Date,
): Promise<RebuildPlan> {
  const state = start?.state ?? { lotCount: 0, lots: [] };
  let ledger: HoldingLedger;
  try {
    ledger = await resumeHoldingPaced(state, rows);
  } catch (error) {
    return ledgerFailure(error);
  }
  const pace = pacer();
  const dateOf = new Map<string, string>();
  for (const row of rows) {
    dateOf.set(row.id, row.tradeDate);
    if (pace.due()) await pace.pause();
  }
  /** The trade date of the last sale that took from each lot. */
  const lastSold = new Map<string, string>();
  for (const sale of ledger.sales) {
    const date = dateOf.get(sale.transactionId) ?? '';
    for (const allocation of sale.allocations) lastSold.set(allocation.lotId, date);
    if (pace.due()) await pace.pause();
  }
  const depletedOn = (lot: Lot) =>
    lot.remainingQuantity.isZero() ? (lastSold.get(lot.id) ?? null) : null;

  // The lots open at the resume date stay (their numbers and dates do not change): written only
  // when the replay changed them or they are stored as a later sale left them.
  const before = start?.stored ?? new Map<string, string>();
  const changedOn = (lot: Lot) =>
    ledger.changedOn.get(lot.id) ?? start?.changedOn.get(lot.id) ?? null;
  const changed: LotUpdate[] = [];
  const lotRows: (typeof transactionLots.$inferInsert)[] = [];
  for (const lot of ledger.lots) {
    const stored = before.get(lot.id);
    if (stored === undefined) {
      lotRows.push({
        ...scope,
        id: lot.id,
        lotNumber: lot.lotNumber,
        acquisitionDate: lot.acquisitionDate,
        acquisitionPrice: toPlain(lot.acquisitionPrice),
        exchangeRateToBase: toPlain(lot.exchangeRateToBase),
        originalQuantity: toPlain(lot.originalQuantity),
        remainingQuantity: toPlain(lot.remainingQuantity),
        // The method of the last sale that took from the lot; null while none has.
        costBasisMethod: lot.costBasisMethod,
        feesAllocated: toPlain(lot.feesAllocated),
        feesRemaining: toPlain(lot.feesRemaining),
        pooledUnitCost: lot.pooledUnitCost ? toPlain(lot.pooledUnitCost) : null,
        status: lot.status,
        depletedOn: depletedOn(lot),
        changedOn: changedOn(lot),
        createdAt: now,
        updatedAt: now,
      });
    } else if (
      (ledger.changedOn.has(lot.id) || start?.stale.has(lot.id)) &&
      stored !== lotFigures(lot, depletedOn(lot), changedOn(lot))
    ) {
      changed.push({
        id: lot.id,
        remaining: toPlain(lot.remainingQuantity),
        fees: toPlain(lot.feesRemaining),
        pooled: lot.pooledUnitCost ? toPlain(lot.pooledUnitCost) : null,
        method: lot.costBasisMethod,
        status: lot.status,
        depletedOn: depletedOn(lot),
        changedOn: changedOn(lot),
      });
    }
    if (pace.due()) await pace.pause();
  }

  const allocations: (typeof lotAllocations.$inferInsert)[] = [];
  const taxRows: (typeof taxCalculations.$inferInsert)[] = [];
  for (const sale of ledger.sales) {
    // A specific-lot sale may name one lot twice: one row per (sale, lot), quantities summed.
    const merged = new Map<string, { quantity: Decimal; costBasis: Decimal; fees: Decimal }>();
    for (const allocation of sale.allocations) {
      const seen = merged.get(allocation.lotId);
      merged.set(
        allocation.lotId,
        seen
          ? {
              quantity: seen.quantity.plus(allocation.quantity),
              costBasis: seen.costBasis.plus(allocation.costBasis),
              fees: seen.fees.plus(allocation.fees),
            }
          : allocation,
      );
    }
    for (const [lotId, part] of merged) {
      const after = sale.lotsAfter.get(lotId);
      allocations.push({
        sellTransactionId: sale.transactionId,
        lotId,
        quantity: toPlain(part.quantity),
        costBasis: toPlain(part.costBasis),
        fees: toPlain(part.fees),
        lotRemainingAfter: after ? toPlain(after.remainingQuantity) : null,
        lotFeesRemainingAfter: after ? toPlain(after.feesRemaining) : null,
        pooledUnitCost: sale.pooledUnitCost ? toPlain(sale.pooledUnitCost) : null,
      });
    }
    // Stored as answered: the lines of the formatted estimate (to the cent, adding up).
    const estimate = sale.tax;
    for (const line of estimate.lots) {
      taxRows.push({
        transactionId: sale.transactionId,
        lotId: line.lotId,
        userId: scope.userId,
        portfolioId: scope.portfolioId,
        simulationId: scope.simulationId,
        quantity: line.quantity,
        proceeds: line.proceeds,
        costBasis: line.costBasis,
        gainLoss: line.gainLoss,
        holdingPeriodDays: line.holdingPeriodDays,
        isLongTerm: line.isLongTerm,
        taxRate: line.taxRate,
        taxAmount: line.taxAmount,
        taxJurisdiction: estimate.jurisdiction,
        taxYear: estimate.taxYear,
        createdAt: now,
      });
    }
    if (pace.due()) await pace.pause();
  }

  const quantity = ledger.quantity;
  // The average cost of what is held, fees included, in the holding's own currency (a cost and a
  // market value are compared, never two currencies).
  const lotsCost = ledger.lots.reduce((sum, lot) => sum.plus(remainingQuoteCost(lot)), ZERO);
  return {
    ledger,
    changed,
    lotRows,
    allocations,
    taxRows,
    quantity: toPlain(quantity),
    purchasePrice: averageCost(lotsCost, quantity),
    lotsCost: toPlain(lotsCost),
  };
}

/** The average cost of `quantity` units costing `cost` in all (12 decimals); null for none. */
export function averageCost(cost: Decimal, quantity: Decimal): string | null {
  return quantity.isZero() ? null : toPlain(cost.div(quantity).toDecimalPlaces(12));
}

// On a compute worker ----------------------------------------------------------------------------

/** A lot as plain data (decimal strings), to cross to a worker. */
type PlainLot = Omit<
  Lot,
  | 'acquisitionPrice'
  | 'exchangeRateToBase'
  | 'originalQuantity'
  | 'remainingQuantity'
  | 'feesAllocated'
  | 'feesRemaining'
  | 'pooledUnitCost'
> & {
  acquisitionPrice: string;
  exchangeRateToBase: string;
  originalQuantity: string;
  remainingQuantity: string;
  feesAllocated: string;
  feesRemaining: string;
  pooledUnitCost: string | null;
};

const plainLot = (lot: Lot): PlainLot => ({
  ...lot,
  acquisitionPrice: toPlain(lot.acquisitionPrice),
  exchangeRateToBase: toPlain(lot.exchangeRateToBase),
  originalQuantity: toPlain(lot.originalQuantity),
  remainingQuantity: toPlain(lot.remainingQuantity),
  feesAllocated: toPlain(lot.feesAllocated),
  feesRemaining: toPlain(lot.feesRemaining),
  pooledUnitCost: lot.pooledUnitCost === null ? null : toPlain(lot.pooledUnitCost),
});

const decimalLot = (lot: PlainLot): Lot => ({
  ...lot,
  acquisitionPrice: dec(lot.acquisitionPrice),
  exchangeRateToBase: dec(lot.exchangeRateToBase),
  originalQuantity: dec(lot.originalQuantity),
  remainingQuantity: dec(lot.remainingQuantity),
  feesAllocated: dec(lot.feesAllocated),
  feesRemaining: dec(lot.feesRemaining),
  pooledUnitCost: lot.pooledUnitCost === null ? null : dec(lot.pooledUnitCost),
  costBasisMethod: lot.costBasisMethod as CostBasisMethod | null,
  status: lot.status as LotStatus,
});

/**
 * Transactions as texts per field, values one per line (none holds a line break; an empty line is
 * null), one text per `PACK_ROWS` transactions: posting thousands of small objects to a worker
 * copies them one by one on the request thread (10,000 took 10 to 16 ms), a few strings copy at
 * once. Packed in slices (`packLedgerRows`), so packing does not hold the thread either.
 */
export type PackedLedgerRows = {
  count: number;
  id: string[];
  type: string[];
  quantity: string[];
  price: string[];
  fees: string[];
  rate: string[];
  date: string[];
  method: string[];
  /** A specific-lot sale's selection as JSON text. */
  lots: string[];
};

/** Transactions per packed text. */
const PACK_ROWS = 1_000;

export async function packLedgerRows(
  rows: readonly LedgerTransaction[],
): Promise<PackedLedgerRows> {
  const packed: PackedLedgerRows = {
    count: rows.length,
    id: [],
    type: [],
    quantity: [],
    price: [],
    fees: [],
    rate: [],
    date: [],
    method: [],
    lots: [],
  };
  const pace = pacer();
  for (let start = 0; start < rows.length; start += PACK_ROWS) {
    const chunk = rows.slice(start, start + PACK_ROWS);
    const column = (pick: (row: LedgerTransaction) => string) => chunk.map(pick).join('\n');
    packed.id.push(column((row) => row.id));
    packed.type.push(column((row) => row.type));
    packed.quantity.push(column((row) => row.quantity));
    packed.price.push(column((row) => row.price));
    packed.fees.push(column((row) => row.fees));
    packed.rate.push(column((row) => row.exchangeRateToBase));
    packed.date.push(column((row) => row.tradeDate));
    packed.method.push(column((row) => row.costBasisMethod ?? ''));
    packed.lots.push(column((row) => (row.selectedLots ? JSON.stringify(row.selectedLots) : '')));
    if (pace.due()) await pace.pause();
  }
  return packed;
}

export function unpackLedgerRows(packed: PackedLedgerRows): LedgerTransaction[] {
  const lines = (texts: string[]) => texts.flatMap((text) => text.split('\n'));
  const type = lines(packed.type);
  const quantity = lines(packed.quantity);
  const price = lines(packed.price);
  const fees = lines(packed.fees);
  const rate = lines(packed.rate);
  const date = lines(packed.date);
  const method = lines(packed.method);
  const lots = lines(packed.lots);
  return lines(packed.id).map((id, index) => ({
    id,
    type: type[index] as TransactionType,
    quantity: quantity[index] as string,
    price: price[index] as string,
    fees: fees[index] as string,
    exchangeRateToBase: rate[index] as string,
    tradeDate: date[index] as string,
    costBasisMethod: (method[index] || null) as CostBasisMethod | null,
    selectedLots: lots[index] ? (JSON.parse(lots[index]) as LotSelection[]) : null,
  }));
}

/** `planRebuild`'s input as structured-clone data. */
export type RebuildTaskInput = {
  start: {
    lotCount: number;
    lots: PlainLot[];
    stored: Map<string, string>;
    changedOn: Map<string, string | null>;
    stale: Set<string>;
  } | null;
  rows: PackedLedgerRows;
  scope: RebuildScope;
  now: Date;
  /** The sale whose tax estimate to answer, if any. */
  taxOf: string | null;
  /** The recorded sales the replay must leave as they are (`keepRecordedSales`), if any. */
  recordedSales: ReadonlyMap<string, string> | null;
};

/**
 * The lot updates, per statement of `BULK_INSERT_ROWS` lots: one array literal per column (id,
 * remaining, fees, pooled, method, status, depleted on, changed on).
 */
export type PackedLotUpdates = { rows: number; chunks: string[][] };

/** What the request thread writes: rows packed as array literals (a few strings, not objects). */
export type PackedRebuildPlan =
  | {
      ok: true;
      changed: PackedLotUpdates;
      lotRows: PackedRows;
      allocations: PackedRows;
      taxRows: PackedRows;
      quantity: string;
      purchasePrice: string | null;
      lotsCost: string;
      /** The tax estimate of the sale named by `taxOf`. */
      tax: TaxEstimate | null;
    }
  | { ok: false; code: AppError['code']; details: AppError['details']; message: string };

export async function rebuildTaskInput(
  start: RebuildStart | null,
  rows: readonly LedgerTransaction[],
  scope: RebuildScope,
  now: Date,
  answer: Pick<RebuildTaskInput, 'taxOf' | 'recordedSales'> = { taxOf: null, recordedSales: null },
): Promise<RebuildTaskInput> {
  return {
    start: start && {
      lotCount: start.state.lotCount,
      lots: start.state.lots.map(plainLot),
      stored: start.stored,
      changedOn: start.changedOn,
      stale: start.stale,
    },
    rows: await packLedgerRows(rows),
    scope,
    now,
    ...answer,
  };
}

/** Lot updates made ready for the request thread's update statements. */
export function packLotUpdates(rows: readonly LotUpdate[]): PackedLotUpdates {
  const chunks: string[][] = [];
  for (let start = 0; start < rows.length; start += BULK_INSERT_ROWS) {
    const chunk = rows.slice(start, start + BULK_INSERT_ROWS);
    const column = (pick: (row: LotUpdate) => string | null) => arrayLiteral(chunk.map(pick));
    chunks.push([
      column((row) => row.id),
      column((row) => row.remaining),
      column((row) => row.fees),
      column((row) => row.pooled),
      column((row) => row.method),
      column((row) => row.status),
      column((row) => row.depletedOn),
      column((row) => row.changedOn),
    ]);
  }
  return { rows: rows.length, chunks };
}

/**
 * Task `ledgerRebuild`: `planRebuild` on a compute worker, answered packed. A broken rule of the
 * ledger is answered as data (the API error's code, details and message), not thrown: a thrown
 * error reaches the request thread as its message only.
 */
export async function planRebuildTask(input: RebuildTaskInput): Promise<PackedRebuildPlan> {
  const start: RebuildStart | null = input.start && {
    state: { lotCount: input.start.lotCount, lots: input.start.lots.map(decimalLot) },
    stored: input.start.stored,
    changedOn: input.start.changedOn,
    stale: input.start.stale,
  };
  let plan: RebuildPlan;
  try {
    plan = await planRebuild(start, unpackLedgerRows(input.rows), input.scope, input.now);
    if (input.recordedSales) keepRecordedSales(plan, input.recordedSales);
  } catch (error) {
    if (error instanceof AppError)
      return { ok: false, code: error.code, details: error.details, message: error.message };
    throw error;
  }
  return {
    ok: true,
    changed: packLotUpdates(plan.changed),
    lotRows: packRows(transactionLots, plan.lotRows),
    allocations: packRows(lotAllocations, plan.allocations),
    taxRows: packRows(taxCalculations, plan.taxRows),
    quantity: plan.quantity,
    purchasePrice: plan.purchasePrice,
    lotsCost: plan.lotsCost,
    tax: input.taxOf ? replayedTax(plan.ledger, input.taxOf) : null,
  };
}

declare module '../../context' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface ComputeTasks {
    /** A long ledger replay planned (lots, sales, tax rows packed for the request thread to write). */
    ledgerRebuild: typeof planRebuildTask;
  }
}
