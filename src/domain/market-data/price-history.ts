import { toPlain } from '../money/decimal';
import { type DayNumber, fromDay, type RangeKey, rangeStartDay } from '../valuation/dates';
import { thinIndices } from '../valuation/thinning';

/** A price chart's points beyond a year: thinned to at most this many (daily up to a year). */
export const PRICE_CHART_POINTS = 400;
/** A sparkline's points (a line about 100 px wide needs no more). */
export const SPARKLINE_POINTS = 60;

export type PriceClose = { date: string; close: string };

/**
 * The closes of a range ending on `asOf` (inclusive), ascending, from an instrument's packed
 * series (`days` ascending, as `rangeStartDay` counts them: MAX opens on the first close), thinned
 * to at most `maxPoints` when there are more (never dropping the first, last, lowest or highest
 * close: `thinIndices`). A daily year holds at most 366 closes, so with `PRICE_CHART_POINTS` only
 * longer ranges are thinned. Closes are written as plain decimal strings (a float64 holds every
 * close of up to 15 significant digits exactly). Closes after `asOf` are left out; a range with no
 * close is empty.
 */
export function closesInRange(
  days: ArrayLike<number>,
  closes: ArrayLike<number>,
  range: RangeKey,
  asOf: DayNumber,
  maxPoints = PRICE_CHART_POINTS,
): PriceClose[] {
  const count = Math.min(days.length, closes.length);
  const firstDay = days[0];
  if (count === 0 || firstDay === undefined || firstDay > asOf) return [];
  const start = rangeStartDay(range, asOf, firstDay);
  let from = 0;
  while (from < count && (days[from] as number) < start) from += 1;
  let to = from;
  while (to < count && (days[to] as number) <= asOf) to += 1;
  const kept = thinIndices(to - from, (i) => closes[from + i] as number, maxPoints);
  return kept.map((i) => ({
    date: fromDay(days[from + i] as number),
    close: toPlain(closes[from + i] as number),
  }));
}
