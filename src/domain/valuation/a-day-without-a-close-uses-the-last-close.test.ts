import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { series, tx, valueOn } from './testing/builders';

describe('a day without a close uses the last close', () => {
  // Closes on Friday 5 Jan (100) and Monday 8 Jan (104) only; 10 units bought Thursday 4 Jan at
  // 98, before the first close: the trade price stands in until then.
  const result = computePortfolioValuation({
    currency: 'EUR',
    asOf: '2024-01-09',
    holdings: [
      {
        id: 'acme',
        class: 'market_investment',
        currency: 'EUR',
        transactions: [tx('2024-01-04', 'buy', '10', '98')],
        closes: series({ '2024-01-05': 100, '2024-01-08': 104 }),
      },
    ],
  });

  it('carries Friday close over the weekend and Monday close to Tuesday', () => {
    expect(valueOn(result, '2024-01-04')).toBe(980);
    expect(valueOn(result, '2024-01-05')).toBe(1000);
    expect(valueOn(result, '2024-01-06')).toBe(1000);
    expect(valueOn(result, '2024-01-07')).toBe(1000);
    expect(valueOn(result, '2024-01-08')).toBe(1040);
    expect(valueOn(result, '2024-01-09')).toBe(1040);
    expect(result.figures.value).toBe('1040');
    expect(result.figures.dayChange).toBe('0');
    expect(result.holdings[0]?.price).toBe(104);
  });

  it('gives weekend days a zero return', () => {
    expect(result.performance.twr).toBeCloseTo(1040 / 980 - 1, 12);
  });
});
