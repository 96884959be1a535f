import { describe, expect, it } from 'vitest';
import { toDay } from './dates';
import { computePortfolioValuation, performanceForRange } from './engine';
import { xirr } from './returns';
import { series, tx } from './testing/builders';

// The worked example of docs/decisions.md (Valuation engine). 100 units bought 1 June 2023 at 10; the
// price is 10 until 29 June 2024, 12 from 30 June, 11 from 31 December. On 1 July 2024 another
// 100 units are bought at 12 (a deposit of 1,200 in the middle of the year).
//
// YTD 2024 (opening day 31 Dec 2023, V = 1,000; 366 days):
//   r(30 Jun) = 1,200 / 1,000 - 1 = 20%
//   r(1 Jul)  = 2,400 / (1,200 + 1,200) - 1 = 0
//   r(31 Dec) = 2,200 / 2,400 - 1 = -8.333%
//   every other day 0                          TWR = 1.2 x 11/12 - 1 = 10%
//   TWR annualised (366 days >= 365): 1.1^(365/366) - 1
// MWR: -1,000 on 31 Dec 2023 (t = 0), -1,200 at the start of 1 Jul 2024 (t = 182/365), +2,200
//   on 31 Dec 2024 (t = 366/365):  1,000 (1+x)^(366/365) + 1,200 (1+x)^(184/365) = 2,200  =>  x = 0.
//   The investor put 2,200 in and has 2,200: the money-weighted return is 0, while the
//   time-weighted return (what the holding did, whatever the timing of the deposit) is 10%.
const input = {
  currency: 'EUR',
  asOf: '2024-12-31',
  range: 'YTD' as const,
  holdings: [
    {
      id: 'fund',
      class: 'market_investment' as const,
      currency: 'EUR',
      transactions: [tx('2023-06-01', 'buy', '100', '10'), tx('2024-07-01', 'buy', '100', '12')],
      closes: series({ '2023-06-01': 10, '2024-06-30': 12, '2024-12-31': 11 }),
    },
  ],
};

describe('TWR and MWR with a deposit in the middle of the range', () => {
  const result = computePortfolioValuation(input);
  const p = result.performance;

  it('measures the time-weighted return', () => {
    expect(p.start).toBe('2024-01-01');
    expect(p.days).toBe(366);
    expect(p.openingValue).toBe(1000);
    expect(p.twr).toBeCloseTo(0.1, 12);
    expect(p.twrAnnualised).toBeCloseTo(Math.pow(1.1, 365 / 366) - 1, 12);
  });

  it('measures the money-weighted return', () => {
    expect(p.mwrAnnualised).toBeCloseTo(0, 9);
    expect(p.mwr).toBeCloseTo(0, 9);
  });

  it('draws the range from its opening day with the TWR index', () => {
    expect(result.series[0]).toEqual({
      date: '2023-12-31',
      value: 1000,
      netContributions: 1000,
      twrIndex: 1,
    });
    expect(result.series.at(-1)).toMatchObject({ date: '2024-12-31', value: 2200 });
    expect(result.series.at(-1)?.twrIndex).toBeCloseTo(1.1, 12);
    expect(result.series.at(-1)?.netContributions).toBe(2200);
    expect(result.series).toHaveLength(367);
  });

  it('gives the other ranges from the same daily arrays', () => {
    // Since the first buy: -1,000 on 1 Jun 2023, -1,200 on 1 Jul 2024, +2,200: MWR 0 again.
    const max = performanceForRange(result.daily, 'MAX', '2024-12-31');
    expect(max.start).toBe('2023-06-01');
    expect(max.twr).toBeCloseTo(0.1, 12);
    expect(max.mwrAnnualised).toBeCloseTo(0, 9);
    // The last month: no flow, 2,400 -> 2,200 on the last day.
    const month = performanceForRange(result.daily, '1M', '2024-12-31');
    expect(month.start).toBe('2024-12-01');
    expect(month.twr).toBeCloseTo(2200 / 2400 - 1, 12);
    expect(month.maxDrawdown).toBeCloseTo(2200 / 2400 - 1, 12);
  });
});

describe('xirr', () => {
  it("agrees with the spreadsheet's documented example (37.34%)", () => {
    const days = ['2008-01-01', '2008-03-01', '2008-10-30', '2009-02-15', '2009-04-01'].map(toDay);
    expect(xirr(days, [-10000, 2750, 4250, 3250, 2750])).toBeCloseTo(0.373362535, 8);
  });

  it('has no answer when every flow has the same sign, or a single flow', () => {
    expect(xirr([0, 365], [-100, -5])).toBeNull();
    expect(xirr([0], [100])).toBeNull();
  });

  it('solves total losses and large gains', () => {
    expect(xirr([0, 365], [-100, 1])).toBeCloseTo(-0.99, 9);
    expect(xirr([0, 365], [-100, 10000])).toBeCloseTo(99, 6);
    expect(xirr([0, 30], [-100, 150])).toBeCloseTo(Math.pow(1.5, 365 / 30) - 1, 3);
  });
});
