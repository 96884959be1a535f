import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from './test-db';

export type TestApp = {
  app: App;
  config: Config;
  database: Database;
  testDb: TestDatabase;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** The raw log text, for scanning. */
  rawLogs(): string;
  close(): Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  /** Reuse a database (two apps on one database); the caller destroys it. */
  testDb?: TestDatabase;
  webRoot?: string | null;
  overload?: AppDeps['overload'];
  /** Called before ready, to add routes or topic rules the test needs. */
  setup?: (app: App) => void | Promise<void>;
  clock?: AppDeps['clock'];
  locator?: AppDeps['locator'];
  /** The periodic purge is off unless asked for (tests run `runHousekeeping` when they mean to). */
  housekeeping?: boolean;
  onRoute?: AppDeps['onRoute'];
  marketData?: AppDeps['marketData'];
  /** The delivery and insights jobs are off unless asked for (tests run them by hand). */
  notificationJobs?: boolean;
  pushAgent?: AppDeps['pushAgent'];
  /**
   * Reads kept in memory wait for every announcement committed so far before answering (default:
   * fixtures write to the database directly); false runs them as production does.
   */
  strictReadCache?: boolean;
};

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_SECRETS = {
  cookieSecret: 'test-cookie-secret-0123456789abcdef0123456789',
  dataKey: 'dGVzdC1kYXRhLWtleS0wMTIzNDU2Nzg5YWJjZGVmMDE',
};

/** Builds the real app on a fresh database with logs captured. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    ...options.env,
  });
  const ownsDb = !options.testDb;
  const testDb = options.testDb ?? (await createTestDatabase());
  const lines: string[] = [];
  const app = await buildApp({
    config,
    database: testDb.database,
    secrets: TEST_SECRETS,
    webRoot: options.webRoot ?? null,
    logDestination: { write: (line) => void lines.push(line) },
    overload: options.overload ?? false,
    housekeeping: options.housekeeping ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.locator ? { locator: options.locator } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.marketData ? { marketData: options.marketData } : {}),
    notificationJobs: options.notificationJobs ?? false,
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
    computeWorkerFile: inject('computeWorkerFile'),
    strictReadCache: options.strictReadCache ?? true,
  });
  await options.setup?.(app);
  await app.ready();
  return {
    app,
    config,
    database: testDb.database,
    testDb,
    get logs() {
      return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    rawLogs: () => lines.join(''),
    close: async () => {
      await app.close();
      if (ownsDb) await testDb.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
