import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { inflowOn, outflowOn, series, valueOn } from './testing/builders';
import type { HoldingInput } from './types';

// Deposit 1,000 on 1 Jan 2024; interest 10 (tax 3 withheld) credited on 31 Jan; deposit 500 on
// 1 Feb; withdraw 200 on 15 Feb.
//   Balance: 1,000 -> 1,007 (31 Jan) -> 1,507 (1 Feb) -> 1,307 (15 Feb)
//   In: 1,000 (1 Jan), 500 (1 Feb); Out: 200 (15 Feb). Interest is not a flow: it is the return.
//   r(31 Jan) = 1,007 / 1,000 - 1 = 0.7%; r(1 Feb) = 1,507 / (1,007 + 500) - 1 = 0;
//   r(15 Feb) = (1,307 + 200) / 1,507 - 1 = 0.   TWR = 0.7%.
const account: HoldingInput = {
  id: 'livret',
  class: 'savings_account',
  currency: 'EUR',
  savings: {
    flows: [
      { date: '2024-01-01', type: 'deposit', amount: '1000' },
      { date: '2024-01-31', type: 'interest', amount: '10', tax: '3' },
      { date: '2024-02-01', type: 'deposit', amount: '500' },
      { date: '2024-02-15', type: 'withdrawal', amount: '200' },
    ],
  },
};

describe('a savings account', () => {
  const result = computePortfolioValuation({
    currency: 'EUR',
    asOf: '2024-02-29',
    holdings: [account],
  });

  it('is worth its running balance', () => {
    expect(valueOn(result, '2024-01-30')).toBe(1000);
    expect(valueOn(result, '2024-01-31')).toBe(1007);
    expect(valueOn(result, '2024-02-01')).toBe(1507);
    expect(valueOn(result, '2024-02-29')).toBe(1307);
    expect(inflowOn(result, '2024-02-01')).toBe(500);
    expect(outflowOn(result, '2024-02-15')).toBe(200);
  });

  it('returns the interest only', () => {
    expect(result.performance.twr).toBeCloseTo(0.007, 12);
    expect(result.figures).toMatchObject({
      value: '1307',
      costBasis: '1300',
      unrealisedGain: '7',
      interest: '10',
      taxes: '3',
      netContributions: '1300',
    });
  });

  it('follows a balance series when the server has one', () => {
    const withBalances = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-02-29',
      holdings: [
        { ...account, savings: { ...account.savings, balances: series({ '2024-02-20': 1310 }) } },
      ],
    });
    expect(valueOn(withBalances, '2024-02-19')).toBe(1307);
    expect(valueOn(withBalances, '2024-02-20')).toBe(1310);
    expect(withBalances.figures.value).toBe('1310');
    expect(withBalances.performance.twr).toBeCloseTo(1.007 * (1310 / 1307) - 1, 12);
  });
});
