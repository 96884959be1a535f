import { ZERO, type Decimal } from '../money/decimal';
import { unsupportedType } from './errors';
import { consumeLots, openLot, totalRemaining, totalRemainingCost } from './lots';
import { computeTax, formatTax, type TaxEstimate, type TaxFigures } from './tax';
import { type Allocation, type LedgerTransaction, type Lot, TRANSACTION_TYPES } from './types';

/** A sale as replayed: what it took from the lots and its tax figures (formatted on first use). */
export class SaleResult {
  #tax: TaxEstimate | undefined;
  constructor(
    readonly transactionId: string,
    readonly allocations: Allocation[],
    readonly figures: TaxFigures,
  ) {}
  /** The estimate as answered and stored (decimal strings). */
  get tax(): TaxEstimate {
    return (this.#tax ??= formatTax(this.figures));
  }
}

export type HoldingLedger = {
  lots: Lot[];
  sales: SaleResult[];
  /** Units held (the lots' remaining quantities). */
  quantity: Decimal;
  /** Cost of what is held, in the base currency, fees included. */
  remainingCost: Decimal;
};

const TYPES = new Set<string>(TRANSACTION_TYPES);

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
  let lots: Lot[] = [];
  const sales: SaleResult[] = [];
  let held: Decimal = ZERO;
  for (const transaction of transactions) {
    if (!TYPES.has(transaction.type)) throw unsupportedType(transaction.type);
    if (transaction.type === 'buy') {
      const lot = openLot(transaction, lots.length + 1);
      lots.push(lot);
      held = held.plus(lot.originalQuantity);
    } else if (transaction.type === 'sell') {
      // Lots are opened in ledger order, so they are oldest first already.
      const consumed = consumeLots(
        lots,
        transaction.quantity,
        transaction.costBasisMethod ?? 'fifo',
        transaction.selectedLots,
        { available: held, oldestFirst: true, inPlace: true },
      );
      lots = consumed.lots;
      held = consumed.allocations.reduce(
        (left, allocation) => left.minus(allocation.quantity),
        held,
      );
      sales.push(
        new SaleResult(
          transaction.id,
          consumed.allocations,
          computeTax(transaction, consumed.allocations),
        ),
      );
    }
  }
  return {
    lots,
    sales,
    quantity: totalRemaining(lots),
    remainingCost: totalRemainingCost(lots),
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
