import {
  type CostBasisMethod,
  type HoldingLedger,
  type LedgerState,
  type LedgerTransaction,
  type Lot,
  type LotStatus,
  pacer,
  remainingQuoteCost,
  resumeHoldingPaced,
} from '@/domain/ledger';
import { dec, type Decimal, toPlain, ZERO } from '@/domain/money/decimal';
import { arrayLiteral, BULK_INSERT_ROWS, type PackedRows, packRows } from '../db/bulk-insert';
import { lotAllocations, taxCalculations, transactionLots } from '../db/schema';
import { AppError } from './errors';
import { ledgerFailure } from './transaction-rows';

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
  return {
    ledger,
    changed,
    lotRows,
    allocations,
    taxRows,
    quantity: toPlain(quantity),
    // The average cost of what is held, fees included, in the holding's own currency (a cost and a
    // market value are compared, never two currencies).
    purchasePrice: quantity.isZero()
      ? null
      : toPlain(
          ledger.lots
            .reduce((sum, lot) => sum.plus(remainingQuoteCost(lot)), ZERO)
            .div(quantity)
            .toDecimalPlaces(12),
        ),
  };
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

/** `planRebuild`'s input as structured-clone data. */
export type RebuildTaskInput = {
  start: {
    lotCount: number;
    lots: PlainLot[];
    stored: Map<string, string>;
    changedOn: Map<string, string | null>;
    stale: Set<string>;
  } | null;
  rows: readonly LedgerTransaction[];
  scope: RebuildScope;
  now: Date;
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
    }
  | { ok: false; code: AppError['code']; details: AppError['details']; message: string };

export function rebuildTaskInput(
  start: RebuildStart | null,
  rows: readonly LedgerTransaction[],
  scope: RebuildScope,
  now: Date,
): RebuildTaskInput {
  return {
    start: start && {
      lotCount: start.state.lotCount,
      lots: start.state.lots.map(plainLot),
      stored: start.stored,
      changedOn: start.changedOn,
      stale: start.stale,
    },
    rows,
    scope,
    now,
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
    plan = await planRebuild(start, input.rows, input.scope, input.now);
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
  };
}
