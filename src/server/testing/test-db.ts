import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPgliteThread, openPostgres } from '../db/client';
import { databaseUrlFor } from './database-url';

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
    // On its own thread, reached over the wire protocol, as the server runs it.
    const snapshot = new Uint8Array(await readFile(inject('pgliteSnapshot')));
    const database = await openPgliteThread(
      { snapshot },
      { workerFile: inject('pgliteWorkerFile') },
    );
    return { database, url: null, destroy: () => database.close() };
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
