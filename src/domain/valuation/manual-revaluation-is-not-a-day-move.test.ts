import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { series, tx, valueOn } from './testing/builders';
import type { HoldingInput } from './types';

// A flat bought 10 Jan 2020 for 317,500 (its purchase point), valued again at 347,500: a value
// typed by hand. Dated on the day of the figures (asOf) it is a revaluation: in the value, the
// chart and the returns on its date, but not a move of the day.
//   V(asOf - 1) = 317,500, V(asOf) = 347,500, In = Out = 0.
//   day change = 347,500 - 317,500 - 30,000 (revaluation) = 0; TWR (MAX) = 347.5 / 317.5 - 1.
const flat = (points: Record<string, number>): HoldingInput => ({
  id: 'flat',
  class: 'real_estate_investment',
  currency: 'EUR',
  transactions: [tx('2020-01-10', 'buy', '1', '317500')],
  valuations: series(points),
});

describe('a value typed for a flat', () => {
  it('dated today: not a gain of the day, but in the value, the chart and the returns', () => {
    const result = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2026-03-02',
      holdings: [flat({ '2020-01-10': 317500, '2026-03-02': 347500 })],
    });
    expect(result.figures).toMatchObject({
      value: '347500',
      previousValue: '317500',
      revaluation: '30000',
      dayChange: '0',
      unrealisedGain: '30000',
    });
    expect(result.holdings[0]?.own).toEqual({
      value: '347500',
      previousValue: '317500',
      dayChange: '0',
    });
    expect(valueOn(result, '2026-03-01')).toBe(317500);
    expect(result.series.at(-1)).toMatchObject({ date: '2026-03-02', value: 347500 });
    expect(result.performance.twr).toBeCloseTo(347500 / 317500 - 1, 12);
  });

  it('dated earlier: a step on its own date, and today is a day like any other', () => {
    const result = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2026-03-02',
      holdings: [flat({ '2020-01-10': 317500, '2025-06-30': 347500 })],
    });
    expect(result.figures).toMatchObject({ value: '347500', dayChange: '0', revaluation: '0' });
    expect(valueOn(result, '2025-06-29')).toBe(317500);
    expect(valueOn(result, '2025-06-30')).toBe(347500);
    // The day it is dated, it was the day's move: a valuation on asOf alone is left out.
    const then = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2025-07-01',
      holdings: [flat({ '2020-01-10': 317500, '2025-06-30': 347500, '2025-07-01': 350000 })],
    });
    expect(then.figures).toMatchObject({ dayChange: '0', revaluation: '2500' });
  });

  it('in another currency: the rate’s move on the old value is the day change, the rest is not', () => {
    // EUR->USD 1.25 the day before, 1.00 on asOf; the USD flat goes from 100,000 to 110,000.
    const result = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-01-03',
      fx: { rates: { USD: series({ '2024-01-02': 1.25, '2024-01-03': 1 }) } },
      holdings: [
        {
          ...flat({ '2024-01-02': 100000, '2024-01-03': 110000 }),
          currency: 'USD',
          transactions: [tx('2024-01-02', 'buy', '1', '100000')],
        },
      ],
    });
    // V(asOf - 1) = 100,000 / 1.25 = 80,000 EUR; V(asOf) = 110,000 EUR; revaluation 10,000 EUR.
    expect(result.figures).toMatchObject({
      value: '110000',
      previousValue: '80000',
      revaluation: '10000',
      dayChange: '20000',
    });
    // In its own currency the flat did not move: the 20,000 EUR are the dollar's rise.
    expect(result.holdings[0]?.own).toEqual({
      value: '110000',
      previousValue: '100000',
      dayChange: '0',
    });
  });

  it('a price typed by hand on a market holding without closes is a revaluation too', () => {
    // 10 shares bought the day before at 100; today's "close" is the price typed on it, 120.
    const holding: HoldingInput = {
      id: 'unlisted',
      class: 'market_investment',
      currency: 'EUR',
      transactions: [tx('2024-01-02', 'buy', '10', '100')],
      closes: series({ '2024-01-03': 120 }),
    };
    const typed = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-01-03',
      holdings: [{ ...holding, manualPrices: true }],
    });
    expect(typed.figures).toMatchObject({ value: '1200', revaluation: '200', dayChange: '0' });
    expect(typed.holdings[0]?.own.dayChange).toBe('0');
    expect(typed.performance.twr).toBeCloseTo(0.2, 12);
    // The same close from a market is the day's move.
    const market = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-01-03',
      holdings: [holding],
    });
    expect(market.figures).toMatchObject({ value: '1200', revaluation: '0', dayChange: '200' });
  });
});
