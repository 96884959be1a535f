import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thinSeries } from './thinning';

type Point = { i: number; value: number };
const points = (values: number[]): Point[] => values.map((value, i) => ({ i, value }));
const valueOf = (p: Point) => p.value;

describe('thinning a chart series', () => {
  const arbitrary = fc.record({
    values: fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { maxLength: 3000 }),
    maxPoints: fc.integer({ min: 4, max: 600 }),
  });

  it('keeps the first, last, lowest and highest points, in order, within the budget', () => {
    fc.assert(
      fc.property(arbitrary, ({ values, maxPoints }) => {
        const series = points(values);
        const thin = thinSeries(series, valueOf, maxPoints);
        expect(thin.length).toBeLessThanOrEqual(Math.max(maxPoints, series.length <= 4 ? 4 : 0));
        if (series.length === 0) {
          expect(thin).toEqual([]);
          return;
        }
        expect(thin[0]).toBe(series[0]);
        expect(thin.at(-1)).toBe(series.at(-1));
        expect(Math.min(...thin.map(valueOf))).toBe(Math.min(...values));
        expect(Math.max(...thin.map(valueOf))).toBe(Math.max(...values));
        for (let k = 1; k < thin.length; k += 1) {
          expect((thin[k] as Point).i).toBeGreaterThan((thin[k - 1] as Point).i);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a small series as it is, and thinning twice is thinning once', () => {
    fc.assert(
      fc.property(arbitrary, ({ values, maxPoints }) => {
        const series = points(values);
        const once = thinSeries(series, valueOf, maxPoints);
        if (series.length <= maxPoints) expect(once).toEqual(series);
        expect(thinSeries(once, valueOf, maxPoints)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('thins ten years of days to about 500 points', () => {
    const series = points(Array.from({ length: 3653 }, (_, i) => Math.sin(i / 50) * 1000));
    const thin = thinSeries(series, valueOf);
    expect(thin.length).toBeGreaterThan(400);
    expect(thin.length).toBeLessThanOrEqual(500);
  });
});
