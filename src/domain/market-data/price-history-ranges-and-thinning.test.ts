import { describe, expect, it } from 'vitest';
import { toDay } from '../valuation/dates';
import { closesInRange, PRICE_CHART_POINTS, SPARKLINE_POINTS } from './price-history';

/** An instrument's closes over a chart range: the days kept, thinning beyond a year. */

/** One close per calendar day from `first` for `count` days, rising by 1 from `start`. */
function daily(first: string, count: number, start = 100) {
  const day0 = toDay(first);
  return {
    days: Int32Array.from({ length: count }, (_, i) => day0 + i),
    closes: Float64Array.from({ length: count }, (_, i) => start + i),
  };
}

describe('closes in a range', () => {
  it('keeps the days from the range start to today, ascending, as decimal strings', () => {
    const { days, closes } = daily('2026-11-01', 20);
    const week = closesInRange(days, closes, '1W', toDay('2026-11-20'));
    expect(week.map((c) => c.date)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(week[0]).toEqual({ date: '2026-11-14', close: '113' });
  });

  it('leaves out closes after today and answers nothing when the range has no close', () => {
    const { days, closes } = daily('2026-11-01', 20);
    expect(closesInRange(days, closes, '1M', toDay('2026-11-05')).at(-1)?.date).toBe('2026-11-05');
    expect(closesInRange(days, closes, '1W', toDay('2027-01-31'))).toEqual([]);
    expect(closesInRange(days, closes, 'MAX', toDay('2026-10-01'))).toEqual([]);
    expect(closesInRange(new Int32Array(), new Float64Array(), 'MAX', 0)).toEqual([]);
  });

  it('opens YTD on 1 January and MAX on the first close', () => {
    const { days, closes } = daily('2025-12-01', 60);
    const asOf = toDay('2026-01-29');
    expect(closesInRange(days, closes, 'YTD', asOf)[0]?.date).toBe('2026-01-01');
    expect(closesInRange(days, closes, 'MAX', asOf)[0]?.date).toBe('2025-12-01');
  });

  it('is daily up to a year, even for a crypto closing every day of a leap year', () => {
    const { days, closes } = daily('2023-01-01', 800);
    const year = closesInRange(days, closes, '1Y', toDay('2024-12-31'));
    expect(year).toHaveLength(366);
  });

  it('thins longer ranges without dropping the first, last, lowest or highest close', () => {
    const count = 3_000;
    const { days, closes } = daily('2016-01-01', count);
    closes[1_234] = 5; // a crash
    closes[2_345] = 9_999.125; // a spike
    const asOf = days[count - 1] as number;
    const max = closesInRange(days, closes, 'MAX', asOf);
    expect(max.length).toBeLessThanOrEqual(PRICE_CHART_POINTS);
    expect(max[0]).toEqual({ date: '2016-01-01', close: '100' });
    expect(max.at(-1)?.close).toBe(String(100 + count - 1));
    expect(max.map((c) => c.close)).toEqual(expect.arrayContaining(['5', '9999.125']));
    const dates = max.map((c) => c.date);
    expect([...dates].sort()).toEqual(dates);
    const spark = closesInRange(days, closes, 'MAX', asOf, SPARKLINE_POINTS);
    expect(spark.length).toBeLessThanOrEqual(SPARKLINE_POINTS);
    expect(spark.map((c) => c.close)).toEqual(expect.arrayContaining(['100', '5', '9999.125']));
  });

  it('writes tiny and large closes without an exponent', () => {
    const days = Int32Array.from([toDay('2026-11-19'), toDay('2026-11-20')]);
    const closes = Float64Array.from([0.000000123, 123456789012.345]);
    expect(closesInRange(days, closes, '1W', toDay('2026-11-20')).map((c) => c.close)).toEqual([
      '0.000000123',
      '123456789012.345',
    ]);
  });
});
