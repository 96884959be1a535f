import { type DayNumber, fromDay } from './dates';
import { annualise, DAYS_PER_YEAR, xirrLog } from './returns';
import { VOLATILITY_DAYS_PER_YEAR } from './risk';
import { roundCents } from './series';
import { MAX_CHART_POINTS, thinIndices } from './thinning';
import type { ChartPoint, PerformanceFigures } from './types';

/** Daily arrays of one portfolio or holding: index i is day firstDay + i. */
export type DailyArrays = {
  firstDay: DayNumber;
  value: Float64Array;
  inflow: Float64Array;
  outflow: Float64Array;
};

/**
 * Return figures of a range fed one day at a time (`step`), in one pass: TWR (chained daily
 * returns), volatility of the returns of days with capital at work (V(t-1) + In(t) > 0), the
 * maximum drawdown of the TWR index, and the flows for the money-weighted return (money in at the
 * start of its day, money out at its end).
 */
export class ReturnTracker {
  /** The TWR index after the last day fed (1 at the opening). */
  growth = 1;
  // Maximum drawdown of the index (as `DrawdownTracker`, inlined: this runs for every
  // holding-day; public for `walkHolding`'s loop, which works on copies of them).
  peak = 1;
  drawdown = 0;
  // Volatility sums (as `VolatilityAccumulator`, inlined): count, first return, sums of the
  // returns less the first and of their squares.
  count = 0;
  shift = 0;
  sum = 0;
  squares = 0;
  private readonly flowDays: number[] = [];
  private readonly flowAmounts: number[] = [];

  /** Day i of the range: its value, the day before's, and its In and Out. */
  step(i: number, value: number, previous: number, inflow: number, outflow: number) {
    const capital = previous + inflow;
    if (capital !== 0) {
      const r = (value + outflow) / capital - 1;
      const growth = this.growth * (1 + r);
      this.growth = growth;
      if (capital > 0) {
        if (this.count === 0) this.shift = r;
        const d = r - this.shift;
        this.count += 1;
        this.sum += d;
        this.squares += d * d;
      }
      if (growth > this.peak) this.peak = growth;
      else if (this.peak > 0 && growth / this.peak - 1 < this.drawdown) {
        this.drawdown = growth / this.peak - 1;
      }
    }
    // For the money-weighted return, money in counts from the start of its day (the end of the
    // day before, where the opening value stands) and money out at the end of its day, as in the
    // daily return above: a deposit and the value read the same evening are a day apart.
    if (inflow !== 0) {
      this.flowDays.push(i - 1);
      this.flowAmounts.push(-inflow);
    }
    if (outflow !== 0) {
      this.flowDays.push(i);
      this.flowAmounts.push(outflow);
    }
  }

  private volatility(): number | null {
    if (this.count < 2) return null;
    const variance = (this.squares - (this.sum * this.sum) / this.count) / (this.count - 1);
    return Math.sqrt(Math.max(0, variance) * VOLATILITY_DAYS_PER_YEAR);
  }

  /** The figures of the range startIndex..endIndex, opening and closing at these values. */
  result(
    firstDay: DayNumber,
    startIndex: number,
    endIndex: number,
    opening: number,
    closing: number,
  ): PerformanceFigures {
    const days = [startIndex - 1, ...this.flowDays, endIndex];
    const amounts = [-opening, ...this.flowAmounts, closing];
    const logRate = xirrLog(days, amounts);
    const length = endIndex - startIndex + 1;
    const twr = this.growth - 1;
    return {
      start: fromDay(firstDay + startIndex),
      end: fromDay(firstDay + endIndex),
      days: length,
      openingValue: roundCents(opening),
      twr,
      twrAnnualised: annualise(twr, length),
      mwr: logRate === null ? null : Math.expm1((logRate * length) / DAYS_PER_YEAR),
      mwrAnnualised: logRate === null ? null : Math.expm1(logRate),
      volatility: this.volatility(),
      maxDrawdown: this.drawdown,
    };
  }
}

