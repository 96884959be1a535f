import { describe, expect, it } from 'vitest';
import {
  assumptionsFromAllocation,
  assumptionsFromHistory,
  MIN_HISTORY_MONTHS,
  monthlyReturns,
} from './assumptions';
import { createRandom } from './random';

describe('assumptions from the portfolio', () => {
  it('reads month-end returns from a time-weighted index, flows left out', () => {
    const points = [
      { date: '2024-01-02', twrIndex: 1 },
      { date: '2024-01-31', twrIndex: 1.1 },
      { date: '2024-02-15', twrIndex: 0.5 },
      { date: '2024-02-29', twrIndex: 1.21 },
      { date: '2024-03-31', twrIndex: 1.089 },
    ];
    const returns = monthlyReturns(points);
    expect(returns).toHaveLength(2);
    expect(returns[0]).toBeCloseTo(0.1, 12);
    expect(returns[1]).toBeCloseTo(-0.1, 12);
  });

  it('needs two years of months, then gives back what the model would have drawn', () => {
    expect(assumptionsFromHistory(new Array(MIN_HISTORY_MONTHS - 1).fill(0.01))).toBeNull();
    // 3,000 months drawn as the model draws them at 8% and 18%: the estimate finds them again.
    const random = createRandom(5);
    const s = 0.18 / Math.sqrt(12);
    const mu = Math.log1p(0.08) / 12 - (s * s) / 2;
    const months = Array.from({ length: 3_000 }, () => Math.exp(mu + s * random.normal()) - 1);
    const found = assumptionsFromHistory(months);
    expect(found?.volatility).toBeCloseTo(0.18, 2);
    expect(found?.expectedReturn).toBeCloseTo(0.08, 1);
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
