import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { mapInSlices, TimeSlices } from '../platform/time-slices';
import type { DbOrTx } from './client';

/**
 * Rows per statement. Large enough that the statement's own cost is small beside its rows',
 * small enough that one statement holds the embedded database for tens of milliseconds only:
 * reads of other users pass a bulk write between its statements (access-context.ts), and at
 * 1,000 rows a statement into an indexed table held it for 200 to 600 ms.
 */
export const BULK_INSERT_ROWS = 200;

/**
 * Inserts many rows with one statement per `BULK_INSERT_ROWS`: each column travels
 * as one array parameter (`insert ... select * from unnest($1::uuid[], $2::text[], ...)`), which
 * PostgreSQL and PGlite read about three times faster than a VALUES list, and which builds in a
 * fraction of the time Drizzle takes to build a VALUES list of thousands of parameters.
 *
 * A field no row sets takes the column's default; a row leaving out a field others set gets the
 * column's static default, or null. Values are what Drizzle's insert takes; a timestamp may also
 * be an ISO 8601 string (for microsecond precision).
 */
export async function bulkInsert<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<
    string,
    {
      name: string;
      hasDefault: boolean;
      default: unknown;
      getSQLType(): string;
      mapToDriverValue(value: unknown): unknown;
    }
  >;
  // Every field some row sets; a row that leaves it out gets its default (or null).
  // Thousands of rows take tens of milliseconds to walk: the walk hands the thread back as it goes.
  const slices = new TimeSlices();
  const set = new Set<string>();
  for (const row of rows) {
    if (slices.due()) await slices.pause();
    for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
      if (value !== undefined) set.add(key);
    }
  }
  const keys = [...set];
  const fields = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`bulkInsert: ${key} is not a column`);
    const type = column.getSQLType();
    return { key, column, type, json: /^jsonb?$/.test(type) };
  });
  const target = sql.join(
    fields.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += BULK_INSERT_ROWS) {
    const chunk = rows.slice(start, start + BULK_INSERT_ROWS);
    const arrays: SQL[] = [];
    for (const { key, column, type, json } of fields) {
      const values = await mapInSlices(
        chunk,
        (row) => {
          let value = (row as Record<string, unknown>)[key];
          if (value === undefined) {
            if (column.hasDefault && is(column.default, SQL))
              throw new Error(`bulkInsert: ${key} has an SQL default: give it in every row`);
            value = column.hasDefault ? column.default : null;
          }
          if (value === null || (typeof value === 'string' && !json)) return value;
          return column.mapToDriverValue(value);
        },
        slices,
      );
      arrays.push(sql`${sql.param(values)}::${sql.raw(type)}[]`);
    }
    await db.execute(
      sql`insert into ${table} (${target}) select * from unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
}