/**
 * Return figures over the days startIndex..endIndex (inclusive) of daily arrays (see
 * `ReturnTracker`; the money-weighted return is the XIRR of the opening value, each day's money
 * in at its start and money out at its end, and the closing value). When `index` is given it receives the TWR index: index[0] = 1
 * (opening), index[k] after day startIndex + k - 1.
 */
export function rangePerformance(
  daily: DailyArrays,
  startIndex: number,
  endIndex: number,
  index?: Float64Array,
): PerformanceFigures {
  const { value, inflow, outflow } = daily;
  const opening = startIndex > 0 ? (value[startIndex - 1] as number) : 0;
  const tracker = new ReturnTracker();
  if (index) index[0] = 1;
  let previous = opening;
  for (let i = startIndex; i <= endIndex; i += 1) {
    const v = value[i] as number;
    tracker.step(i, v, previous, inflow[i] as number, outflow[i] as number);
    if (index) index[i - startIndex + 1] = tracker.growth;
    previous = v;
  }
  return tracker.result(daily.firstDay, startIndex, endIndex, opening, value[endIndex] as number);
}

/**
 * The month-end to month-end returns of a range's TWR index (`rangePerformance`'s `index`): the
 * index on the last day of each calendar month the range holds (its opening day included), and
 * the return from each such day to the next, so complete months only; from the full daily index,
 * never from a thinned chart series. What a projection estimates its return and volatility from
 * (src/domain/projection/assumptions.ts).
 */
export function monthEndReturns(
  firstDay: DayNumber,
  startIndex: number,
  endIndex: number,
  index: Float64Array,
): number[] {
  const ends: number[] = [];
  for (let d = Math.max(startIndex - 1, 0); d <= endIndex; d += 1) {
    const date = fromDay(firstDay + d);
    const next = fromDay(firstDay + d + 1);
    if (next.slice(5, 7) !== date.slice(5, 7)) ends.push(index[d - startIndex + 1] as number);
  }
  const returns: number[] = [];
  for (let i = 1; i < ends.length; i += 1) {
    const before = ends[i - 1] as number;
    const after = ends[i] as number;
    if (before > 0 && Number.isFinite(after)) returns.push(after / before - 1);
  }
  return returns;
}

/**
 * The chart series of a range: one point per day from the range's opening day (the day before its
 * start, when the history reaches back to it; else its first day) to its end, thinned to
 * `maxPoints` when longer (see `thinSeries`: first, last, lowest and highest value always kept).
 * Values and net contributions (In - Out summed from the first day of the history) are rounded to
 * cents.
 */
export function chartSeries(
  daily: DailyArrays,
  startIndex: number,
  endIndex: number,
  /** The range's TWR index (`rangePerformance`'s); computed here when absent. */
  twrIndex?: Float64Array,
  maxPoints = MAX_CHART_POINTS,
): ChartPoint[] {
  let index = twrIndex;
  if (!index) {
    index = new Float64Array(endIndex - startIndex + 2);
    rangePerformance(daily, startIndex, endIndex, index);
  }
  const from = Math.max(startIndex - 1, 0);
  const count = endIndex - from + 1;
  // Net contributions to each day, from the first day of the history.
  const contributions = new Float64Array(count);
  let running = 0;
  for (let i = 0; i <= endIndex; i += 1) {
    running += (daily.inflow[i] as number) - (daily.outflow[i] as number);
    if (i >= from) contributions[i - from] = running;
  }
  const value = daily.value;
  // Only the points kept are built (ten years of days are thinned to about 500).
  return thinIndices(count, (k) => roundCents(value[from + k] as number), maxPoints).map((k) => {
    const i = from + k;
    return {
      date: fromDay(daily.firstDay + i),
      value: roundCents(value[i] as number),
      netContributions: roundCents(contributions[k] as number),
      twrIndex: (index as Float64Array)[i - startIndex + 1] as number,
    };
  });
}
