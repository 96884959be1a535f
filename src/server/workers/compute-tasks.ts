import {
  checkHoldingsTask,
  checkLedgersTask,
  checkTransactionsTask,
  readImportTask,
} from '../features/import-export/import-rows';
import { checkMarketRowsTask, euroRatesTask } from '../features/market-data/import-rows';
import { readEcbFile } from '../features/market-data/providers/ecb-file';
import { planRebuildTask } from '../features/ledger/ledger-plan';
import { runProjectionTask } from '../features/planning/projection.task';
import {
  valueViewTask,
  viewAnswersTask,
  warmValuationTask,
} from '../features/valuation/valuation.task';
import type { ComputeTasks } from '../context';

/**
 * What the server's compute workers can run: functions of their input (structured-clone data in,
 * data out) and of the worker's environment (its own database connections). Each is declared by
 * the feature that defines it (an entry of `ComputeTasks`, context.ts); registered here, at the
 * composition root, the one place that knows every feature.
 */
export const computeTasks = {
  /** A portfolio's or simulation's valuation, read and computed on the worker. */
  valueView: valueViewTask,
  /** A portfolio's or simulation's performance answer and holdings summary, built on the worker. */
  viewAnswers: viewAnswersTask,
  /** Readies a worker for its first valuation (at start). */
  warmValuation: warmValuationTask,
  /** An ECB rates file read and checked (the full history takes about 2 s). */
  ecbRates: readEcbFile,
  /**
   * A portfolio CSV import's file read, its rows checked, its ledgers replayed
   * (features/import-export/import-rows).
   */
  importFile: readImportTask,
  importHoldings: checkHoldingsTask,
  importTransactions: checkTransactionsTask,
  importLedgers: checkLedgersTask,
  /** A long ledger replay planned (lots, sales, tax rows packed for the request thread to write). */
  ledgerRebuild: planRebuildTask,
  /** The market data CSV import's file read and rows checked, and its euro rates worked out. */
  marketDataRows: checkMarketRowsTask,
  marketDataFx: euroRatesTask,
  /** A wealth projection's Monte Carlo run for an API client (features/planning). */
  projection: runProjectionTask,
} satisfies ComputeTasks;
