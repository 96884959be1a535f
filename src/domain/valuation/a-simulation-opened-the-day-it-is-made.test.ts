import { describe, expect, it } from 'vitest';
import { computePortfolioValuation, performanceForRange } from './engine';
import { xirr } from './returns';
import { series, tx } from './testing/builders';
import type { HoldingInput, SavingsFlow } from './types';

// A simulation's cash is a savings-like line: its initial cash (100,000) paid in on its first
// day, a buy a withdrawal from it (docs/decisions.md, 'Cash' and 'A simulation's starting cash').
// Money put in counts as at work from the start of its day, for the TWR as for the MWR: the
// initial cash is put in at the start of the first day and the value is read at its end.
const cash = (...flows: SavingsFlow[]): HoldingInput => ({
  id: 'cash',
  class: 'savings_account',
  currency: 'EUR',
  savings: { flows },
});
const initial = { date: '2024-03-01', type: 'deposit', amount: '100000' } as const;

describe('a simulation opened the day it is made', () => {
  it('has returns of 0 while its value is what was put in', () => {
    // -100,000 at the start of 1 March, +100,000 at its end: 0 (it was -99.97%: both flows fell
    // on the same instant, where every rate solves the equation, and the solver took -3000).
    for (const range of ['1W', '1M', '1Y', 'YTD', 'MAX'] as const) {
      const result = computePortfolioValuation({
        currency: 'EUR',
        asOf: '2024-03-01',
        range,
        holdings: [cash(initial)],
      });
      expect(result.figures).toMatchObject({ value: '100000', netContributions: '100000' });
      expect(result.performance).toMatchObject({ start: '2024-03-01', days: 1, twr: 0 });
      expect(result.performance.mwr).toBeCloseTo(0, 12);
      expect(result.performance.mwrAnnualised).toBeCloseTo(0, 12);
    }
  });

  it('has MWR = TWR over the day when a buy moved the value', () => {
    // 100 units bought at 100 from the cash, closing at 106 the same day: the value is
    // 90,000 + 10,600 = 100,600 for 100,000 put in at the start of the day. The 10,000 moved
    // from the cash into the fund is no flow of the simulation (the fund's In, the cash's
    // internal withdrawal): r = 100,600 / 100,000 - 1 = 0.6%, where counting the fund's 10,000
    // as money put in and the cash's as money taken out gave 110,600 / 110,000 - 1 = 0.545%.
    const result = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-03-01',
      holdings: [
        cash(initial, { date: '2024-03-01', type: 'withdrawal', amount: '10000', internal: true }),
        {
          id: 'fund',
          class: 'market_investment',
          currency: 'EUR',
          transactions: [tx('2024-03-01', 'buy', '100', '100')],
          closes: series({ '2024-03-01': 106 }),
        },
      ],
    });
    const p = result.performance;
    expect(result.figures.value).toBe('100600');
    expect(p.twr).toBeCloseTo(0.006, 12);
    expect(p.mwr).toBeCloseTo(0.006, 12);
    expect(p.mwrAnnualised).toBeCloseTo(Math.pow(1.006, 365) - 1, 6);
    expect(result.figures).toMatchObject({ netContributions: '100000', dayChange: '600' });
    // The fund's own return is its own: bought at 100, worth 106.
    expect(result.holdings.find((h) => h.id === 'fund')?.performance.twr).toBeCloseTo(0.06, 12);
  });

  it('sees a sale and a dividend into the cash as no flow either', () => {
    // Bought 100 at 100 on 1 March (V = 100,000); on 2 March the close is 110, 50 are sold at 110
    // (5,500 back into the cash) and a dividend of 1 a unit is paid on the 50 left (50 into the
    // cash): cash 100,000 - 10,000 + 5,500 + 50 = 95,550, fund 50 x 110 = 5,500, V = 101,050.
    // No flow on 2 March: r = 101,050 / 100,000 - 1 = 1.05%.
    const result = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-03-02',
      holdings: [
        cash(
          initial,
          { date: '2024-03-01', type: 'withdrawal', amount: '10000', internal: true },
          { date: '2024-03-02', type: 'deposit', amount: '5500', internal: true },
          { date: '2024-03-02', type: 'deposit', amount: '50', internal: true },
        ),
        {
          id: 'fund',
          class: 'market_investment',
          currency: 'EUR',
          transactions: [
            tx('2024-03-01', 'buy', '100', '100'),
            tx('2024-03-02', 'sell', '50', '110'),
            tx('2024-03-02', 'dividend', '50', '1'),
          ],
          closes: series({ '2024-03-01': 100, '2024-03-02': 110 }),
        },
      ],
    });
    const p = result.performance;
    expect(result.figures.value).toBe('101050');
    expect(result.daily.inflow[1]).toBe(0);
    expect(result.daily.outflow[1]).toBe(0);
    expect(p.twr).toBeCloseTo(0.0105, 12);
    expect(p.mwr).toBeCloseTo(0.0105, 12);
    expect(result.figures).toMatchObject({ netContributions: '100000', dayChange: '1050' });
  });

  it('keeps 0 on the following days and in every later range', () => {
    const result = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-03-20',
      range: 'MAX',
      holdings: [cash(initial)],
    });
    expect(result.performance).toMatchObject({ start: '2024-03-01', days: 20, twr: 0 });
    expect(result.performance.mwr).toBeCloseTo(0, 12);
    // 1W (14 to 20 March) opens on 13 March, with the 100,000 already there.
    const week = performanceForRange(result.daily, '1W', '2024-03-20');
    expect(week).toMatchObject({ start: '2024-03-14', openingValue: 100000, twr: 0 });
    expect(week.mwr).toBeCloseTo(0, 12);
  });
});

describe('xirr of flows that all fall on one instant', () => {
  it('has no answer: no time passes, so no rate is measured', () => {
    // Every rate solves -100 + 100 = 0, none solves -100 + 90 = 0.
    expect(xirr([5, 5], [-100, 100])).toBeNull();
    expect(xirr([5, 5, 5], [-100, 40, 50])).toBeNull();
  });
});
