import { computePortfolioValuation } from '@/domain/valuation';
import { readEcbFile } from '../features/market-data/providers/ecb-file';

/**
 * What the server's compute workers can run: pure functions of their input (structured-clone
 * data in, data out). Adding heavy work is one entry here.
 */
export const computeTasks = {
  valuation: computePortfolioValuation,
  /** An ECB rates file read and checked (the full history takes about 2 s). */
  ecbRates: readEcbFile,
};
export type ComputeTasks = typeof computeTasks;
