import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { inflowOn, series, tx, valueOn } from './testing/builders';

// 10 shares bought 1 Jan at 100 with 2 of fees; the close stays 100. On 3 Jan a custody fee of 5
// is paid (a fee transaction: 1 x 5, with 0.5 in its own fees column).
//   V: 1,000 every day (the fee buys nothing).      In: 1,002 on 1 Jan, 5.5 on 3 Jan.
//   fees = 2 + 5 + 0.5 = 7.5 (the payment's amount is a fee too, not only its fees column).
//   cost basis = 1,002 (the lot: a fee payment buys no units), unrealised = -2.
//   r(3 Jan) = 1,000 / (1,000 + 5.5) - 1: the fee is a loss of its day, in the day change too.
describe('a fee payment', () => {
  const result = computePortfolioValuation({
    currency: 'EUR',
    asOf: '2024-01-03',
    holdings: [
      {
        id: 'acme',
        class: 'market_investment',
        currency: 'EUR',
        transactions: [
          tx('2024-01-01', 'buy', '10', '100', { fees: '2' }),
          tx('2024-01-03', 'fee', '1', '5', { fees: '0.5' }),
        ],
        closes: series({ '2024-01-01': 100 }),
      },
    ],
  });

  it('counts its whole amount in the fees, and none in the cost basis or the value', () => {
    expect(result.figures).toMatchObject({
      value: '1000',
      fees: '7.5',
      costBasis: '1002',
      unrealisedGain: '-2',
      netContributions: '1007.5',
    });
    expect(result.holdings[0]?.figures.fees).toBe('7.5');
    expect(valueOn(result, '2024-01-03')).toBe(1000);
    expect(inflowOn(result, '2024-01-03')).toBe(5.5);
  });

  it('is a loss of the day it is paid: in the day change and the returns', () => {
    expect(result.figures.dayChange).toBe('-5.5');
    expect(result.figures.revaluation).toBe('0');
    expect(result.holdings[0]?.own.dayChange).toBe('-5.5');
    const r1 = 1000 / 1002 - 1;
    const r3 = 1000 / 1005.5 - 1;
    expect(result.performance.twr).toBeCloseTo((1 + r1) * (1 + r3) - 1, 12);
  });
});
