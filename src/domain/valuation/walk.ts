import type { DayNumber } from './dates';
import type { FxTable } from './fx';
import {
  BUY,
  DIVIDEND,
  FEE,
  INTEREST,
  type PreparedFlow,
  type PreparedHolding,
  type PreparedTransaction,
  SELL,
} from './holding';
import { ReturnTracker } from './performance';
import { type DaySeries, lastIndexOnOrBefore } from './series';
import type { PerformanceFigures } from './types';

/** The days and rates of one computation. */
export type WalkContext = {
  /** Day of index 0. */
  firstDay: DayNumber;
  /** Days in the arrays (firstDay to asOf). */
  length: number;
  /** Index of the first day of the performance range. */
  startIndex: number;
  fx: FxTable;
  target: string;
};

/** The portfolio's daily arrays, which each holding's walk adds its days to. */
export type TotalArrays = { value: Float64Array; inflow: Float64Array; outflow: Float64Array };

/** Where the price of a day came from: a close (its index) or a trade (-1 - its index); NaN. */
export type PriceRef = number;

export type WalkResult = {
  /** Price references of asOf - 1 and asOf (closes mode). */
  previousPriceRef: PriceRef;
  lastPriceRef: PriceRef;
  /** The last price on or before asOf, real quote currency; null outside closes mode. */
  lastPrice: number | null;
  /** The holding's return figures over the range. */
  performance: PerformanceFigures;
};

/**
 * Walks a holding's days from its first to asOf once: its value, In and Out of each day (target
 * currency, floats) are added to the portfolio's arrays, and its own return figures over the
 * range are measured on the way (`ReturnTracker`), without arrays of its own.
 */
