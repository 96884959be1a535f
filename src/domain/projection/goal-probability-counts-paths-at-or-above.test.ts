import { describe, expect, it } from 'vitest';
import { runProjection, type ProjectionInput } from './projection';

const input: ProjectionInput = {
  startValue: 10_000,
  monthlyContribution: 0,
  contributionGrowth: 0,
  months: 120,
  expectedReturn: 0.06,
  volatility: 0.15,
  inflation: 0,
  events: [],
  paths: 20_000,
  seed: 3,
  mode: 'lognormal',
};

describe('the chance of reaching a goal', () => {
  it('is the share of paths at or above the amount at its month', () => {
    const result = runProjection({
      ...input,
      targets: [
        { month: 120, amount: 0 },
        { month: 120, amount: 1e12 },
        { month: 0, amount: 10_000 },
        { month: 0, amount: 10_000.01 },
      ],
    });
    expect(result.targetProbabilities).toEqual([1, 0, 1, 0]);
  });

  it('is one half at the median, one twentieth at the 95th percentile', () => {
    const first = runProjection(input);
    const median = first.bands[50][120]!;
    const top = first.bands[95][120]!;
    const result = runProjection({
      ...input,
      targets: [
        { month: 120, amount: median },
        { month: 120, amount: top },
      ],
    });
    expect(result.targetProbabilities[0]).toBeCloseTo(0.5, 3);
    expect(result.targetProbabilities[1]).toBeCloseTo(0.05, 3);
  });

  it('is refused for a month beyond the horizon', () => {
    expect(() => runProjection({ ...input, targets: [{ month: 121, amount: 1 }] })).toThrow(
      'a target month must be within the horizon',
    );
  });
});
