import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './platform/clock';
import type { ComputePool } from './platform/compute';
import type { CounterStore } from './platform/counters';
import type { Jobs } from './platform/jobs';
import type { Mailer } from './platform/mail';
import type { ReadCache } from './platform/read-cache';
import type { Realtime } from './platform/realtime';
import type { Scheduler } from './platform/scheduler';
import type { LocalStorage } from './platform/storage';
import type { PushSender } from './platform/web-push';
import type { Secrets } from './secrets';

/**
 * The tasks the server's compute workers run, by name. Each feature adds the tasks it defines
 * where it defines them (`declare module '../../context' { interface ComputeTasks { ... } }`),
 * so this file names no feature; the composition root registers the functions
 * (workers/compute-tasks.ts), checked against this list.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type -- features add their tasks by declaration merging
export interface ComputeTasks {}

/** What every feature's routes and services receive: the app's shared services. */
export type ServerContext = {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  jobs: Jobs;
  storage: LocalStorage;
  realtime: Realtime;
  /** Everyday reads kept in memory until what they show changes (platform/read-cache.ts). */
  reads: ReadCache;
  secrets: Secrets;
  /** Sign-in failure counters: memory, or Redis when REDIS_URL is set. */
  counters: CounterStore;
  /**
   * Worker threads for heavy pure work (ledger replays, import checks, market data files): their
   * tasks never read the database, so a transaction may wait for one (an import, a back-dated
   * write) without waiting on itself.
   */
  compute: ComputePool<ComputeTasks>;
  /**
   * Worker threads that read the database themselves (valuations): apart from `compute`, since
   * on the embedded database their reads wait for any open transaction, and a transaction that
   * waited behind them for a replay would never end.
   */
  valuations: ComputePool<ComputeTasks>;
  /**
   * The job queue in the database (pg-boss): one-off jobs (the data export) and periodic ones
   * that must run once across processes (deleting accounts at the end of their grace period).
   */
  scheduler: Scheduler;
  /** The decoded DATA_KEY, for encrypting secrets stored in the database. */
  dataKey: Buffer;
  /** Web Push with this server's VAPID keys. */
  push: PushSender;
};
