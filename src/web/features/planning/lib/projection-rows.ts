import type { ProjectionResult } from '@/domain/projection';
import { roundCents as cents } from '@/domain/valuation/series';

/** One year of a projection as shown: rounded to cents, nominal or in today's money. */
export type ProjectionRow = {
  year: number;
  p5: number;
  p25: number;
  p50: number;
  p75: number;
  p95: number;
  mean: number;
  paidIn: number;
};

/**
 * The end of each year (and today), from a projection's months. In today's money each amount is
 * deflated from its own month: a value by its month's deflator, what was paid in month by month,
 * each payment by the deflator of the month it was made (a start value paid today stays whole).
 */
export function yearlyRows(result: ProjectionResult, real: boolean): ProjectionRow[] {
  const paidIn = new Float64Array(result.months + 1);
  paidIn[0] = result.paidIn[0] as number;
  for (let month = 1; month <= result.months; month += 1) {
    const payment = (result.paidIn[month] as number) - (result.paidIn[month - 1] as number);
    paidIn[month] =
      (paidIn[month - 1] as number) + payment * (real ? (result.deflator[month] as number) : 1);
  }
  const rows: ProjectionRow[] = [];
  for (let month = 0; month <= result.months; month += 12) {
    const factor = real ? (result.deflator[month] as number) : 1;
    const at = (series: Float64Array) => cents((series[month] as number) * factor);
    rows.push({
      year: month / 12,
      p5: at(result.bands[5]),
      p25: at(result.bands[25]),
      p50: at(result.bands[50]),
      p75: at(result.bands[75]),
      p95: at(result.bands[95]),
      mean: at(result.deterministic),
      paidIn: cents(paidIn[month] as number),
    });
  }
  return rows;
}
