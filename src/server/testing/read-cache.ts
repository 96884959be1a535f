import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../db/client';
import { type Loaded, ReadCache } from '../platform/read-cache';
import { createTestDatabase, type TestDatabase } from './test-db';

/** The users the read cache's tests write. */
export const USER = '00000000-0000-4000-8000-000000000001';
export const OTHER = '00000000-0000-4000-8000-000000000002';

/** A read that counts its loads, kept with the given keys. */
export function counted(deps: readonly string[] | null) {
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

/**
 * A test database for the file and, before each test, a new listening ReadCache of three entries
 * on it with no user left. `heard()` waits until the cache heard every announcement committed so
 * far (immediate on PGlite).
 */
export function readCacheFixture() {
  const fixture = {
    testDb: null as unknown as TestDatabase,
    database: null as unknown as Database,
    cache: null as unknown as ReadCache,
    heard: () => fixture.cache.barrier(),
    insertUser: async (id: string) => {
      await fixture.database.db.execute(
        sql`insert into users (id, email, password_hash) values (${id}, ${`${id}@example.com`}, 'x')`,
      );
    },
  };
  beforeAll(async () => {
    fixture.testDb = await createTestDatabase();
    fixture.database = fixture.testDb.database;
  });
  afterAll(async () => {
    await fixture.cache?.stop();
    await fixture.testDb.destroy();
  });
  beforeEach(async () => {
    await fixture.cache?.stop();
    fixture.cache = new ReadCache({
      database: fixture.database,
      logger: { warn() {}, error() {} },
      maxEntries: 3,
    });
    await fixture.cache.start();
    await fixture.database.db.execute(sql`delete from users`);
    await fixture.heard();
  });
  return fixture;
}
