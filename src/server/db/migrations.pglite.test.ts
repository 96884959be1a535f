import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDatabase } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

/** Migrations 0004/0005 (settings, portfolios) on a database that already has users. */

let dir: string;
let pglite: PGlite;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-migrations-'));
  // The migrations as they were before issue 5.
  const before = path.join(dir, 'before');
  await cp(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 3);
  await writeFile(journalPath, JSON.stringify(journal));
  pglite = await PGlite.create();
  await migrateDatabase(pgliteDatabase(pglite, { owned: false }), { migrationsFolder: before });
});
afterAll(async () => {
  await pglite.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the settings migration', () => {
  it('backfills every user’s settings and moves login_notifications', async () => {
    await pglite.exec(`
      insert into users (id, email, password_hash) values
        ('00000000-0000-4000-8000-000000000001', 'quiet@example.com', 'x'),
        ('00000000-0000-4000-8000-000000000002', 'loud@example.com', 'x'),
        ('00000000-0000-4000-8000-000000000003', 'bare@example.com', 'x');
      insert into profiles (user_id, full_name) values
        ('00000000-0000-4000-8000-000000000001', 'Quiet One'),
        ('00000000-0000-4000-8000-000000000002', null);
      insert into security_settings (user_id, login_notifications) values
        ('00000000-0000-4000-8000-000000000001', false),
        ('00000000-0000-4000-8000-000000000002', true);
    `);
    await migrateDatabase(pgliteDatabase(pglite, { owned: false }));
    const notifications = await pglite.query<{ user_id: string; login_notifications: boolean }>(
      'select user_id, login_notifications from notification_settings order by user_id',
    );
    expect(notifications.rows.map((r) => r.login_notifications)).toEqual([false, true, true]);
    const accounts = await pglite.query<{ display_name: string | null }>(
      'select display_name from user_settings order by user_id',
    );
    expect(accounts.rows.map((r) => r.display_name)).toEqual(['Quiet One', null, null]);
    for (const table of ['user_preferences', 'theme_settings']) {
      const count = await pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      expect(count.rows[0]?.n, table).toBe(3);
    }
    const old = await pglite.query(
      "select 1 from information_schema.tables where table_name = 'security_settings'",
    );
    expect(old.rows).toEqual([]);
  });
});
