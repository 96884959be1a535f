import { type ProjectionInput, runProjection } from '@/domain/projection';
import { roundCents } from '@/domain/valuation';
import type { ProjectionRunResponse } from '@/contracts/projections';

const rounded = (series: Float64Array) => Array.from(series, roundCents);

/**
 * A projection run on a compute worker (10,000 paths x 600 months is about a tenth of a second of
 * CPU: never on the request thread), answered as the API sends it: amounts rounded to cents.
 */
export function runProjectionTask(
  input: ProjectionInput,
): Omit<ProjectionRunResponse, 'currency' | 'startValue'> {
  const result = runProjection(input);
  return {
    months: result.months,
    paths: input.paths,
    seed: input.seed,
    deterministic: rounded(result.deterministic),
    paidIn: rounded(result.paidIn),
    deflator: Array.from(result.deflator),
    bands: {
      p5: rounded(result.bands[5]),
      p25: rounded(result.bands[25]),
      p50: rounded(result.bands[50]),
      p75: rounded(result.bands[75]),
      p95: rounded(result.bands[95]),
    },
    targetProbabilities: result.targetProbabilities,
  };
}

declare module '../../context' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface ComputeTasks {
    /** A wealth projection's Monte Carlo run (features/planning). */
    projection: typeof runProjectionTask;
  }
}
