import { describe, expect, it } from 'vitest';
import { runProjection, type ProjectionInput } from './projection';

const input: ProjectionInput = {
  startValue: 10_000,
  monthlyContribution: 0,
  contributionGrowth: 0,
  months: 1,
  expectedReturn: 0.06,
  volatility: 0.2,
  inflation: 0,
  events: [],
  paths: 40_000,
  seed: 11,
  mode: 'lognormal',
};

describe('the other modes', () => {
  it('fat tails: the same middle, wider extremes than the normal for one month', () => {
    const normal = runProjection(input);
    const fat = runProjection({ ...input, mode: 'fat_tailed' });
    const spread = (r: typeof normal) => Math.log(r.bands[95][1]! / r.bands[5][1]!);
    const inner = (r: typeof normal) => Math.log(r.bands[75][1]! / r.bands[25][1]!);
    // Student's t with 5 degrees of freedom scaled to variance 1 (t x sqrt(3/5)): its 25-75
    // range is 0.727 x 0.775 / 0.674 = 0.84 of the normal's, its 5-95 range 2.015 x 0.775 /
    // 1.645 = 0.95. The variance being the same, the rest of it lies in the far tails.
    expect(Math.abs(inner(fat) / inner(normal) - 0.8346)).toBeLessThan(0.02);
    expect(Math.abs(spread(fat) / spread(normal) - 0.9491)).toBeLessThan(0.02);
    const far = (r: typeof fat) => r.targetProbabilities[0]!;
    const beyond = (mode: 'lognormal' | 'fat_tailed') =>
      runProjection({ ...input, mode, targets: [{ month: 1, amount: 10_000 * Math.exp(0.2) }] });
    // A month above +20% (3.5 monthly standard deviations): rare for the normal, less so here.
    expect(far(beyond('fat_tailed'))).toBeGreaterThan(3 * far(beyond('lognormal')));
    expect(Math.abs(Math.log(fat.bands[50][1]! / normal.bands[50][1]!))).toBeLessThan(0.005);
  });

  it('bootstrap: every month grows by one of the past returns', () => {
    const result = runProjection({
      ...input,
      months: 2,
      paths: 2_000,
      mode: 'bootstrap',
      history: [0.1, -0.1],
    });
    // After two months each path is 10,000 x 1.1 or 0.9, twice: 12,100, 9,900 or 8,100.
    expect([8_100, 9_900, 12_100].map((v) => v.toFixed(6))).toContain(
      result.bands[50][2]!.toFixed(6),
    );
    expect(result.bands[5][2]!.toFixed(6)).toBe('8100.000000');
    expect(result.bands[95][2]!.toFixed(6)).toBe('12100.000000');
    // The average path: the mean growth factor of the past months, (1.1 + 0.9) / 2 = 1.
    expect(Array.from(result.deterministic)).toEqual([10_000, 10_000, 10_000]);
  });

  it('bootstrap needs past returns', () => {
    expect(() => runProjection({ ...input, mode: 'bootstrap' })).toThrow(
      'bootstrap needs past monthly returns',
    );
  });
});
