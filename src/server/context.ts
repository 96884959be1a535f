import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './platform/clock';
import type { Jobs } from './platform/jobs';
import type { Mailer } from './platform/mail';
import type { Realtime } from './platform/realtime';
import type { LocalStorage } from './platform/storage';
import type { Secrets } from './secrets';

/** What every feature's routes and services receive: the app's shared services. */
export type ServerContext = {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  jobs: Jobs;
  storage: LocalStorage;
  realtime: Realtime;
  secrets: Secrets;
  /** The decoded DATA_KEY, for encrypting secrets stored in the database. */
  dataKey: Buffer;
};
