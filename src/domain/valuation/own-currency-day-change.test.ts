import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { series, tx } from './testing/builders';

// A dollar share in a euro portfolio. EUR->USD 1.25 on 2 Jan, 1.00 on 3 Jan. 10 shares held from
// 1 Jan; 5 more bought on 3 Jan at 160 with 1 of fees. Closes 150 on 2 Jan, 160 on 3 Jan.
//   own (USD): V(2 Jan) = 1,500, V(3 Jan) = 2,400, In = 801: day change 2,400 - 1,500 - 801 = 99
//   (10 x 10 of price move, less the 1 of fees).
//   EUR: V(2 Jan) = 1,200, V(3 Jan) = 2,400, In = 801: day change 399 (the dollar's rise too).
describe('a holding’s day change in its own currency', () => {
  const result = computePortfolioValuation({
    currency: 'EUR',
    asOf: '2024-01-03',
    fx: { rates: { USD: series({ '2024-01-01': 1.25, '2024-01-03': 1 }) } },
    holdings: [
      {
        id: 'acme',
        class: 'market_investment',
        currency: 'USD',
        transactions: [
          tx('2024-01-01', 'buy', '10', '150'),
          tx('2024-01-03', 'buy', '5', '160', { fees: '1' }),
        ],
        closes: series({ '2024-01-02': 150, '2024-01-03': 160 }),
      },
    ],
  });

  it('reads in dollars, the flows left out', () => {
    expect(result.holdings[0]?.currency).toBe('USD');
    expect(result.holdings[0]?.own).toEqual({
      value: '2400',
      previousValue: '1500',
      dayChange: '99',
    });
  });

  it('differs from the day change in the portfolio’s currency by the rate’s move', () => {
    expect(result.figures).toMatchObject({
      value: '2400',
      previousValue: '1200',
      dayChange: '399',
    });
  });
});
