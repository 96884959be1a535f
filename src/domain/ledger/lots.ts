import { dec, Decimal, toBase, ZERO } from '../money/decimal';
import {
  insufficientBalance,
  insufficientLotQuantity,
  lotConsumed,
  selectedLotsMismatch,
} from './errors';
import {
  type Allocation,
  type CostBasisMethod,
  type LedgerTransaction,
  type Lot,
  LOT_TOLERANCE,
  type LotSelection,
} from './types';

/**
 * Used for one thing only (spec 002, section 5): the quantities chosen for a specific-lot sale
 * may add up to the quantity sold within it. Nothing else is rounded: a lot is depleted at exactly
 * zero, a sale above what is held is refused, a lot cannot give more than it holds (8-decimal
 * crypto quantities lose nothing).
 */
const TOLERANCE = new Decimal(LOT_TOLERANCE);

/** The lot a buy opens: all of its quantity, at its price, carrying its fees. */
export function openLot(buy: LedgerTransaction, lotNumber: number): Lot {
  const quantity = dec(buy.quantity);
  return {
    id: buy.id,
    lotNumber,
    acquisitionDate: buy.tradeDate,
    acquisitionPrice: dec(buy.price),
    exchangeRateToBase: dec(buy.exchangeRateToBase),
    originalQuantity: quantity,
    remainingQuantity: quantity,
    feesAllocated: dec(buy.fees),
    feesRemaining: dec(buy.fees),
    pooledUnitCost: null,
    costBasisMethod: null,
    status: 'active',
  };
}

/**
 * What the units still in a lot cost, in the base currency, fees included. Kept exact: the price
 * times the units plus the fees no sale has taken yet (or the pooled average once there is one).
 */
export function remainingCost(lot: Lot): Decimal {
  if (lot.remainingQuantity.isZero()) return ZERO;
  if (lot.pooledUnitCost) return lot.remainingQuantity.mul(lot.pooledUnitCost);
  return toBase(
    lot.remainingQuantity.mul(lot.acquisitionPrice).plus(lot.feesRemaining),
    lot.exchangeRateToBase,
  );
}

/**
 * What the units still in a lot cost in the holding's own currency, fees included: their price
 * and remaining fees as bought; a pooled average cost (base currency) converted back at the lot's
 * own rate. The holding's average cost is shown in its currency, never in the base one.
 */
export function remainingQuoteCost(lot: Lot): Decimal {
  if (lot.remainingQuantity.isZero()) return ZERO;
  if (lot.pooledUnitCost)
    return lot.remainingQuantity.mul(lot.pooledUnitCost).div(lot.exchangeRateToBase);
  return lot.remainingQuantity.mul(lot.acquisitionPrice).plus(lot.feesRemaining);
}

/** The lot's fees that `part` units carry: their share, or all that is left for the last ones. */
function feesOf(lot: Lot, part: Decimal): Decimal {
  if (part.gte(lot.remainingQuantity)) return lot.feesRemaining;
  return lot.feesAllocated.mul(part).div(lot.originalQuantity);
}

/** The cost of `part` units of a lot, in the base currency. */
function costOf(lot: Lot, part: Decimal, fees: Decimal): Decimal {
  if (lot.pooledUnitCost) return part.mul(lot.pooledUnitCost);
  return toBase(part.mul(lot.acquisitionPrice).plus(fees), lot.exchangeRateToBase);
}

/**
 * Adds up what the units still in lots cost, one lot at a time (so a long list can be added up
 * with pauses). Lots pooled by one average-cost sale share its unit cost: their units are summed
 * first, then multiplied once.
 */
export class RemainingCostSum {
  private sum = ZERO;
  private pooled: Decimal | null = null;
  private pooledUnits = ZERO;

  add(lot: Lot) {
    if (lot.remainingQuantity.isZero()) return;
    if (!lot.pooledUnitCost) {
      this.sum = this.sum.plus(remainingCost(lot));
    } else if (lot.pooledUnitCost === this.pooled) {
      this.pooledUnits = this.pooledUnits.plus(lot.remainingQuantity);
    } else {
      if (this.pooled) this.sum = this.sum.plus(this.pooledUnits.mul(this.pooled));
      this.pooled = lot.pooledUnitCost;
      this.pooledUnits = lot.remainingQuantity;
    }
  }

