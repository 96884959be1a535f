import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAND_PERCENTILES, bandPercentiles, PROJECTION_MODES, runProjection } from './projection';

/** The same seed and inputs give the same bands; bands never cross; another seed differs. */
describe('Monte Carlo bands', () => {
  it('are reproducible, ordered at every month, in every mode', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROJECTION_MODES),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: -500, max: 2_000 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 400 }),
        (mode, seed, startValue, monthlyContribution, months, paths) => {
          const input = {
            startValue,
            monthlyContribution,
            contributionGrowth: 0.02,
            months,
            expectedReturn: 0.07,
            volatility: 0.2,
            inflation: 0.02,
            events: [],
            paths,
            seed,
            mode,
            history: [0.02, -0.05, 0.01, 0.03, -0.01],
          };
          const a = runProjection(input);
          const b = runProjection(input);
          expect(a).toEqual(b);
          for (let m = 0; m <= months; m += 1) {
            for (let i = 1; i < BAND_PERCENTILES.length; i += 1) {
              const lower = a.bands[BAND_PERCENTILES[i - 1]!][m]!;
              const upper = a.bands[BAND_PERCENTILES[i]!][m]!;
              expect(lower).toBeLessThanOrEqual(upper);
            }
            expect(a.bands[5][m]).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('change with the seed', () => {
    const input = {
      startValue: 10_000,
      monthlyContribution: 100,
      contributionGrowth: 0,
      months: 24,
      expectedReturn: 0.07,
      volatility: 0.2,
      inflation: 0,
      events: [],
      paths: 1_000,
      seed: 1,
      mode: 'lognormal' as const,
    };
    expect(runProjection(input).bands[50][24]).not.toBe(
      runProjection({ ...input, seed: 2 }).bands[50][24],
    );
  });

  it('are the percentiles a sort gives (linear between ranks), ties and all', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -50, max: 50 }),
            // Skewed outcomes: a few paths far above the rest.
            fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }),
          ),
          { minLength: 1, maxLength: 300 },
        ),
        (numbers) => {
          const sorted = [...numbers].sort((a, b) => a - b);
          const expected = (p: number) => {
            const h = ((sorted.length - 1) * p) / 100;
            const low = Math.floor(h);
            const high = Math.min(low + 1, sorted.length - 1);
            return sorted[low]! + (sorted[high]! - sorted[low]!) * (h - low);
          };
          const found = bandPercentiles(Float64Array.from(numbers));
          for (const p of BAND_PERCENTILES)
            expect(Math.abs(found[p] - expected(p))).toBeLessThanOrEqual(
              Math.abs(expected(p)) * 1e-12,
            );
        },
      ),
    );
  });
});