export function walkHolding(
  holding: PreparedHolding,
  context: WalkContext,
  totals: TotalArrays,
): WalkResult {
  const { firstDay, length, startIndex, fx, target } = context;
  const tracker = new ReturnTracker();
  const result: WalkResult = {
    previousPriceRef: Number.NaN,
    lastPriceRef: Number.NaN,
    lastPrice: null,
    performance: tracker.result(firstDay, startIndex, length - 1, 0, 0),
  };
  if (holding.firstDay === Infinity) return result;
  const totalValue = totals.value;
  // The day's flows of the holding (reset before each day's transactions), added to the totals
  // once, with the day's value: the totals then get one addition per holding and day, whether a
  // holding walks into them or into arrays of its own added afterwards (engine.ts), so both give
  // the same floats.
  let dayIn = 0;
  let dayOut = 0;
  const addIn = (_i: number, amount: number) => {
    dayIn += amount;
  };
  const addOut = (_i: number, amount: number) => {
    dayOut += amount;
  };
  const quoteRates = fx.pair(holding.quote.currency, target) ?? null;
  const factor = holding.quote.factor;
  const start = holding.firstDay - firstDay;
  // The range's opening value, and the value of the day before the one being walked.
  let opening = 0;
  let previous = 0;
  /** Records day i's value (and its flows, dayIn / dayOut) in the totals and the tracker. */
  const record = (i: number, v: number) => {
    totalValue[i] = (totalValue[i] as number) + v;
    if (dayIn !== 0) totals.inflow[i] = (totals.inflow[i] as number) + dayIn;
    if (dayOut !== 0) totals.outflow[i] = (totals.outflow[i] as number) + dayOut;
    if (i >= startIndex) tracker.step(i, v, previous, dayIn, dayOut);
    else if (i === startIndex - 1) opening = v;
    previous = v;
  };
  const finish = () => {
    result.performance = tracker.result(firstDay, startIndex, length - 1, opening, previous);
    return result;
  };

  if (holding.mode === 'savings') {
    const flows = holding.flows;
    const balances = holding.balances;
    let running = 0;
    let balance = Number.NaN;
    let k = 0;
    if (balances) {
      k = lastIndexOnOrBefore(balances.days, holding.firstDay - 1) + 1;
      if (k > 0) balance = (balances.values[k - 1] as number) * factor;
    }
    let f = 0;
    for (let i = start; i < length; i += 1) {
      const day = firstDay + i;
      const rate = quoteRates ? (quoteRates[i] as number) : 1;
      dayIn = 0;
      dayOut = 0;
      while (f < flows.length && (flows[f] as PreparedFlow).day === day) {
        const flow = flows[f] as PreparedFlow;
        const amount = flow.amount * factor;
        // An internal movement (see `SavingsFlow`) cancels the other holding's flow.
        if (flow.type === 'deposit') {
          running += amount;
          if (flow.source.internal) addOut(i, -amount * rate);
          else addIn(i, amount * rate);
        } else if (flow.type === 'withdrawal') {
          running -= amount;
          if (flow.source.internal) addIn(i, -amount * rate);
          else addOut(i, amount * rate);
        } else if (flow.type === 'interest') running += amount - flow.tax * factor;
        else running -= amount;
        f += 1;
      }
      if (balances) {
        while (k < balances.days.length && (balances.days[k] as number) <= day) {
          balance = (balances.values[k] as number) * factor;
          k += 1;
        }
      }
      record(i, (Number.isNaN(balance) ? running : balance) * rate);
    }
    return finish();
  }

  const transactions = holding.transactions;
  const count = transactions.length;
  const ratesOf = new Map<string, Float64Array | null>();
  const txRates = transactions.map((t) => {
    let rates = ratesOf.get(t.currency.currency);
    if (rates === undefined) {
      rates = fx.pair(t.currency.currency, target) ?? null;
      ratesOf.set(t.currency.currency, rates);
    }
    return rates;
  });
  const state: ApplyState = { next: 0, quantity: 0, cost: 0, tradePrice: Number.NaN };
  const apply = (i: number, trackCost: boolean) => {
    dayIn = 0;
    dayOut = 0;
    applyTransactions(
      holding,
      txRates,
      quoteRates,
      firstDay + i,
      i,
      state,
      trackCost,
      addIn,
      addOut,
    );
  };
  const nextIndex = () =>
    state.next < count ? (transactions[state.next] as PreparedTransaction).day - firstDay : length;

  if (holding.mode === 'closes') {
    const closes = holding.closes as DaySeries;
    const closeDays = closes.days;
    const closeValues = closes.values;
    const closeCount = closeDays.length;
    let k = lastIndexOnOrBefore(closeDays, holding.firstDay - 1) + 1;
    let price = k > 0 ? (closeValues[k - 1] as number) * factor : Number.NaN;
    let quantity = 0;
    let i = start;
    const walk: CloseWalk = {
      closeDays,
      closeValues,
      factor,
      quoteRates,
      totalValue,
      firstDay,
      startIndex,
      k,
      price,
      quantity,
      last: 0,
      open: 0,
    };
    // Segments of days without transactions (units constant, no flows) are walked in a tight
    // loop; the day with transactions after each applies them first.
    for (;;) {
      const segmentEnd = Math.min(nextIndex(), length);
      dayIn = 0;
      dayOut = 0;
      walk.k = k;
      walk.price = price;
      walk.quantity = quantity;
      walk.last = previous;
      walk.open = opening;
      walkCloseSegment(walk, tracker, i, segmentEnd);
      k = walk.k;
      price = walk.price;
      previous = walk.last;
      opening = walk.open;
      i = segmentEnd;
      if (i >= length) break;
      const day = firstDay + i;
      while (k < closeCount && (closeDays[k] as number) <= day) {
        price = (closeValues[k] as number) * factor;
        k += 1;
      }
      apply(i, false);
      quantity = state.quantity;
      // Before the first close, the last trade price stands in for one.
      if (k === 0 && !Number.isNaN(state.tradePrice)) price = state.tradePrice;
      const local = quantity === 0 || Number.isNaN(price) ? 0 : quantity * price;
      record(i, quoteRates ? local * (quoteRates[i] as number) : local);
      i += 1;
    }
    const asOf = firstDay + length - 1;
    result.previousPriceRef = priceRef(holding, asOf - 1);
    result.lastPriceRef = priceRef(holding, asOf);
    result.lastPrice = Number.isNaN(price) ? null : price;
    return finish();
  }

  // Points: the last valuation point, scaled by units held since; before it, what was paid.
  const points = holding.points;
  let point = Number.NaN;
  let pointQuantity = 0;
  let k = 0;
  if (points) {
    k = lastIndexOnOrBefore(points.days, holding.firstDay - 1) + 1;
    if (k > 0) point = (points.values[k - 1] as number) * factor;
  }
  for (let i = start; i < length; i += 1) {
    const day = firstDay + i;
    dayIn = 0;
    dayOut = 0;
    if (nextIndex() === i) apply(i, true);
    const quantity = state.quantity;
    if (points) {
      while (k < points.days.length && (points.days[k] as number) <= day) {
        point = (points.values[k] as number) * factor;
        pointQuantity = quantity;
        k += 1;
      }
    }
    let v: number;
    if (!holding.hasUnits) v = Number.isNaN(point) ? 0 : point;
    else if (quantity <= 0) v = 0;
    else if (!Number.isNaN(point) && pointQuantity > 0) v = (point * quantity) / pointQuantity;
    else v = state.cost;
    record(i, quoteRates ? v * (quoteRates[i] as number) : v);
  }
  return finish();
}

/** A close-valued holding's walk between two transaction days (see `walkCloseSegment`). */
type CloseWalk = {
  readonly closeDays: ArrayLike<number>;
  readonly closeValues: ArrayLike<number>;
  readonly factor: number;
  readonly quoteRates: Float64Array | null;
  readonly totalValue: Float64Array;
  readonly firstDay: number;
  readonly startIndex: number;
  /** Next close, price in force, units held. */
  k: number;
  price: number;
  quantity: number;
  /** The value of the day before, and the range's opening value. */
  last: number;
  open: number;
};

/**
 * The days from..to-1 of a close-valued holding, none with a transaction (units constant, no
 * flows): the loop that runs for every holding-day, kept small (it is optimised early) and on
 * locals (copies of the tracker's fields: `tracker.step(i, v, last, 0, 0)`, inlined).
 */