  total(): Decimal {
    return this.pooled ? this.sum.plus(this.pooledUnits.mul(this.pooled)) : this.sum;
  }
}

/** What all the units still in the lots cost, in the base currency, fees included. */
export function totalRemainingCost(lots: readonly Lot[]): Decimal {
  const sum = new RemainingCostSum();
  for (const lot of lots) sum.add(lot);
  return sum.total();
}

export function totalRemaining(lots: readonly Lot[]): Decimal {
  let sum = ZERO;
  for (const lot of lots)
    if (!lot.remainingQuantity.isZero()) sum = sum.plus(lot.remainingQuantity);
  return sum;
}

/** Oldest first (acquisition date, then lot number): FIFO's order, and average cost's. */
const oldestFirst = (a: Lot, b: Lot) =>
  a.acquisitionDate < b.acquisitionDate
    ? -1
    : a.acquisitionDate > b.acquisitionDate
      ? 1
      : a.lotNumber - b.lotNumber;

/**
 * Takes `quantity` (never more than the lot holds: callers check) from a lot by `method`. The lot
 * is depleted when nothing is left, exactly (spec 002, section 4).
 */
function take(
  lot: Lot,
  quantity: Decimal,
  fees: Decimal,
  inPlace: boolean,
  method: CostBasisMethod,
): Lot {
  // All of it (the usual case in FIFO and LIFO): nothing to subtract.
  const whole = quantity === lot.remainingQuantity;
  const remaining = whole ? ZERO : lot.remainingQuantity.minus(quantity);
  const feesRemaining = whole ? ZERO : lot.feesRemaining.minus(fees);
  const status = remaining.isZero() ? 'depleted' : 'active';
  if (!inPlace) {
    return { ...lot, remainingQuantity: remaining, feesRemaining, costBasisMethod: method, status };
  }
  lot.remainingQuantity = remaining;
  lot.feesRemaining = feesRemaining;
  lot.costBasisMethod = method;
  lot.status = status;
  return lot;
}

/**
 * Takes `quantity` from the lots in `order` (indexes into `lots`, oldest first), from the newest
 * when `newestFirst`; `price` overrides each part's cost (average).
 */
function consumeInOrder(
  lots: Lot[],
  order: readonly number[] | null,
  newestFirst: boolean,
  quantity: Decimal,
  inPlace: boolean,
  method: CostBasisMethod,
  price?: Decimal,
): Allocation[] {
  const allocations: Allocation[] = [];
  let left = quantity;
  const count = lots.length;
  for (let step = 0; step < count; step += 1) {
    const position = newestFirst ? count - 1 - step : step;
    const index = order?.[position] ?? position;
    const lot = lots[index];
    if (!left.isPositive() || left.isZero()) break;
    if (!lot || lot.remainingQuantity.isZero()) continue;
    const part = left.lt(lot.remainingQuantity) ? left : lot.remainingQuantity;
    const fees = feesOf(lot, part);
    allocations.push({
      lotId: lot.id,
      lotNumber: lot.lotNumber,
      acquisitionDate: lot.acquisitionDate,
      quantity: part,
      costBasis: price ? part.mul(price) : costOf(lot, part, fees),
      fees,
    });
    lots[index] = take(lot, part, fees, inPlace, method);
    left = part === left ? ZERO : left.minus(part);
  }
  return allocations;
}

export type Consumption = { lots: Lot[]; allocations: Allocation[] };

/**
 * Consumes lots for a sale of `quantity` by `method` (spec 002, sections 4 and 5). Returns the
 * new lots (the input is not changed) and what was taken from each. Refuses a sale above what
 * the lots hold ('Insufficient balance. Available: X, Requested: Y'), a specific-lot selection
 * that does not cover the quantity or asks a lot for more than it has ('Insufficient lot quantity
 * to complete sale'), and one that adds up to more than the quantity. A selection within 0.00001
 * of the quantity is accepted; the sale's quantity is what is sold, the last lot chosen giving or
 * keeping the difference.
 */
