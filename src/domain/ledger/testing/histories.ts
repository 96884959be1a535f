import fc from 'fast-check';
import { dec, Decimal, ZERO } from '../../money/decimal';
import type { HoldingLedger } from '../replay';
import { replayHolding } from '../replay';
import {
  COST_BASIS_METHODS,
  type CostBasisMethod,
  type LedgerTransaction,
  type Lot,
  type LotSelection,
} from '../types';

/** One step of a random history; sales are clamped to what is held when the history is built. */
export type HistoryStep = {
  kind: 'buy' | 'sell' | 'sellAll' | 'other';
  /** Hundredths of a unit (some with 8 decimals: crypto). */
  quantity: string;
  price: string;
  fees: string;
  exchangeRateToBase: string;
  method: CostBasisMethod;
  /** Days after the previous step (0: the same trade date). */
  gap: number;
  /** A specific-lot sale takes the newest lots first when set, else the oldest. */
  newestFirst: boolean;
};

const cents = (min: number, max: number) =>
  fc.integer({ min, max }).map((n) => new Decimal(n).div(100).toFixed());

export const historyStep: fc.Arbitrary<HistoryStep> = fc.record({
  kind: fc.constantFrom<HistoryStep['kind']>(
    'buy',
    'buy',
    'buy',
    'sell',
    'sell',
    'sellAll',
    'other',
  ),
  quantity: fc.oneof(
    fc.integer({ min: 1, max: 5_000 }).map((n) => new Decimal(n).div(100).toFixed()),
    fc.integer({ min: 1, max: 300_000_000 }).map((n) => new Decimal(n).div(100_000_000).toFixed()),
  ),
  price: cents(1, 500_000),
  // Fees that do not divide evenly over the units: full-precision fee shares.
  fees: fc.oneof(fc.constant('0'), cents(1, 2_000)),
  exchangeRateToBase: fc.constantFrom('1', '1', '0.9137', '1.0825', '157.3'),
  method: fc.constantFrom(...COST_BASIS_METHODS),
  gap: fc.constantFrom(0, 1, 1, 3, 40, 400),
  newestFirst: fc.boolean(),
});

/**
 * Turns steps into a valid history in ledger order (ids t0, t1, ...; dates from 2020-01-01): sales
 * never exceed what is held; each sale uses `method`, or its own when 'mixed'. A specific-lot sale
 * names open lots as the ledger stands before it.
 */
export function buildHistory(
  steps: readonly HistoryStep[],
  method: CostBasisMethod | 'mixed' = 'mixed',
): LedgerTransaction[] {
  let held = ZERO;
  let day = 0;
  const out: LedgerTransaction[] = [];
  steps.forEach((step, index) => {
    day += step.gap;
    const tradeDate = new Date(Date.UTC(2020, 0, 1 + day)).toISOString().slice(0, 10);
    const base = {
      id: `t${index}`,
      quantity: step.quantity,
      price: step.price,
      fees: step.fees,
      exchangeRateToBase: step.exchangeRateToBase,
      tradeDate,
    };
    if (step.kind === 'buy') {
      held = held.plus(step.quantity);
      out.push({ ...base, type: 'buy' });
      return;
    }
    if (step.kind === 'other') {
      out.push({ ...base, type: 'dividend' });
      return;
    }
    const sold = step.kind === 'sellAll' ? held : Decimal.min(dec(step.quantity), held);
    if (sold.lte(0)) return;
    held = held.minus(sold);
    const saleMethod = method === 'mixed' ? step.method : method;
    let selectedLots: LotSelection[] | null = null;
    if (saleMethod === 'specific_id') {
      selectedLots = [];
      let left = sold;
      const open = replayHolding(out).lots.filter((lot) => !lot.remainingQuantity.isZero());
      for (const lot of step.newestFirst ? open.reverse() : open) {
        if (left.lte(0)) break;
        const part = Decimal.min(left, lot.remainingQuantity);
        selectedLots.push({ lotId: lot.id, quantity: part.toFixed() });
        left = left.minus(part);
      }
    }
    out.push({
      ...base,
      type: 'sell',
      quantity: sold.toFixed(),
      costBasisMethod: saleMethod,
      selectedLots,
    });
  });
  return out;
}

/** A lot with its decimals as exact text, to compare lots of two replays. */
export function lotText(lot: Lot) {
  return {
    id: lot.id,
    lotNumber: lot.lotNumber,
    acquisitionDate: lot.acquisitionDate,
    acquisitionPrice: lot.acquisitionPrice.toFixed(),
    exchangeRateToBase: lot.exchangeRateToBase.toFixed(),
    originalQuantity: lot.originalQuantity.toFixed(),
    remainingQuantity: lot.remainingQuantity.toFixed(),
    feesAllocated: lot.feesAllocated.toFixed(),
    feesRemaining: lot.feesRemaining.toFixed(),
    pooledUnitCost: lot.pooledUnitCost?.toFixed() ?? null,
    costBasisMethod: lot.costBasisMethod,
    status: lot.status,
  };
}

/** A replay's sales as exact text: what each took from which lot, and its tax estimate. */
export function salesText(ledger: HoldingLedger) {
  return ledger.sales.map((sale) => ({
    id: sale.transactionId,
    allocations: sale.allocations.map((allocation) => ({
      lotId: allocation.lotId,
      lotNumber: allocation.lotNumber,
      quantity: allocation.quantity.toFixed(),
      costBasis: allocation.costBasis.toFixed(),
      fees: allocation.fees.toFixed(),
    })),
    tax: sale.tax,
  }));
}

/** A random history (any method, or mixed) and a point to resume it from (0 to its length). */
export const historyAndSplit = fc
  .tuple(
    fc.constantFrom(...COST_BASIS_METHODS, 'mixed' as const),
    fc.array(historyStep, { minLength: 1, maxLength: 40 }),
  )
  .map(([method, steps]) => buildHistory(steps, method))
  .chain((transactions) =>
    fc.tuple(fc.constant(transactions), fc.integer({ min: 0, max: transactions.length })),
  );
