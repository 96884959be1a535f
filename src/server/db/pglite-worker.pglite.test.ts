import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { bulkTransaction, runAsRequest } from './access-context';
import type { Db, Tx } from './client';

/**
 * The embedded database's worker keeps transactions apart on PGlite's one session, and lets the
 * reads of requests that cannot see a bulk write's rows pass it.
 */

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  await db.execute(sql`create table probe (id serial primary key, owner text not null)`);
  await db.execute(sql`create table other (id serial primary key, note text not null)`);
  await db.execute(sql`insert into other (note) values ('committed before')`);
});
afterAll(() => testDb.destroy());

const count = async (query: Db, table: 'probe' | 'other') => {
  const result = await query.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
};

/** A transaction that writes a row, then waits for `release` before committing. */
function openTransaction(options: { bulkFor?: string[] } = {}) {
  let release!: () => void;
  let written!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const wrote = new Promise<void>((resolve) => (written = resolve));
  const work = async (tx: Tx) => {
    await tx.execute(sql`insert into probe (owner) values ('writer')`);
    written();
    await gate;
    await tx.execute(sql`insert into probe (owner) values ('writer, last')`);
  };
  const done = options.bulkFor
    ? bulkTransaction(db, new Set(options.bulkFor), work)
    : db.transaction(work);
  return { wrote, release, done };
}

const settled = <T>(promise: Promise<T>) => {
  const state = { settled: false };
  void promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
};
const pause = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

describe('transactions on the one session', () => {
  it('never mix: a query from elsewhere waits for the open transaction, then sees it committed', async () => {
    const before = await count(db, 'probe');
    const writer = openTransaction();
    await writer.wrote;
    const reader = count(db, 'probe');
    const state = settled(reader);
    await pause();
    expect(state.settled).toBe(false);
    writer.release();
    await writer.done;
    expect(await reader).toBe((before ?? 0) + 2);
  });

  it('lets a read of another user pass a bulk write, but not the reads of those who see it, nor writes', async () => {
    const writer = openTransaction({ bulkFor: ['owner-of-the-portfolio'] });
    await writer.wrote;

    const stranger = runAsRequest(
      () => 'someone-else',
      () => count(db, 'other'),
    );
    expect(await stranger).toBe(1);

    const owner = runAsRequest(
      () => 'owner-of-the-portfolio',
      () => count(db, 'other'),
    );
    const strangerWrite = runAsRequest(
      () => 'someone-else',
      async () => await db.execute(sql`insert into other (note) values ('after the bulk write')`),
    );
    const job = count(db, 'other');
    const states = [settled(owner), settled(strangerWrite), settled(job)];
    await pause();
    expect(states.map((state) => state.settled)).toEqual([false, false, false]);

    // A failing read beside it is that request's error only.
    await expect(
      runAsRequest(
        () => 'someone-else',
        async () => await db.execute(sql`select ${'not-a-uuid'}::uuid`),
      ),
    ).rejects.toThrow();

    writer.release();
    await writer.done;
    await Promise.all([owner, strangerWrite, job]);
    expect(await count(db, 'other')).toBe(2);
    const rows = await db.execute(sql`select owner from probe where owner like 'writer%'`);
    expect((rows as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
  });

  it('lets every request read beside a read-only snapshot (an export), and sees what is committed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const exporter = bulkTransaction(
      db,
      new Set(),
      async (tx) => {
        const first = await count(tx as unknown as Db, 'other');
        opened();
        await gate;
        return first;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await isOpen;
    // Anyone's read passes, the owner's too, and reads what is committed.
    const committed = await runAsRequest(
      () => 'owner-of-the-portfolio',
      () => count(db, 'other'),
    );
    // A write waits for the snapshot to end.
    const write = runAsRequest(
      () => 'owner-of-the-portfolio',
      async () => await db.execute(sql`insert into other (note) values ('after the export')`),
    );
    const state = settled(write);
    await pause();
    expect(state.settled).toBe(false);
    release();
    expect(await exporter).toBe(committed);
    await write;
    expect(await count(db, 'other')).toBe((committed ?? 0) + 1);
  });

  it('rolls back a bulk write that fails, whatever read passed it', async () => {
    const before = await count(db, 'probe');
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let fail!: () => void;
    const gate = new Promise<void>((resolve) => (fail = resolve));
    const writer = bulkTransaction(db, new Set(['owner']), async (tx) => {
      await tx.execute(sql`insert into probe (owner) values ('doomed')`);
      wrote();
      await gate;
      throw new Error('the import broke');
    });
    await written;
    expect(
      await runAsRequest(
        () => 'stranger',
        () => count(db, 'other'),
      ),
    ).toBe(3);
    fail();
    await expect(writer).rejects.toThrow('the import broke');
    expect(await count(db, 'probe')).toBe(before);
  });
});
