import type { ProjectionResult } from '@/domain/projection';

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

const cents = (value: number) => Math.round(value * 100) / 100;

/** The end of each year (and today), from a projection's months. */
export function yearlyRows(result: ProjectionResult, real: boolean): ProjectionRow[] {
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
      paidIn: at(result.paidIn),
    });
  }
  return rows;
}
