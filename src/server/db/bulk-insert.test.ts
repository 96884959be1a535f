import { asc, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { BULK_INSERT_ROWS, bulkInsert, insertPacked, packRows } from './bulk-insert';

const probe = pgTable('bulk_probe', {
  id: uuid('id').primaryKey().defaultRandom(),
  position: integer('position').notNull(),
  note: text('note'),
  amount: numeric('amount').notNull(),
  day: date('day', { mode: 'string' }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  data: jsonb('data').$type<unknown>(),
  flag: boolean('flag').notNull().default(true),
});

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.database.db.execute(sql`
    create table bulk_probe (
      id uuid primary key default gen_random_uuid(),
      position integer not null,
      note text,
      amount numeric not null,
      day date,
      at timestamptz not null,
      data jsonb,
      flag boolean not null default true
    )`);
});
afterAll(() => testDb.destroy());

describe('inserting many rows at once', () => {
  it('stores exactly what a Drizzle insert would, over several statements', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const count = BULK_INSERT_ROWS * 2 + 17;
    const rows = Array.from({ length: count }, (_, position) => ({
      position,
      // Fields some rows leave out: null, or the column's default.
      ...(position % 3 === 0 ? { note: `note "${position}", {with} \\ odd, text` } : {}),
      ...(position % 5 === 0 ? { flag: false } : {}),
      amount: `${position}.000000000001`,
      day: position % 2 ? '2024-02-29' : null,
      at,
      data: position % 4 ? { position, list: ['a', 'b'], text: 'quote " and \\' } : 'plain string',
    }));
    await bulkInsert(testDb.database.db, probe, rows);
    const stored = await testDb.database.db.select().from(probe).orderBy(asc(probe.position));
    expect(stored).toHaveLength(count);
    for (const [index, row] of stored.entries()) {
      const expected = rows[index];
      expect(row).toMatchObject({
        position: index,
        note: expected?.note ?? null,
        amount: expected?.amount,
        day: expected?.day,
        at,
        data: expected?.data,
        flag: index % 5 !== 0,
      });
    }
  });

  it('keeps microseconds given as text, and writes nothing for no rows', async () => {
    await bulkInsert(testDb.database.db, probe, []);
    await bulkInsert(testDb.database.db, probe, [
      { position: -1, amount: '1', at: '2026-01-02T03:04:05.678901Z' as unknown as Date },
    ]);
    const result = await testDb.database.db.execute(
      sql`select to_char(at at time zone 'UTC', 'US') as us from bulk_probe where position = -1`,
    );
    expect((result as unknown as { rows: { us: string }[] }).rows).toEqual([{ us: '678901' }]);
  });

  it('stores the same rows made ready elsewhere as array literals (packRows, insertPacked)', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const count = BULK_INSERT_ROWS + 3;
    const rows = Array.from({ length: count }, (_, index) => ({
      position: 10_000 + index,
      ...(index % 3 === 0 ? { note: `note "${index}", {with} \\ odd, NULL text` } : {}),
      ...(index % 5 === 0 ? { flag: false } : {}),
      amount: `${index}.5`,
      day: index % 2 ? '2024-02-29' : null,
      at: index === 1 ? ('2026-01-02T03:04:05.678901Z' as unknown as Date) : at,
      data: index % 4 ? { index, text: 'quote " and \\' } : index % 8 ? 'plain string' : null,
    }));
    // Through a structured clone, as from a worker.
    const packed = structuredClone(packRows(probe, rows));
    expect(packed.chunks).toHaveLength(2);
    await insertPacked(testDb.database.db, probe, packed);
    await insertPacked(testDb.database.db, probe, packRows(probe, []));
    const stored = await testDb.database.db
      .select()
      .from(probe)
      .where(sql`position >= 10000`)
      .orderBy(asc(probe.position));
    expect(stored).toHaveLength(count);
    for (const [index, row] of stored.entries()) {
      const expected = rows[index];
      expect(row).toMatchObject({
        position: 10_000 + index,
        note: expected?.note ?? null,
        amount: expected?.amount,
        day: expected?.day,
        data: expected?.data ?? null,
        flag: index % 5 !== 0,
      });
      if (index !== 1) expect(row.at).toEqual(at);
    }
    const result = await testDb.database.db.execute(
      sql`select to_char(at at time zone 'UTC', 'US') as us from bulk_probe where position = 10001`,
    );
    expect((result as unknown as { rows: { us: string }[] }).rows).toEqual([{ us: '678901' }]);
  });
});
