import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { annualisedStdev, series, tx, valueOn } from './testing/builders';

// Buy 10 @ 100 with 5 of fees on 1 January; closes 100, 110, 99.
//   V: 1000, 1100, 990.  In(1 Jan) = 10 x 100 + 5 = 1005.
//   r(1 Jan) = 1000 / (0 + 1005) - 1 = -0.004975...   (the fees)
//   r(2 Jan) = 1100 / 1000 - 1 = 0.1
//   r(3 Jan) = 990 / 1100 - 1 = -0.1
//   TWR = (1000/1005) x 1.1 x 0.9 - 1 = -0.014925...
//   MWR: -1005 put in at the start of 1 Jan (t = 0, the end of 31 Dec, where TWR counts it at
//   work from), +990 at the end of 3 Jan (t = 3/365): the range's MWR is 990 / 1005 - 1, the TWR
//   (nothing came in or out in between).
describe('one buy, then the price moves', () => {
  const result = computePortfolioValuation({
    currency: 'USD',
    asOf: '2024-01-03',
    holdings: [
      {
        id: 'acme',
        class: 'market_investment',
        currency: 'USD',
        symbol: 'ACME',
        transactions: [tx('2024-01-01', 'buy', '10', '100', { fees: '5' })],
        closes: series({ '2024-01-01': 100, '2024-01-02': 110, '2024-01-03': 99 }),
      },
    ],
  });

  it('values the units at each close', () => {
    expect(valueOn(result, '2024-01-01')).toBe(1000);
    expect(valueOn(result, '2024-01-02')).toBe(1100);
    expect(valueOn(result, '2024-01-03')).toBeCloseTo(990, 9);
    expect(result.daily.inflow[0]).toBe(1005);
  });

  it('gives exact headline figures', () => {
    expect(result.figures).toEqual({
      value: '990',
      previousValue: '1100',
      dayChange: '-110',
      costBasis: '1005',
      unrealisedGain: '-15',
      realisedGain: '0',
      dividends: '0',
      interest: '0',
      fees: '5',
      taxes: '0',
      currencyEffect: '0',
      netContributions: '1005',
      revaluation: '0',
    });
    // The same day in the holding's own currency (EUR here: the same figures).
    expect(result.holdings[0]?.own).toEqual({
      value: '990',
      previousValue: '1100',
      dayChange: '-110',
    });
    expect(result.holdings[0]?.quantity).toBe('10');
    expect(result.holdings[0]?.price).toBe(99);
  });

  it('chains the daily returns', () => {
    const returns = [1000 / 1005 - 1, 0.1, -0.1];
    const p = result.performance;
    expect(p.start).toBe('2024-01-01');
    expect(p.days).toBe(3);
    expect(p.twr).toBeCloseTo((1000 / 1005) * 1.1 * 0.9 - 1, 12);
    expect(p.twrAnnualised).toBeNull();
    // -1005 + 990 (1+x)^(-3/365) = 0  =>  (1+x)^(3/365) = 990/1005
    const x = Math.pow(990 / 1005, 365 / 3) - 1;
    expect(p.mwrAnnualised).toBeCloseTo(x, 9);
    expect(p.mwr).toBeCloseTo(990 / 1005 - 1, 12);
    expect(p.volatility).toBeCloseTo(annualisedStdev(returns), 12);
    // The index peaks at 1.0945 (2 Jan) and falls 10% the next day.
    expect(p.maxDrawdown).toBeCloseTo(-0.1, 12);
  });

  it('draws every day with net contributions and the TWR index', () => {
    expect(result.series.map((point) => [point.date, point.value, point.netContributions])).toEqual(
      [
        ['2024-01-01', 1000, 1005],
        ['2024-01-02', 1100, 1005],
        ['2024-01-03', 990, 1005],
      ],
    );
    expect(result.series[2]?.twrIndex).toBeCloseTo((1000 / 1005) * 1.1 * 0.9, 12);
  });
});
