import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
    /** The server bundled once (main.js, slow-server.js and the threads' entries below). */
    serverBuild: string;
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

  // The server, its threads' entries and the shutdown fixture, bundled once as
  // scripts/build-server.mjs does: each thread and each spawned server would otherwise load its
  // TypeScript through tsx (about a second per thread, several per spawned server). Two levels
  // under the project, as dist/server is, so that the bundle's paths (the project root, its
  // node_modules) resolve as the built server's do.
  const buildRoot = path.join(import.meta.dirname, '../../../.tmp');
  await mkdir(buildRoot, { recursive: true });
  const serverBuild = await mkdtemp(path.join(buildRoot, 'test-server-'));
  cleanups.push(() => rm(serverBuild, { recursive: true, force: true }));
  const source = (file: string) => path.join(import.meta.dirname, '..', file);
  await build({
    entryPoints: {
      main: source('main.ts'),
      'slow-server': source('testing/fixtures/slow-server.ts'),
      'pglite-worker': source('db/pglite-worker.ts'),
      'compute-worker': source('workers/compute-worker.ts'),
    },
    outdir: serverBuild,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(import.meta.dirname, '../../../tsconfig.node.json'),
    logLevel: 'warning',
  });
  await cp(source('db/migrations'), path.join(serverBuild, 'migrations'), { recursive: true });
  project.provide('serverBuild', serverBuild);
  project.provide('pgliteWorkerFile', path.join(serverBuild, 'pglite-worker.js'));
  project.provide('computeWorkerFile', path.join(serverBuild, 'compute-worker.js'));

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
