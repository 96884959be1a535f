import { type DayNumber, toDay } from './dates';

/**
 * A dated series of numbers (closes, exchange rates, valuation points, balances), dates
 * ascending, one value per date. Two forms: day numbers (the compact form, cheapest: an
 * `Int32Array` and a `Float64Array` straight from a worker message) or YYYY-MM-DD dates.
 */
export type DailySeries =
  | { days: ArrayLike<DayNumber>; values: ArrayLike<number> }
  | { dates: readonly string[]; values: ArrayLike<number> };

/** A series in the compact form. */
export type DaySeries = { days: ArrayLike<DayNumber>; values: ArrayLike<number> };

/** The compact form of a series (dates parsed once; already compact series are returned as is). */
export function toDaySeries(series: DailySeries): DaySeries {
  if ('days' in series) return series;
  const days = new Int32Array(series.dates.length);
  let previous = '';
  let previousDay = 0;
  for (let i = 0; i < days.length; i += 1) {
    const date = series.dates[i] as string;
    // Consecutive dates of a daily history are parsed by hand; a repeated one is not re-parsed.
    if (date !== previous) {
      previousDay = toDay(date);
      previous = date;
    }
    days[i] = previousDay;
  }
  return { days, values: series.values };
}

/** A series from `{ date, value }` points (sorted here). */
export function seriesFromPoints(
  points: readonly { date: string; value: number | string }[],
): DaySeries {
  const sorted = [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const days = new Int32Array(sorted.length);
  const values = new Float64Array(sorted.length);
  sorted.forEach((point, i) => {
    days[i] = toDay(point.date);
    values[i] = Number(point.value);
  });
  return { days, values };
}

/** A series from a `{ 'YYYY-MM-DD': value }` record (the bench file's price shape). */
export function seriesFromRecord(record: Readonly<Record<string, number>>): DaySeries {
  return seriesFromPoints(Object.entries(record).map(([date, value]) => ({ date, value })));
}

/** The index of the last entry on or before `day`, or -1 when every entry is later. */
export function lastIndexOnOrBefore(days: ArrayLike<DayNumber>, day: DayNumber): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if ((days[mid] as number) <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Rounded to cents (half away from zero), for the float series shown on charts. */
export const roundCents = (value: number) =>
  value < 0 ? -Math.round(-value * 100) / 100 : Math.round(value * 100) / 100;