export function consumeLots(
  input: readonly Lot[],
  quantityInput: Decimal | string,
  method: CostBasisMethod,
  selected?: readonly LotSelection[] | null,
  /**
   * What replay knows and saves work with: what the lots hold, that they are oldest first, and
   * that it gives the lots up (they are changed in place instead of copied).
   */
  known?: { available: Decimal; oldestFirst: true; inPlace: true },
): Consumption {
  const quantity = dec(quantityInput);
  const inPlace = known?.inPlace ?? false;
  const lots = inPlace ? (input as Lot[]) : [...input];
  const available = known?.available ?? totalRemaining(lots);
  if (quantity.gt(available)) throw insufficientBalance(available, quantity);
  // Indexes into `lots`, oldest first (none needed when they are in that order already).
  const order = known?.oldestFirst
    ? null
    : lots
        .map((lot, index) => ({ lot, index }))
        .sort((a, b) => oldestFirst(a.lot, b.lot))
        .map(({ index }) => index);

  switch (method) {
    case 'fifo':
      return { lots, allocations: consumeInOrder(lots, order, false, quantity, inPlace, method) };
    case 'lifo':
      return { lots, allocations: consumeInOrder(lots, order, true, quantity, inPlace, method) };
    case 'average_cost': {
      // Every unit sold costs the average of all units held at the time of the sale, and every
      // unit held then keeps it (sold + left = paid). Pooled before taking, so a lot this sale
      // empties carries the average too: undoing the sale gives its units back at that cost.
      const totalCost = totalRemainingCost(lots);
      const average = totalCost.div(available);
      for (const [index, lot] of lots.entries()) {
        if (lot.remainingQuantity.isZero()) continue;
        if (inPlace) lot.pooledUnitCost = average;
        else lots[index] = { ...lot, pooledUnitCost: average };
      }
      const allocations = consumeInOrder(lots, order, false, quantity, inPlace, method, average);
      return { lots, allocations };
    }
    case 'specific_id': {
      const chosen = (selected ?? []).map(
        (selection) => [selection, dec(selection.quantity)] as const,
      );
      const sum = chosen.reduce((total, [, amount]) => total.plus(amount), ZERO);
      // The one tolerance of the ledger: the selection may miss the quantity by 0.00001.
      if (quantity.minus(sum).gt(TOLERANCE)) throw insufficientLotQuantity();
      if (sum.minus(quantity).gt(TOLERANCE)) throw selectedLotsMismatch();
      // What is sold is the sale's quantity: the last lot chosen gives or keeps the difference
      // (at most 0.00001), so units and proceeds always add up.
      const difference = quantity.minus(sum);
      const last = chosen.length - 1;
      const allocations: Allocation[] = [];
      for (const [position, [selection, selectedAmount]] of chosen.entries()) {
        const amount =
          position === last && !difference.isZero()
            ? selectedAmount.plus(difference)
            : selectedAmount;
        const index = lots.findIndex((lot) => lot.id === selection.lotId);
        const lot = lots[index];
        if (!lot || !amount.isPositive() || amount.isZero() || amount.gt(lot.remainingQuantity)) {
          throw insufficientLotQuantity();
        }
        const part = amount.lt(lot.remainingQuantity) ? amount : lot.remainingQuantity;
        const fees = feesOf(lot, part);
        allocations.push({
          lotId: lot.id,
          lotNumber: lot.lotNumber,
          acquisitionDate: lot.acquisitionDate,
          quantity: part,
          costBasis: costOf(lot, part, fees),
          fees,
        });
        lots[index] = take(lot, part, fees, inPlace, method);
      }
      return { lots, allocations };
    }
  }
}

/** Gives back what a sale took (deleting the sale): the lots become active again. */
export function restoreLots(input: readonly Lot[], allocations: readonly Allocation[]): Lot[] {
  return input.map((lot) => {
    const mine = allocations.filter((allocation) => allocation.lotId === lot.id);
    if (mine.length === 0) return lot;
    const given = mine.reduce((sum, allocation) => sum.plus(allocation.quantity), ZERO);
    const fees = mine.reduce((sum, allocation) => sum.plus(allocation.fees), ZERO);
    return {
      ...lot,
      remainingQuantity: Decimal.min(lot.originalQuantity, lot.remainingQuantity.plus(given)),
      feesRemaining: Decimal.min(lot.feesAllocated, lot.feesRemaining.plus(fees)),
      status: 'active',
    };
  });
}

/** A buy can be deleted only while no sale has used its lot (spec 002, section 4). */
export function assertBuyDeletable(lots: readonly Lot[], buyId: string) {
  const lot = lots.find((candidate) => candidate.id === buyId);
  if (lot && lot.remainingQuantity.lt(lot.originalQuantity)) throw lotConsumed();
}
