import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { series, tx, valueOn } from './testing/builders';
import type { ValuationInput } from './types';

// Target EUR. Rates EUR->USD: 1.25 on 1 Jan, 1.00 from 2 Jan; EUR->GBP 0.8 throughout.
// - Paris (EUR): 10 @ 50, close 50 throughout: 500 every day.
// - Acme (USD): 10 @ 100 on 1 Jan; closes 100, 100, 110.
//     V: 1000/1.25 = 800, 1000/1 = 1000, 1100.   In(1 Jan) = 800 EUR.
//     unrealised 1100 - 800 = 300 = price effect (110 - 100) x 10 x 1.00 = 100
//                                 + currency effect 1000 USD x 1.00 - 800 EUR = 200
// - Tesco (GBp): 100 @ 250 pence = 250 GBP = 312.5 EUR at 0.8.
// - Maple (CAD): no CAD rate at all: unpriced, left out of every total.
// - Ghost (USD, market): no close at all: unpriced.
const input: ValuationInput = {
  currency: 'EUR',
  asOf: '2024-01-03',
  fx: {
    rates: {
      USD: series({ '2024-01-01': 1.25, '2024-01-02': 1 }),
      GBP: series({ '2023-06-01': 0.8 }),
    },
  },
  holdings: [
    {
      id: 'paris',
      class: 'market_investment',
      currency: 'EUR',
      transactions: [tx('2024-01-01', 'buy', '10', '50')],
      closes: series({ '2024-01-01': 50 }),
    },
    {
      id: 'acme',
      class: 'market_investment',
      currency: 'USD',
      transactions: [tx('2024-01-01', 'buy', '10', '100')],
      closes: series({ '2024-01-01': 100, '2024-01-02': 100, '2024-01-03': 110 }),
    },
    {
      id: 'tesco',
      class: 'market_investment',
      currency: 'GBp',
      transactions: [tx('2024-01-01', 'buy', '100', '250')],
      closes: series({ '2024-01-01': 250 }),
    },
    {
      id: 'maple',
      class: 'market_investment',
      currency: 'CAD',
      symbol: 'MPL',
      transactions: [tx('2024-01-01', 'buy', '10', '10')],
      closes: series({ '2024-01-01': 10 }),
    },
    {
      id: 'ghost',
      class: 'market_investment',
      currency: 'USD',
      symbol: 'GHST',
      transactions: [tx('2024-01-01', 'buy', '1', '10')],
    },
  ],
};

describe('two currencies with exchange rate changes', () => {
  const result = computePortfolioValuation(input);
  const acme = result.holdings.find((h) => h.id === 'acme');
  const tesco = result.holdings.find((h) => h.id === 'tesco');

  it('converts USD at each day rate (never relabels it as EUR)', () => {
    // 500 (Paris) + 800 (Acme) + 312.5 (Tesco) on 1 Jan.
    expect(valueOn(result, '2024-01-01')).toBeCloseTo(1612.5, 9);
    expect(valueOn(result, '2024-01-02')).toBeCloseTo(1812.5, 9);
    expect(valueOn(result, '2024-01-03')).toBeCloseTo(1912.5, 9);
    expect(result.daily.inflow[0]).toBeCloseTo(1612.5, 9);
    expect(acme?.figures.value).toBe('1100');
    expect(acme?.figures.costBasis).toBe('800');
  });

  it('splits the gain into price and currency effects', () => {
    expect(acme?.figures.unrealisedGain).toBe('300');
    expect(acme?.figures.currencyEffect).toBe('200');
    expect(result.figures.currencyEffect).toBe('200');
  });

  it('reads GBp quotes as pence of GBP', () => {
    expect(tesco?.currency).toBe('GBP');
    expect(tesco?.price).toBe(2.5);
    expect(tesco?.figures.value).toBe('312.5');
  });

  it('leaves out, and lists, what it cannot price', () => {
    expect(result.unpriced).toEqual([
      { id: 'maple', symbol: 'MPL', reason: 'missing-rate', missingRates: ['CAD->EUR'] },
      { id: 'ghost', symbol: 'GHST', reason: 'no-closes', missingRates: [] },
    ]);
    expect(result.missingRates).toEqual(['CAD->EUR']);
    expect(result.figures.value).toBe('1912.5');
    expect(result.holdings.map((h) => h.id)).toEqual(['paris', 'acme', 'tesco']);
  });

  it('measures returns in the target currency', () => {
    // r(2 Jan) = 1812.5 / 1612.5 - 1 (all of it the dollar's rise); r(3 Jan) = 1912.5 / 1812.5 - 1
    expect(result.performance.twr).toBeCloseTo(1912.5 / 1612.5 - 1, 12);
    expect(acme?.performance.twr).toBeCloseTo(1100 / 800 - 1, 12);
  });

  it('uses the first known rate before it, and the last known one after it', () => {
    const early = computePortfolioValuation({ ...input, asOf: '2024-01-05' });
    // 1 Jan and 2 Jan rates as above; 4 and 5 Jan carry 2 Jan's rate (1.00).
    expect(valueOn(early, '2024-01-05')).toBeCloseTo(1912.5, 9);
    const before = computePortfolioValuation({
      ...input,
      fx: { rates: { USD: series({ '2024-01-02': 1 }), GBP: series({ '2024-01-02': 0.8 }) } },
    });
    expect(before.holdings.find((h) => h.id === 'acme')?.figures.costBasis).toBe('1000');
  });
});
