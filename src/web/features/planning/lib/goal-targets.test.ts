import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@/contracts/valuation';
import { dashboardWith } from '../test/dashboard';
import { goalWith } from '../test/goals';
import { goalLines, rateOf, targetsOf, wholeMonths } from './goal-targets';

const PORTFOLIO = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const SIMULATION = '00000000-0000-4000-8000-00000000000c';
const REAL = { portfolioId: PORTFOLIO, simulationId: null };

/** 100,000 USD of net worth on 2026-11-25: the active portfolio 60,000, another 40,000. */
const twoPortfolios = () =>
  dashboardWith({
    value: '100000.00',
    assetClass: [{ key: 'market', weight: 1 }],
    portfolios: [
      { id: PORTFOLIO, name: 'Main', value: '60000.00' },
      { id: OTHER, name: 'Savings', value: '40000.00' },
    ],
  });

/** The same dashboard as a simulation's, its cash converted (or not, `cash: null`). */
function simulationDashboard(cash: string | null): DashboardResponse {
  return {
    ...dashboardWith({ value: '80000.00', assetClass: [{ key: 'market', weight: 1 }] }),
    simulation: {
      id: SIMULATION,
      portfolioId: PORTFOLIO,
      cash,
      baseCash: { amount: '1000.00', currency: 'USD' },
    },
  };
}

describe('whole months to a goal', () => {
  it('counts calendar months, a month short until its day comes', () => {
    expect(wholeMonths('2026-11-25', '2036-11-25')).toBe(120);
    expect(wholeMonths('2026-11-25', '2036-11-24')).toBe(119);
    expect(wholeMonths('2026-11-25', '2026-11-30')).toBe(0);
    expect(wholeMonths('2026-01-31', '2026-02-28')).toBe(0);
    expect(wholeMonths('2026-11-25', '2025-11-25')).toBe(-12);
  });
});

describe('the goals compared with a projection', () => {
  it('keeps active whole-portfolio goals, and places each by its date against the horizon', () => {
    const goals = [
      goalWith(PORTFOLIO, { title: 'Soon', targetAmount: '1000', targetDate: '2026-11-25' }),
      goalWith(PORTFOLIO, { title: 'Ten', targetAmount: '150000.50', targetDate: '2036-11-25' }),
      goalWith(PORTFOLIO, { title: 'Gone', targetAmount: '1000', targetDate: '2026-11-24' }),
      goalWith(PORTFOLIO, { title: 'Edge', targetAmount: '1000', targetDate: '2046-11-25' }),
      goalWith(PORTFOLIO, { title: 'Late', targetAmount: '1000', targetDate: '2046-12-25' }),
      goalWith(PORTFOLIO, {
        title: 'Paused',
        targetAmount: '1000',
        targetDate: '2030-01-01',
        status: 'paused',
      }),
      goalWith(PORTFOLIO, {
        title: 'Chosen',
        targetAmount: '1000',
        targetDate: '2030-01-01',
        measure: { kind: 'holdings', holdingIds: ['00000000-0000-4000-8000-0000000000f1'] },
      }),
      goalWith(PORTFOLIO, {
        title: 'Typed',
        targetAmount: '1000',
        targetDate: '2030-01-01',
        measure: { kind: 'manual', currentAmount: '10' },
      }),
    ];
    const lines = goalLines(goals, twoPortfolios(), REAL, 240);
    expect(lines.map((line) => [line.goal.title, line.kind])).toEqual([
      ['Soon', 'target'],
      ['Ten', 'target'],
      ['Gone', 'passed'],
      ['Edge', 'target'],
      ['Late', 'afterHorizon'],
    ]);
    expect(targetsOf(lines)).toEqual([
      { month: 0, amount: 1000 },
      { month: 120, amount: 150000.5 },
      { month: 240, amount: 1000 },
    ]);
  });

  it('converts another currency at the rate of the same value converted twice, never relabels', () => {
    // Main is 60,000 USD on the dashboard and 54,000 EUR in the goal's progress.
    const euro = goalWith(PORTFOLIO, {
      title: 'Chalet',
      targetAmount: '95000',
      currency: 'EUR',
      targetDate: '2030-11-25',
      currentAmount: '54000.00',
    });
    expect(rateOf(euro, twoPortfolios(), REAL)).toBeCloseTo(60_000 / 54_000, 12);
    const [line] = goalLines([euro], twoPortfolios(), REAL, 240);
    expect(line).toMatchObject({ kind: 'target', target: { month: 48 } });
    expect(line?.kind === 'target' && line.target.amount).toBeCloseTo(95_000 * (60 / 54), 6);
    expect(line?.kind === 'target' && line.converted).toBeCloseTo(105_555.56, 2);
  });

  it('has no rate without both values above zero or when a holding was left out', () => {
    const euro = (currentAmount: string | null, unconverted: string[] = []) =>
      goalWith(PORTFOLIO, {
        title: 'Chalet',
        targetAmount: '95000',
        currency: 'EUR',
        targetDate: '2030-11-25',
        currentAmount,
        unconverted,
      });
    const data = twoPortfolios();
    expect(rateOf(euro(null), data, REAL)).toBeNull();
    expect(rateOf(euro('0.00'), data, REAL)).toBeNull();
    expect(rateOf(euro('54000.00', ['Swiss fund']), data, REAL)).toBeNull();
    // The active portfolio has no line of its own on the dashboard.
    const unlisted = { portfolioId: '00000000-0000-4000-8000-00000000000d', simulationId: null };
    expect(rateOf(euro('54000.00'), data, unlisted)).toBeNull();
    // The dashboard left a holding out for want of a rate into its currency.
    const unpriced: DashboardResponse = {
      ...data,
      unpriced: [
        { holdingId: '00000000-0000-4000-8000-0000000000f2', name: 'Fund', reason: 'no_rate' },
      ],
    };
    expect(rateOf(euro('54000.00'), unpriced, REAL)).toBeNull();
    expect(goalLines([euro(null)], data, REAL, 240).map((line) => line.kind)).toEqual(['noRate']);
    // The same currency needs no rate at all.
    const dollars = goalWith(PORTFOLIO, {
      title: 'House',
      targetAmount: '95000',
      targetDate: '2030-11-25',
      currentAmount: null,
    });
    expect(goalLines([dollars], data, REAL, 240)).toMatchObject([
      { kind: 'target', target: { month: 48, amount: 95_000 }, converted: null },
    ]);
  });

  it('reads a simulation’s value as its net worth, unless its cash had no rate', () => {
    const view = { portfolioId: PORTFOLIO, simulationId: SIMULATION };
    const euro = goalWith(PORTFOLIO, {
      title: 'Chalet',
      targetAmount: '95000',
      currency: 'EUR',
      targetDate: '2030-11-25',
      currentAmount: '64000.00',
      simulationId: SIMULATION,
    });
    expect(rateOf(euro, simulationDashboard('5000.00'), view)).toBeCloseTo(80_000 / 64_000, 12);
    expect(rateOf(euro, simulationDashboard(null), view)).toBeNull();
  });
});
