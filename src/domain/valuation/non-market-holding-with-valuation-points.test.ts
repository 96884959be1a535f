import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { series, tx, valueOn } from './testing/builders';

// A flat bought 10 Jan 2024 for 200,000 plus 10,000 of fees; valued 220,000 on 1 March and
// 215,000 on 1 June.
//   V: 210,000 (what was paid) until 29 Feb, 220,000 from 1 March, 215,000 from 1 June.
//   r(10 Jan) = 210,000 / 210,000 - 1 = 0; r(1 Mar) = 220/210 - 1; r(1 Jun) = 215/220 - 1
//   TWR = 215,000 / 210,000 - 1 = 2.38%
describe('a non-market holding valued by its valuation points', () => {
  const flat = {
    id: 'flat',
    class: 'real_estate_investment' as const,
    currency: 'EUR',
    transactions: [tx('2024-01-10', 'buy', '1', '200000', { fees: '10000' })],
    valuations: series({ '2024-03-01': 220000, '2024-06-01': 215000 }),
  };
  const result = computePortfolioValuation({
    currency: 'EUR',
    asOf: '2024-06-30',
    holdings: [flat],
  });

  it('is worth what was paid before its first point, then its last point', () => {
    expect(valueOn(result, '2024-01-10')).toBe(210000);
    expect(valueOn(result, '2024-02-29')).toBe(210000);
    expect(valueOn(result, '2024-03-01')).toBe(220000);
    expect(valueOn(result, '2024-05-31')).toBe(220000);
    expect(valueOn(result, '2024-06-30')).toBe(215000);
  });

  it('returns what the points say', () => {
    expect(result.performance.twr).toBeCloseTo(215000 / 210000 - 1, 12);
    expect(result.figures).toMatchObject({
      value: '215000',
      costBasis: '210000',
      unrealisedGain: '5000',
      fees: '10000',
    });
  });

  it('scales a point by the units held since, and values a holding without points at cost', () => {
    const half = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-06-30',
      holdings: [
        {
          ...flat,
          transactions: [...flat.transactions, tx('2024-06-15', 'sell', '0.5', '215000')],
        },
        {
          id: 'art',
          class: 'generic_asset',
          currency: 'EUR',
          transactions: [tx('2024-02-01', 'buy', '1', '5000', { fees: '100' })],
        },
      ],
    });
    expect(valueOn(half, '2024-06-15')).toBe(107500 + 5100);
    expect(half.holdings.map((h) => h.figures.value)).toEqual(['107500', '5100']);
    // The sale at the point's value changes nothing: (107,500 + 107,500) / 215,000 - 1 = 0.
    expect(half.holdings[0]?.performance.twr).toBeCloseTo(215000 / 210000 - 1, 12);
  });
});
