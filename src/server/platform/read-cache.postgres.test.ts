import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { counted, readCacheFixture, USER } from '../testing/read-cache';
import { CHANGES_CHANNEL } from './read-cache';

const f = readCacheFixture();

describe('read cache on PostgreSQL', () => {
  it('serves nothing from memory while its listening connection is lost, and listens again', async () => {
    const read = counted([`u:${USER}`]);
    await f.cache.read('a', read.load);
    expect(await f.cache.read('a', read.load)).toBe(1);
    await f.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query = ${`LISTEN "${CHANGES_CHANNEL}"`}`,
    );
    await expect.poll(() => f.cache.enabled, { timeout: 5_000 }).toBe(false);
    expect(await f.cache.read('a', read.load)).toBe(2);
    expect(await f.cache.read('a', read.load)).toBe(3);
    // Back (the listener reconnects after 250 ms): kept again, from an empty start.
    await expect.poll(() => f.cache.enabled, { timeout: 5_000 }).toBe(true);
    expect(await f.cache.read('a', read.load)).toBe(4);
    expect(await f.cache.read('a', read.load)).toBe(4);
    await f.insertUser(USER);
    await f.heard();
    expect(await f.cache.read('a', read.load)).toBe(5);
  });

  it('hears a write of another connection once PostgreSQL delivers it', async () => {
    const read = counted([`u:${USER}`]);
    await f.cache.read('a', read.load);
    const pg = (await import('pg')).default;
    const other = new pg.Client({ connectionString: f.testDb.url ?? '' });
    await other.connect();
    try {
      await other.query(
        `insert into users (id, email, password_hash) values ($1, 'o@example.com', 'x')`,
        [USER],
      );
    } finally {
      await other.end();
    }
    await expect.poll(async () => f.cache.read('a', read.load), { timeout: 5_000 }).toBe(2);
  });
});