function walkCloseSegment(walk: CloseWalk, tracker: ReturnTracker, from: number, to: number) {
  const { closeDays, closeValues, factor, quoteRates, totalValue, firstDay, startIndex } = walk;
  const closeCount = closeDays.length;
  const quantity = walk.quantity;
  let k = walk.k;
  let price = walk.price;
  let last = walk.last;
  let open = walk.open;
  let growth = tracker.growth;
  let peak = tracker.peak;
  let drawdown = tracker.drawdown;
  let returns = tracker.count;
  let shift = tracker.shift;
  let sum = tracker.sum;
  let squares = tracker.squares;
  for (let i = from; i < to; i += 1) {
    const day = firstDay + i;
    while (k < closeCount && (closeDays[k] as number) <= day) {
      price = (closeValues[k] as number) * factor;
      k += 1;
    }
    const local = quantity === 0 || price !== price ? 0 : quantity * price;
    const v = quoteRates ? local * (quoteRates[i] as number) : local;
    totalValue[i] = (totalValue[i] as number) + v;
    if (i >= startIndex) {
      if (last !== 0) {
        const r = v / last - 1;
        growth *= 1 + r;
        if (last > 0) {
          if (returns === 0) shift = r;
          const d = r - shift;
          returns += 1;
          sum += d;
          squares += d * d;
        }
        if (growth > peak) peak = growth;
        else if (peak > 0 && growth / peak - 1 < drawdown) drawdown = growth / peak - 1;
      }
    } else if (i === startIndex - 1) open = v;
    last = v;
  }
  walk.k = k;
  walk.price = price;
  walk.last = last;
  walk.open = open;
  tracker.growth = growth;
  tracker.peak = peak;
  tracker.drawdown = drawdown;
  tracker.count = returns;
  tracker.shift = shift;
  tracker.sum = sum;
  tracker.squares = squares;
}

/** Units, cost and last trade of a holding as its transactions are applied day by day. */
type ApplyState = {
  /** Index of the next transaction to apply. */
  next: number;
  quantity: number;
  /** What the units held cost (average cost, fees included), real quote units. */
  cost: number;
  /** The last trade price of the day applied (real quote units), NaN when none. */
  tradePrice: number;
};

/** Applies the transactions of one day (index i): units, cost, and In / Out. */
function applyTransactions(
  holding: PreparedHolding,
  txRates: readonly (Float64Array | null)[],
  quoteRates: Float64Array | null,
  day: number,
  i: number,
  state: ApplyState,
  trackCost: boolean,
  addIn: (i: number, amount: number) => void,
  addOut: (i: number, amount: number) => void,
) {
  const transactions = holding.transactions;
  const quoteRate = quoteRates ? (quoteRates[i] as number) : 1;
  state.tradePrice = Number.NaN;
  while (
    state.next < transactions.length &&
    (transactions[state.next] as PreparedTransaction).day === day
  ) {
    const t = state.next;
    const tx = transactions[t] as PreparedTransaction;
    const rates = txRates[t];
    const toTarget = (rates ? (rates[i] as number) : 1) * tx.currency.factor;
    const gross = tx.quantity * tx.price;
    switch (tx.kind) {
      case BUY:
      case SELL: {
        // The trade price in real quote units (through the target when currencies differ).
        const price =
          tx.currency.currency === holding.quote.currency
            ? tx.price * tx.currency.factor
            : (tx.price * toTarget) / quoteRate;
        state.tradePrice = price;
        if (tx.kind === BUY) {
          if (trackCost) state.cost += tx.quantity * price + (tx.fees * toTarget) / quoteRate;
          state.quantity += tx.quantity;
          addIn(i, (gross + tx.fees) * toTarget);
        } else {
          if (trackCost && state.quantity > 0) {
            state.cost -= (state.cost * tx.quantity) / state.quantity;
          }
          state.quantity -= tx.quantity;
          addOut(i, (gross - tx.fees - tx.tax) * toTarget);
        }
        break;
      }
      case DIVIDEND:
      case INTEREST:
        addOut(i, (gross - tx.fees - tx.tax) * toTarget);
        break;
      case FEE:
        addIn(i, (gross + tx.fees) * toTarget);
        break;
      default:
        // A transfer moves no units and no money the engine holds; its fees are paid in.
        addIn(i, tx.fees * toTarget);
        break;
    }
    state.next = t + 1;
  }
}

/**
 * Where a close-valued holding's price on `day` comes from: the last close on or before it (its
 * index), else the last buy or sell on or before it (-1 - its index), else NaN.
 */
function priceRef(holding: PreparedHolding, day: number): PriceRef {
  const closes = holding.closes;
  const index = closes ? lastIndexOnOrBefore(closes.days, day) : -1;
  if (index >= 0) return index;
  for (let j = holding.transactions.length - 1; j >= 0; j -= 1) {
    const tx = holding.transactions[j] as PreparedTransaction;
    if (tx.day <= day && (tx.kind === BUY || tx.kind === SELL)) return -1 - j;
  }
  return Number.NaN;
}
