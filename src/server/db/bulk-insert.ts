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

/**
 * Rows made ready for `insertPacked` where they were built (a compute worker): per statement of
 * `BULK_INSERT_ROWS` rows, each column's values as one PostgreSQL array literal. A few hundred
 * strings cross to the request thread instead of thousands of row objects, and the request thread
 * only sends them (structured clone of a string is one copy; building and walking row objects
 * there cost young-generation collections of 10 to 17 ms during a 20,000-row import).
 */
export type PackedRows = {
  /** The columns some row sets, as the database names and types them. */
  columns: { name: string; type: string }[];
  /** One entry per statement: the array literal of each column, in `columns` order. */
  chunks: string[][];
  rows: number;
};

/** One element of an array literal, as the pg driver writes it (NULL, or quoted and escaped). */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    text = String(value);
  else throw new Error(`packRows: cannot write ${Object.prototype.toString.call(value)}`);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A one-dimensional PostgreSQL array literal of these values, as the pg driver writes one. */
export function arrayLiteral(values: readonly unknown[]): string {
  return `{${values.map(arrayElement).join(',')}}`;
}

/**
 * `bulkInsert`'s statements made ready without a database: the same columns, defaults and value
 * mapping, written as array literals. Pure (a worker runs it); `insertPacked` sends them.
 */
export function packRows<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
): PackedRows {
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
  const set = new Set<string>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
      if (value !== undefined) set.add(key);
    }
  }
  const fields = [...set].map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`packRows: ${key} is not a column`);
    const type = column.getSQLType();
    return { key, column, type, json: /^jsonb?$/.test(type) };
  });
  const chunks: string[][] = [];
  for (let start = 0; start < rows.length; start += BULK_INSERT_ROWS) {
    const chunk = rows.slice(start, start + BULK_INSERT_ROWS);
    chunks.push(
      fields.map(({ key, column, json }) => {
        const parts = chunk.map((row) => {
          let value = (row as Record<string, unknown>)[key];
          if (value === undefined) {
            if (column.hasDefault && is(column.default, SQL))
              throw new Error(`packRows: ${key} has an SQL default: give it in every row`);
            value = column.hasDefault ? column.default : null;
          }
          if (value !== null && !(typeof value === 'string' && !json))
            value = column.mapToDriverValue(value);
          return arrayElement(value);
        });
        return `{${parts.join(',')}}`;
      }),
    );
  }
  return {
    columns: fields.map(({ column, type }) => ({ name: column.name, type })),
    chunks,
    rows: rows.length,
  };
}

/** Inserts rows `packRows` made ready: one statement per chunk, as `bulkInsert` does. */
export async function insertPacked(db: DbOrTx, table: PgTable, packed: PackedRows): Promise<void> {
  if (packed.rows === 0) return;
  const target = sql.join(
    packed.columns.map(({ name }) => sql.identifier(name)),
    sql`, `,
  );
  for (const chunk of packed.chunks) {
    const arrays = packed.columns.map(
      ({ type }, index) => sql`${sql.param(chunk[index] ?? '{}')}::${sql.raw(type)}[]`,
    );
    await db.execute(
      sql`insert into ${table} (${target}) select * from unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
}
