import { ZERO, type Decimal } from '../money/decimal';
import { unsupportedType } from './errors';
import { consumeLots, openLot, RemainingCostSum } from './lots';
import { computeTax, formatTax, type TaxEstimate, type TaxFigures } from './tax';
import { type Allocation, type LedgerTransaction, type Lot, TRANSACTION_TYPES } from './types';

/** A sale as replayed: what it took from the lots and its tax figures (formatted on first use). */
export class SaleResult {
  #tax: TaxEstimate | undefined;
  constructor(
    readonly transactionId: string,
    readonly allocations: Allocation[],
    readonly figures: TaxFigures,
    /** Each lot the sale took from, as the sale left it (what a resumed replay starts from). */
    readonly lotsAfter: ReadonlyMap<string, LotAfterSale> = new Map(),
    /** An average-cost sale's pooled unit cost (base currency); null for the other methods. */
    readonly pooledUnitCost: Decimal | null = null,
  ) {}
  /** The estimate as answered and stored (decimal strings). */
  get tax(): TaxEstimate {
    return (this.#tax ??= formatTax(this.figures));
  }
}

/** A lot's remaining quantity and fees as a sale left it. */
export type LotAfterSale = { remainingQuantity: Decimal; feesRemaining: Decimal };

export type HoldingLedger = {
  /**
   * The lots: every lot of the holding after a whole replay; after a resumed one (`resumeHolding`),
   * the lots open where it resumed and those opened since (the others did not change).
   */
  lots: Lot[];
  /** The sales replayed, in ledger order (after a resumed replay, only those it replayed). */
  sales: SaleResult[];
  /** Units held (the lots' remaining quantities). */
  quantity: Decimal;
  /** Cost of what is held, in the base currency, fees included. */
  remainingCost: Decimal;
  /** How many lots the holding has opened (the next lot's number is one more). */
  lotCount: number;
  /** The trade date of the last sale replayed that changed each lot (took from it or pooled it). */
  changedOn: ReadonlyMap<string, string>;
};

/**
 * What a replay needs to carry on from some point of the ledger: how many lots were opened before
 * it (lots are numbered in ledger order) and the lots still open there, oldest first, as they stood
 * (remaining quantity and fees, pooled average cost, method of the last sale that took from them).
 * Depleted lots play no further part: no sale takes from them, and the totals skip them.
 */
export type LedgerState = { lotCount: number; lots: readonly Lot[] };

export const EMPTY_LEDGER_STATE: LedgerState = { lotCount: 0, lots: [] };

const TYPES = new Set<string>(TRANSACTION_TYPES);

/** Depleted lots are dropped from the working list every this many sales. */
const COMPACT_EVERY = 64;

/** One replay in progress: transactions applied one at a time (so it can pause between them). */
class Replay {
  /** Every lot of the result (the state's, then those opened), in ledger order. */
  readonly lots: Lot[];
  /** The lots sales take from: `lots` less some depleted ones (which sales skip anyway). */
  private open: Lot[];
  private readonly byId = new Map<string, Lot>();
  /** The trade date of the last sale that changed each lot (took from it or pooled it). */
  private readonly changedOn = new Map<string, string>();
  readonly sales: SaleResult[] = [];
  private held: Decimal = ZERO;
  private lotCount: number;
  private salesSinceCompact = 0;

  constructor(state: LedgerState) {
    this.lotCount = state.lotCount;
    // Copies (a replay changes lots in place). Lots pooled by one average-cost sale share one
    // unit cost object, as in a whole replay: the totals sum a pool's units before multiplying.
    let pool: Decimal | null = null;
    this.lots = state.lots.map((lot) => {
      let pooled = lot.pooledUnitCost;
      if (pooled) {
        if (pool?.eq(pooled)) pooled = pool;
        else pool = pooled;
      }
      this.held = this.held.plus(lot.remainingQuantity);
      return { ...lot, pooledUnitCost: pooled };
    });
    this.open = [...this.lots];
    for (const lot of this.lots) this.byId.set(lot.id, lot);
  }

  apply(transaction: LedgerTransaction) {
    if (!TYPES.has(transaction.type)) throw unsupportedType(transaction.type);
    if (transaction.type === 'buy') {
      this.lotCount += 1;
      const lot = openLot(transaction, this.lotCount);
      this.lots.push(lot);
      this.open.push(lot);
      this.byId.set(lot.id, lot);
      this.held = this.held.plus(lot.originalQuantity);
    } else if (transaction.type === 'sell') {
      // An average-cost sale pools every lot that holds something (it changes them all).
      if (transaction.costBasisMethod === 'average_cost') {
        for (const lot of this.open) {
          if (!lot.remainingQuantity.isZero()) this.changedOn.set(lot.id, transaction.tradeDate);
        }
      }
      // Lots are opened in ledger order, so they are oldest first already.
      const consumed = consumeLots(
        this.open,
        transaction.quantity,
        transaction.costBasisMethod ?? 'fifo',
        transaction.selectedLots,
        { available: this.held, oldestFirst: true, inPlace: true },
      );
      this.held = consumed.allocations.reduce(
        (left, allocation) => left.minus(allocation.quantity),
        this.held,
      );
      const lotsAfter = new Map<string, LotAfterSale>();
      let pooled: Decimal | null = null;
      for (const allocation of consumed.allocations) {
        const lot = this.byId.get(allocation.lotId);
        if (!lot) continue;
        this.changedOn.set(lot.id, transaction.tradeDate);
        lotsAfter.set(lot.id, {
          remainingQuantity: lot.remainingQuantity,
          feesRemaining: lot.feesRemaining,
        });
        pooled ??= lot.pooledUnitCost;
      }
      this.sales.push(
        new SaleResult(
          transaction.id,
          consumed.allocations,
          computeTax(transaction, consumed.allocations),
          lotsAfter,
          transaction.costBasisMethod === 'average_cost' ? pooled : null,
        ),
      );
      this.salesSinceCompact += 1;
      if (this.salesSinceCompact >= COMPACT_EVERY) {
        this.salesSinceCompact = 0;
        this.open = this.open.filter((lot) => !lot.remainingQuantity.isZero());
      }
    }
  }

