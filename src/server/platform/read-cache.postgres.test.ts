import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { CHANGES_CHANNEL, type Loaded, ReadCache, userKey } from './read-cache';

const logger = { warn() {}, error() {} };

let testDb: TestDatabase;
let database: Database;
let cache: ReadCache;

/** A read that counts its loads, kept with the given keys. */
function counted(deps: readonly string[] | null) {
  let loads = 0;
  return {
    get loads() {
      return loads;
    },
    load: async (): Promise<Loaded<number>> => {
      loads += 1;
      return { value: loads, deps };
    },
  };
}

async function insertUser(id: string) {
  await database.db.execute(
    sql`insert into users (id, email, password_hash) values (${id}, ${`${id}@example.com`}, 'x')`,
  );
}

/** Waits until the cache heard every announcement committed so far (immediate on PGlite). */
const heard = () => cache.barrier();

const USER = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = testDb.database;
});

afterAll(async () => {
  await cache.stop();
  await testDb.destroy();
});

beforeEach(async () => {
  await cache?.stop();
  cache = new ReadCache({ database, logger, maxEntries: 3 });
  await cache.start();
  await database.db.execute(sql`delete from users`);
  await heard();
});

describe('read cache on PostgreSQL', () => {
  it('serves nothing from memory while its listening connection is lost, and listens again', async () => {
    const read = counted([userKey(USER)]);
    await cache.read('a', read.load);
    expect(await cache.read('a', read.load)).toBe(1);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query = ${`LISTEN "${CHANGES_CHANNEL}"`}`,
    );
    await expect.poll(() => cache.enabled, { timeout: 5_000 }).toBe(false);
    expect(await cache.read('a', read.load)).toBe(2);
    expect(await cache.read('a', read.load)).toBe(3);
    // Back (the listener reconnects after 250 ms): kept again, from an empty start.
    await expect.poll(() => cache.enabled, { timeout: 5_000 }).toBe(true);
    expect(await cache.read('a', read.load)).toBe(4);
    expect(await cache.read('a', read.load)).toBe(4);
    await insertUser(USER);
    await heard();
    expect(await cache.read('a', read.load)).toBe(5);
  });

  it('hears a write of another connection once PostgreSQL delivers it', async () => {
    const read = counted([userKey(USER)]);
    await cache.read('a', read.load);
    const pg = (await import('pg')).default;
    const other = new pg.Client({ connectionString: testDb.url ?? '' });
    await other.connect();
    try {
      await other.query(
        `insert into users (id, email, password_hash) values ($1, 'o@example.com', 'x')`,
        [USER],
      );
    } finally {
      await other.end();
    }
    await expect.poll(async () => cache.read('a', read.load), { timeout: 5_000 }).toBe(2);
  });
});
