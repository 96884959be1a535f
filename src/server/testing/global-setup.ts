import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { databaseUrlFor } from './database-url';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** A gzipped tarball of a freshly migrated PGlite data directory. */
    pgliteSnapshot: string;
    /** The embedded database's worker, built once to JavaScript (tsx would cost each start). */
    pgliteWorkerFile: string;
    /** The compute workers' module, likewise (about a second of tsx per worker otherwise). */
    computeWorkerFile: string;
    /** Name of a migrated PostgreSQL database each test file clones (postgres project only). */
    postgresTemplate: string | null;
  }
}

/**
 * Runs once per server test project: migrates one database, which every test file then copies
 * (PGlite: loadDataDir from a snapshot; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-test-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(workDir, { recursive: true, force: true })];

  const pglite = await PGlite.create();
  await migrateDatabase(pgliteDatabase(pglite));
  const snapshot = path.join(workDir, 'migrated.tar.gz');
  const dump = await pglite.dumpDataDir('gzip');
  await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteSnapshot', snapshot);

  // Inside the project, so that the worker's imports resolve from node_modules.
  const cache = path.join(import.meta.dirname, '../../../node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const workerDir = await mkdtemp(path.join(cache, 'cairn-test-workers-'));
  cleanups.push(() => rm(workerDir, { recursive: true, force: true }));
  // The threads every app starts: the embedded database's and the compute workers'.
  const bundle = async (source: string, name: string) => {
    const outfile = path.join(workerDir, name);
    await build({
      entryPoints: [path.join(import.meta.dirname, source)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    return outfile;
  };
  const [pgliteWorkerFile, computeWorkerFile] = await Promise.all([
    bundle('../db/pglite-worker.ts', 'pglite-worker.mjs'),
    bundle('../workers/compute-worker.ts', 'compute-worker.mjs'),
  ]);
  project.provide('pgliteWorkerFile', pgliteWorkerFile);
  project.provide('computeWorkerFile', computeWorkerFile);

  let template: string | null = null;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env.TEST_DB_KIND === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres server project');
    template = `cairn_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(template)}`);
    await admin.end();
    const templateUrl = databaseUrlFor(adminUrl, template);
    const database = await openPostgres(templateUrl, { max: 1 });
    await migrateDatabase(database, { databaseUrl: templateUrl });
    await database.close();
    const name = template;
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    });
  }
  project.provide('postgresTemplate', template);

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
