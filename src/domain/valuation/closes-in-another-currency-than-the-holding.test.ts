import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { series, tx } from './testing/builders';
import type { HoldingInput } from './types';

// A share listed in dollars, held in a euro account: its trades and open lots are in euros, its
// closes in dollars. EUR->USD 1.25 on 2 Jan (the buy), 1.10 from 10 Jan. 10 shares bought on
// 2 Jan at 100 EUR with 2 EUR of fees (cost 1,002 EUR); close 132 USD on 10 Jan.
//   value: 10 x 132 = 1,320 USD = 1,320 / 1.10 = 1,200 EUR
//   cost: 1,002 EUR as recorded (not 1,002 read as dollars, 801.60 EUR)
const account = (withLots: boolean): HoldingInput => ({
  id: 'acme',
  class: 'market_investment',
  currency: 'USD',
  ledgerCurrency: 'EUR',
  transactions: [tx('2024-01-02', 'buy', '10', '100', { fees: '2', currency: 'EUR' })],
  ...(withLots
    ? {
        openLots: [
          {
            acquisitionDate: '2024-01-02',
            remainingQuantity: '10',
            acquisitionPrice: '100',
            exchangeRateToBase: '1',
            feesRemaining: '2',
          },
        ],
        realized: [],
      }
    : {}),
  closes: series({ '2024-01-02': 125, '2024-01-10': 132 }),
});
const fx = { rates: { USD: series({ '2024-01-02': 1.25, '2024-01-10': 1.1 }) } };

describe.each([
  ['the ledger’s open lots', true],
  ['the engine’s own replay', false],
])('a dollar-listed share held in euros, costed from %s', (_name, withLots) => {
  const result = computePortfolioValuation({
    currency: 'EUR',
    baseCurrency: 'EUR',
    asOf: '2024-01-10',
    fx,
    holdings: [account(withLots)],
  });
  const holding = result.holdings[0];

  it('costs what was paid in euros', () => {
    expect(result.figures.costBasis).toBe('1002');
    expect(result.figures.unrealisedGain).toBe('198');
  });

  it('is worth its dollar close converted at the day’s rate', () => {
    expect(result.figures.value).toBe('1200');
    expect(holding?.currency).toBe('USD');
    expect(holding?.own.value).toBe('1320');
  });

  it('gives its figures in its own currency, euros', () => {
    expect(holding?.held).toEqual({ currency: 'EUR', value: '1200', costBasis: '1002' });
  });

  it('in a dollar view, costs its euros at the purchase day’s rate', () => {
    const inDollars = computePortfolioValuation({
      currency: 'USD',
      baseCurrency: 'EUR',
      asOf: '2024-01-10',
      fx,
      holdings: [account(withLots)],
    });
    expect(inDollars.figures.value).toBe('1320');
    expect(inDollars.figures.costBasis).toBe('1252.5');
    expect(inDollars.holdings[0]?.held).toEqual({
      currency: 'EUR',
      value: '1200',
      costBasis: '1002',
    });
  });
});

describe('a holding whose closes are in its own currency', () => {
  it('gives the same figures as held', () => {
    const result = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-01-10',
      fx,
      holdings: [
        {
          id: 'usd',
          class: 'market_investment',
          currency: 'USD',
          transactions: [tx('2024-01-02', 'buy', '10', '100', { fees: '2' })],
          closes: series({ '2024-01-10': 132 }),
        },
      ],
    });
    expect(result.holdings[0]?.held).toEqual({ currency: 'USD', value: '1320', costBasis: '1002' });
  });
});
