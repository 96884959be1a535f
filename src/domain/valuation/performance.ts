import { type DayNumber, fromDay } from './dates';
import { annualise, DAYS_PER_YEAR, xirrLog } from './returns';
import { DrawdownTracker, VolatilityAccumulator } from './risk';
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

/** Buffers reused across calls (one computation values many holdings over the same days). */
export type PerformanceScratch = { flowDays: Float64Array; flowAmounts: Float64Array };

export const performanceScratch = (days: number): PerformanceScratch => ({
  flowDays: new Float64Array(days + 2),
  flowAmounts: new Float64Array(days + 2),
});

/**
 * Return figures over the days startIndex..endIndex (inclusive) of daily arrays, in one pass:
 * TWR (chained daily returns), its yearly rate, the money-weighted return (XIRR of the opening
 * value, the daily net flows and the closing value), volatility of the returns of days with
 * capital at work (V(t-1) + In(t) > 0) and the maximum drawdown of the TWR index. When `index`
 * is given it receives the TWR index: index[0] = 1 (opening), index[k] after day startIndex+k-1.
 */
export function rangePerformance(
  daily: DailyArrays,
  startIndex: number,
  endIndex: number,
  scratch: PerformanceScratch = performanceScratch(endIndex - startIndex + 1),
  index?: Float64Array,
  /** Days before this index hold nothing (no value, no flow): skipped (without `index` only). */
  firstActiveIndex = 0,
): PerformanceFigures {
  const { value, inflow, outflow } = daily;
  const opening = startIndex > 0 ? (value[startIndex - 1] as number) : 0;
  const { flowDays, flowAmounts } = scratch;
  let flows = 0;
  if (opening !== 0) {
    flowDays[0] = startIndex - 1;
    flowAmounts[0] = -opening;
    flows = 1;
  }
  const volatility = new VolatilityAccumulator();
  const drawdown = new DrawdownTracker();
  drawdown.add(1);
  if (index) index[0] = 1;
  let growth = 1;
  let previous = opening;
  const from = index ? startIndex : Math.max(startIndex, Math.min(firstActiveIndex, endIndex + 1));
  for (let i = from; i <= endIndex; i += 1) {
    const v = value[i] as number;
    const into = inflow[i] as number;
    const out = outflow[i] as number;
    const capital = previous + into;
    if (capital !== 0) {
      const r = (v + out) / capital - 1;
      growth *= 1 + r;
      if (capital > 0) volatility.add(r);
    }
    drawdown.add(growth);
    if (index) index[i - startIndex + 1] = growth;
    const net = out - into;
    if (net !== 0) {
      flowDays[flows] = i;
      flowAmounts[flows] = net;
      flows += 1;
    }
    previous = v;
  }
  const closing = value[endIndex] as number;
  if (closing !== 0) {
    flowDays[flows] = endIndex;
    flowAmounts[flows] = closing;
    flows += 1;
  }
  const days = endIndex - startIndex + 1;
  const twr = growth - 1;
  const logRate = xirrLog(flowDays.subarray(0, flows), flowAmounts.subarray(0, flows));
  return {
    start: fromDay(daily.firstDay + startIndex),
    end: fromDay(daily.firstDay + endIndex),
    days,
    openingValue: roundCents(opening),
    twr,
    twrAnnualised: annualise(twr, days),
    mwr: logRate === null ? null : Math.expm1((logRate * days) / DAYS_PER_YEAR),
    mwrAnnualised: logRate === null ? null : Math.expm1(logRate),
    volatility: volatility.annualised(),
    maxDrawdown: drawdown.value,
  };
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
    rangePerformance(daily, startIndex, endIndex, undefined, index);
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
