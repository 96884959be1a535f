/**
 * Where a projection's expected return and volatility come from (docs/decisions.md, "Wealth
 * projection: the model"): the portfolio's own history when it spans at least two years of
 * month ends, else its allocation by asset class and long-run assumptions per class.
 */

/** Monthly returns needed (two years: 25 month ends) before the history is trusted. */
export const MIN_HISTORY_MONTHS = 24;

export type Assumptions = { expectedReturn: number; volatility: number };

/**
 * Long-run yearly expected return and volatility per asset class, round figures in line with
 * published long-run capital market assumptions (see docs/decisions.md); a user who knows better
 * types their own.
 */
export const CLASS_ASSUMPTIONS: Readonly<Record<string, Assumptions>> = {
  market: { expectedReturn: 0.07, volatility: 0.16 },
  crypto: { expectedReturn: 0.15, volatility: 0.65 },
  real_estate: { expectedReturn: 0.04, volatility: 0.1 },
  crowdfunding: { expectedReturn: 0.07, volatility: 0.08 },
  savings: { expectedReturn: 0.025, volatility: 0.005 },
  cash: { expectedReturn: 0, volatility: 0 },
};
const OTHER: Assumptions = { expectedReturn: 0.03, volatility: 0.1 };

/**
 * From an allocation (weights summing to 1 or less, by class key): the weighted expected return,
 * and the weighted volatility as if the classes moved together, the cautious choice (it never
 * narrows the bands for a diversification the data does not show).
 */
export function assumptionsFromAllocation(
  slices: readonly { key: string; weight: number }[],
): Assumptions {
  let total = 0;
  let expectedReturn = 0;
  let volatility = 0;
  for (const { key, weight } of slices) {
    if (!(weight > 0)) continue;
    const assumed = CLASS_ASSUMPTIONS[key] ?? OTHER;
    total += weight;
    expectedReturn += weight * assumed.expectedReturn;
    volatility += weight * assumed.volatility;
  }
  if (total === 0) return { ...(CLASS_ASSUMPTIONS.market ?? OTHER) };
  return { expectedReturn: expectedReturn / total, volatility: volatility / total };
}

/**
 * The yearly expected return and volatility the projection's model would need to produce these
 * monthly returns: log-returns' mean m and standard deviation s give volatility s x sqrt(12) and
 * expected return exp(12 m + 6 s^2) - 1 (the model's drift correction, undone). Null below
 * MIN_HISTORY_MONTHS returns.
 */
export function assumptionsFromHistory(returns: readonly number[]): Assumptions | null {
  if (returns.length < MIN_HISTORY_MONTHS) return null;
  const logs = returns.map((r) => Math.log1p(r));
  const mean = logs.reduce((sum, x) => sum + x, 0) / logs.length;
  const variance = logs.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (logs.length - 1);
  return {
    expectedReturn: Math.exp(12 * mean + 6 * variance) - 1,
    volatility: Math.sqrt(variance * 12),
  };
}
