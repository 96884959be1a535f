import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import {
  connectPgliteThread,
  type Database,
  openPostgres,
  type PgliteThreadHandle,
  startPgliteThread,
} from '../db/client';
import { databaseUrlFor } from './database-url';
import { type Baseline, readBaseline, resetToBaseline } from './pglite-reuse';

export type TestDatabase = {
  database: Database;
  /** The PostgreSQL URL of this database; null on PGlite. */
  url: string | null;
  /** Closes it and, on PostgreSQL, drops it. */
  destroy(): Promise<void>;
};

export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === 'pglite') {
    // On its own thread, reached over the wire protocol, as the server runs it; a thread an
    // earlier file of this worker gave back, reset to the migrated state, when there is one.
    const thread = await takePgliteThread();
    const database = await connectPgliteThread(thread);
    return {
      database,
      url: null,
      destroy: async () => {
        await database.close();
        await givePgliteThreadBack(thread);
      },
    };
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!serverUrl || !template)
    throw new Error('postgres tests need TEST_DATABASE_URL and a template');
  const name = `cairn_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`,
    );
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(serverUrl, name);
  const database = await openPostgres(url, { max: 5 });
  return {
    database,
    url,
    destroy: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Threads this test worker's files gave back, already reset (see pglite-reuse.ts). */
const idleThreads: PgliteThreadHandle[] = [];
let baseline: Promise<Baseline> | null = null;

async function takePgliteThread(): Promise<PgliteThreadHandle> {
  const idle = idleThreads.pop();
  if (idle?.isOpen) return idle;
  const snapshot = new Uint8Array(await readFile(inject('pgliteSnapshot')));
  const thread = await startPgliteThread({ snapshot }, inject('pgliteWorkerFile'));
  baseline ??= readBaseline(thread);
  await baseline;
  return thread;
}

async function givePgliteThreadBack(thread: PgliteThreadHandle) {
  if (baseline && (await resetToBaseline(thread, await baseline))) idleThreads.push(thread);
  else await thread.close();
}
