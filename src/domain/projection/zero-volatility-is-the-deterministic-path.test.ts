import { describe, expect, it } from 'vitest';
import {
  BAND_PERCENTILES,
  deterministicPath,
  runProjection,
  type ProjectionInput,
} from './projection';

const input: ProjectionInput = {
  startValue: 25_000,
  monthlyContribution: 500,
  contributionGrowth: 0.03,
  months: 240,
  expectedReturn: 0.05,
  volatility: 0,
  inflation: 0.02,
  events: [
    { month: 60, amount: -40_000 },
    { month: 100, amount: 15_000 },
  ],
  paths: 500,
  seed: 42,
  mode: 'lognormal',
};

describe('a projection without volatility', () => {
  it('gives every band the deterministic path, exactly', () => {
    const result = runProjection(input);
    for (const p of BAND_PERCENTILES) expect(result.bands[p]).toEqual(result.deterministic);
    expect(result.deterministic).toEqual(deterministicPath(input));
  });

  it('grows by the expected return a year, adds contributions rising each year and events', () => {
    const path = deterministicPath({ ...input, events: [] });
    // A year of 500 a month at 5% a year, compounded monthly from the start value.
    const g = 1.05 ** (1 / 12);
    let value = 25_000;
    for (let m = 1; m <= 12; m += 1) value = value * g + 500;
    expect(path[12]).toBeCloseTo(value, 6);
    // The second year's contributions are 3% higher.
    let next = value;
    for (let m = 13; m <= 24; m += 1) next = next * g + 515;
    expect(path[24]).toBeCloseTo(next, 6);
  });

  it('stops at zero when a withdrawal takes more than is there, and counts what was paid in', () => {
    const result = runProjection({
      ...input,
      startValue: 1_000,
      monthlyContribution: 0,
      events: [
        { month: 2, amount: -5_000 },
        { month: 3, amount: 200 },
      ],
    });
    expect(result.deterministic[2]).toBe(0);
    expect(result.deterministic[3]).toBe(200);
    expect(result.paidIn[3]).toBe(1_000 - 5_000 + 200);
  });

  it('turns nominal values into today’s money with the inflation rate', () => {
    const result = runProjection({ ...input, months: 24, events: [] });
    expect(result.deflator[0]).toBe(1);
    expect(result.deflator[12]).toBeCloseTo(1 / 1.02, 12);
    expect(result.deflator[24]).toBeCloseTo(1 / 1.02 ** 2, 12);
  });
});
