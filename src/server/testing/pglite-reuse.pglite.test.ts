import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { connectPgliteThread, type PgliteThreadHandle, startPgliteThread } from '../db/client';
import { type Baseline, readBaseline, resetToBaseline, withClient } from './pglite-reuse';

/**
 * A PGlite thread handed from one test file to the next must be indistinguishable from a new
 * one: same rows, same sequences, same session; and one whose schema a test changed is not reused.
 */

let thread: PgliteThreadHandle;
let baseline: Baseline;
beforeAll(async () => {
  const snapshot = new Uint8Array(await readFile(inject('pgliteSnapshot')));
  thread = await startPgliteThread({ snapshot }, inject('pgliteWorkerFile'));
  baseline = await readBaseline(thread);
});
afterAll(() => thread.close());

/** Runs statements on one connection of its own, as a test file's app would. */
const onConnection = (statements: string[]) =>
  withClient(thread, async (client) => {
    const results = [];
    for (const statement of statements) results.push((await client.query(statement)).rows);
    return results;
  });

it('gives back the migrated rows, sequences and session after a file wrote, deleted and set things', async () => {
  expect(baseline.seeds.map((seed) => seed.table)).toContain('public.feature_flags');
  const sequence = baseline.sequences[0]?.name;
  expect(sequence).toBeDefined();

  const database = await connectPgliteThread(thread);
  await database.db.execute(
    sql`insert into feature_flags (key, category, enabled) values ('probe_flag', 'features', true)`,
  );
  await database.db.execute(
    sql`update feature_flags set enabled = not enabled where key <> 'probe_flag'`,
  );
  await database.close();
  await onConnection([
    'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
    `select nextval('${sequence}')`,
    "set datestyle = 'German'",
    'listen probe_channel',
    'begin',
    "insert into feature_flags (key, category, enabled) values ('left_open', 'features', true)",
  ]);

  expect(await resetToBaseline(thread, baseline)).toBe(true);

  const after = await readBaseline(thread);
  expect(after).toEqual(baseline);
  const [datestyle, listening] = await onConnection([
    'show datestyle',
    'select count(*)::int as n from pg_listening_channels()',
  ]);
  expect(datestyle).toEqual([{ DateStyle: 'ISO, MDY' }]);
  expect(listening).toEqual([{ n: 0 }]);
});

it('is not reused once a test changed the schema', async () => {
  await onConnection(['create table probe_table (id int)']);
  expect(await resetToBaseline(thread, baseline)).toBe(false);
});
