import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, openPglite } from './client';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate';
import { featureFlags } from './schema';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-pglite-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function migrationCount(database: Awaited<ReturnType<typeof openPglite>>) {
  const result = await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
}

describe('the embedded database folder', () => {
  it('keeps its data when reopened, and migrations run once', async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const folder = path.join(dir, 'kept');

    const first = await openPglite(folder);
    await migrateDatabase(first);
    await first.db
      .insert(featureFlags)
      .values({ key: 'probe', category: 'features', enabled: true });
    await first.close();

    const second = await openPglite(folder);
    await migrateDatabase(second);
    const rows = await second.db.select().from(featureFlags).where(eq(featureFlags.key, 'probe'));
    expect(rows.map((row) => row.enabled)).toEqual([true]);
    expect(await migrationCount(second)).toBe(journal.entries.length);
    await second.close();
  });

  it('cannot be opened by a second process while one holds it, and a stale lock is taken over', async () => {
    const folder = path.join(dir, 'locked');
    // A lock held by a live process (our parent stands in for "another process").
    await writeFile(`${folder}.lock`, String(process.ppid));
    await expect(openPglite(folder)).rejects.toBeInstanceOf(DataDirInUseError);

    // A lock left behind by a process that no longer exists.
    await writeFile(`${folder}.lock`, '2147483646');
    const database = await openPglite(folder);
    expect(await readFile(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    await database.close();
    await expect(readFile(`${folder}.lock`, 'utf8')).rejects.toThrow();
  });
});
