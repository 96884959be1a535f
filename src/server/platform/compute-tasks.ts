import { computePortfolioValuation } from '@/domain/valuation';

/**
 * What the server's compute workers can run: pure functions of their input (structured-clone
 * data in, data out). Adding heavy work is one entry here.
 */
export const computeTasks = {
  valuation: computePortfolioValuation,
};
export type ComputeTasks = typeof computeTasks;