  result(): HoldingLedger {
    const totals = this.totals();
    for (const lot of this.lots) totals.add(lot);
    return this.finish(totals);
  }

  /** The result, adding up the lots with pauses. */
  async resultPaced(pace: ReturnType<typeof pacer>): Promise<HoldingLedger> {
    const totals = this.totals();
    for (const lot of this.lots) {
      totals.add(lot);
      if (pace.due()) await pace.pause();
    }
    return this.finish(totals);
  }

  private totals() {
    let quantity = ZERO;
    const cost = new RemainingCostSum();
    return {
      add(lot: Lot) {
        if (lot.remainingQuantity.isZero()) return;
        quantity = quantity.plus(lot.remainingQuantity);
        cost.add(lot);
      },
      quantity: () => quantity,
      cost: () => cost.total(),
    };
  }

  private finish(totals: ReturnType<Replay['totals']>): HoldingLedger {
    return {
      lots: this.lots,
      sales: this.sales,
      quantity: totals.quantity(),
      remainingCost: totals.cost(),
      lotCount: this.lotCount,
      changedOn: this.changedOn,
    };
  }
}

/**
 * Replays one holding's transactions, in the order given (the caller sorts them: trade date, then
 * the order they were recorded), into its lots, what each sale took from them and each sale's tax
 * estimate. Buys open lots and sells consume them; the other types (transfer, dividend, interest,
 * fee) record cash events and leave the lots as they are. Throws the first rule a transaction
 * breaks (a sale above what is held at its date, a bad lot selection).
 *
 * Replaying is how every change is applied: a back-dated or deleted transaction gives the same
 * lots as if the history had always been so.
 */
export function replayHolding(transactions: readonly LedgerTransaction[]): HoldingLedger {
  return resumeHolding(EMPTY_LEDGER_STATE, transactions);
}

/**
 * Carries a replay on from a saved state (`ledgerState` of the replay of the transactions before
 * `rest`, or the same figures read back from the database) through `rest`: the same lots, sales
 * and totals as replaying the whole history, for the part that can change. The state is not
 * changed.
 */
export function resumeHolding(
  state: LedgerState,
  rest: readonly LedgerTransaction[],
): HoldingLedger {
  const replay = new Replay(state);
  for (const transaction of rest) replay.apply(transaction);
  return replay.result();
}

/** How a long replay shares the thread: it pauses when it has run `sliceMs` since the last pause. */
export type Pacing = { sliceMs?: number; pause?: () => Promise<void> };

/** Node's `setImmediate` (the next turn of the event loop, after I/O); browsers lack it. */
const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;

/** Lets whatever else waits on the event loop run (I/O, timers), then carries on. */
export const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => {
    if (immediate) immediate(() => resolve());
    else setTimeout(resolve, 0);
  });

/**
 * Long loops share the thread with it: `if (pacer.due()) await pacer.pause()` between steps pauses
 * once `sliceMs` (5 ms) of work has run since the last pause; a short loop never pauses.
 */
export function pacer(pacing: Pacing = {}) {
  const slice = pacing.sliceMs ?? 5;
  const pause = pacing.pause ?? yieldToEventLoop;
  let started = performance.now();
  return {
    due: () => performance.now() - started >= slice,
    pause: async () => {
      await pause();
      started = performance.now();
    },
  };
}

/**
 * `resumeHolding` that never holds the thread for more than about `sliceMs` (5 ms) at a time: it
 * pauses between transactions once a slice is used up. A short replay finishes without pausing.
 */
export async function resumeHoldingPaced(
  state: LedgerState,
  rest: readonly LedgerTransaction[],
  pacing: Pacing = {},
): Promise<HoldingLedger> {
  const pace = pacer(pacing);
  const replay = new Replay(state);
  for (const transaction of rest) {
    replay.apply(transaction);
    if (pace.due()) await pace.pause();
  }
  return replay.resultPaced(pace);
}

/** The state a replay ends in, to resume from: its lot count and its open lots (copied). */
export function ledgerState(ledger: HoldingLedger): LedgerState {
  return {
    lotCount: ledger.lotCount,
    lots: ledger.lots.filter((lot) => !lot.remainingQuantity.isZero()).map((lot) => ({ ...lot })),
  };
}

/** Orders transactions as the ledger replays them: trade date, then recording order. */
export function ledgerOrder<T extends { tradeDate: string }>(
  transactions: readonly T[],
  sequence: (transaction: T) => number | string,
): T[] {
  return [...transactions].sort((a, b) => {
    if (a.tradeDate !== b.tradeDate) return a.tradeDate < b.tradeDate ? -1 : 1;
    const x = sequence(a);
    const y = sequence(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** Replays many holdings: transactions grouped by holding, each group in ledger order. */
export function replayPortfolio(
  byHolding: ReadonlyMap<string, readonly LedgerTransaction[]>,
): Map<string, HoldingLedger> {
  const result = new Map<string, HoldingLedger>();
  for (const [holdingId, transactions] of byHolding)
    result.set(holdingId, replayHolding(transactions));
  return result;
}
