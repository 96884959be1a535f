import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runProjection, type ProjectionInput } from './projection';

/**
 * Without contributions, the log-normal mode's end value is V0 * exp(sum of n normal monthly
 * log-returns): log-normal with mean n*mu and standard deviation sigma*sqrt(n). Its percentiles
 * are known in closed form; the simulated ones must match them within the sampling error.
 */

const Z = {
  5: -1.6448536269514722,
  25: -0.6744897501960817,
  50: 0,
  75: 0.6744897501960817,
  95: 1.6448536269514722,
};

const base = (overrides: Partial<ProjectionInput>): ProjectionInput => ({
  startValue: 10_000,
  monthlyContribution: 0,
  contributionGrowth: 0,
  months: 120,
  expectedReturn: 0.06,
  volatility: 0.15,
  inflation: 0.02,
  events: [],
  paths: 20_000,
  seed: 1,
  mode: 'lognormal',
  ...overrides,
});

describe('the log-normal end value', () => {
  it('has the closed-form median and spread', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 12, max: 360 }),
        fc.double({ min: -0.05, max: 0.15, noNaN: true }),
        fc.double({ min: 0.01, max: 0.4, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (startValue, months, expectedReturn, volatility, seed) => {
          const result = runProjection(
            base({ startValue, months, expectedReturn, volatility, seed }),
          );
          const sigma = volatility / Math.sqrt(12);
          const mu = Math.log1p(expectedReturn) / 12 - (sigma * sigma) / 2;
          const spread = sigma * Math.sqrt(months);
          for (const p of [5, 25, 50, 75, 95] as const) {
            const expected = Math.log(startValue) + months * mu + Z[p] * spread;
            const simulated = Math.log(result.bands[p][months]!);
            // Sampling error of a percentile of 20,000 draws is under 2% of the spread (about
            // 0.013 spreads at the tails); a tenth of the spread leaves room and still fails a
            // wrong mean, variance or drift correction.
            expect(Math.abs(simulated - expected)).toBeLessThan(0.1 * spread);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('has the mean growth the expected return names, whatever the volatility', () => {
    const result = runProjection(base({ months: 12, volatility: 0.3, paths: 50_000, seed: 7 }));
    // The median of a year is below 1.06 by half the variance; the mean (exp of mean + var/2) is
    // 1.06: check through the closed-form median instead of averaging paths.
    const median = result.bands[50][12]! / 10_000;
    expect(median).toBeCloseTo(1.06 * Math.exp(-(0.3 ** 2) / 2), 2);
  });
});
