import { describe, expect, it } from 'vitest';
import {
  assumptionsFromAllocation,
  assumptionsFromHistory,
  MIN_HISTORY_MONTHS,
} from './assumptions';
import { createRandom } from './random';

describe('assumptions from the portfolio', () => {
  it('needs two years of months, then gives back what the model would have drawn', () => {
    expect(assumptionsFromHistory(new Array(MIN_HISTORY_MONTHS - 1).fill(0.01))).toBeNull();
    // Months alternating exp(a + b) - 1 and exp(a - b) - 1: log mean a, sample variance
    // b^2 n / (n - 1); the formula is exp(12 mean + 6 variance) - 1 and sqrt(12 variance).
    const a = 0.005;
    const b = 0.04;
    const n = 36;
    const months = Array.from({ length: n }, (_, i) => Math.exp(a + (i % 2 ? -b : b)) - 1);
    const variance = (b * b * n) / (n - 1);
    const found = assumptionsFromHistory(months);
    expect(found?.expectedReturn).toBeCloseTo(Math.exp(12 * a + 6 * variance) - 1, 12);
    expect(found?.volatility).toBeCloseTo(Math.sqrt(12 * variance), 12);

    // And months drawn as the model draws them at 8% and 18% give those back, within sampling.
    const random = createRandom(5);
    const s = 0.18 / Math.sqrt(12);
    const mu = Math.log1p(0.08) / 12 - (s * s) / 2;
    const drawn = Array.from({ length: 3_000 }, () => Math.exp(mu + s * random.normal()) - 1);
    const estimate = assumptionsFromHistory(drawn);
    expect(estimate?.volatility).toBeCloseTo(0.18, 2);
    expect(Math.abs((estimate?.expectedReturn ?? 0) - 0.08)).toBeLessThan(0.03);
  });

  it('weighs the class assumptions by the allocation, cautiously for the volatility', () => {
    const half = assumptionsFromAllocation([
      { key: 'market', weight: 0.5 },
      { key: 'savings', weight: 0.5 },
    ]);
    expect(half.expectedReturn).toBeCloseTo(0.0475, 12);
    expect(half.volatility).toBeCloseTo(0.0825, 12);
    // Weights not summing to 1 (a part left out) are scaled; nothing at all means market.
    expect(assumptionsFromAllocation([{ key: 'crypto', weight: 0.2 }])).toEqual({
      expectedReturn: 0.15,
      volatility: 0.65,
    });
    expect(assumptionsFromAllocation([])).toEqual({ expectedReturn: 0.07, volatility: 0.16 });
  });
});
