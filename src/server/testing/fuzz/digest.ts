import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Tables whose rows change while nothing is stored: a session's last-seen time, failed sign-in
 * counters and lock-outs. Everything else is user data a refused request must leave alone.
 */
export const DIGEST_EXCLUDED_TABLES = new Set(['sessions', 'auth_lockouts']);

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** One fingerprint per table of the public schema (but the excluded ones), by table name. */
export async function digestUserData(database: Database): Promise<Record<string, string>> {
  const tables = await database.db.execute(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  const names = rowsOf<{ name: string }>(tables)
    .map((row) => row.name)
    .filter((n) => !DIGEST_EXCLUDED_TABLES.has(n));
  const parts = names.map(
    (name) =>
      sql`SELECT ${name} AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash FROM ${sql.identifier(name)} t`,
  );
  const result = await database.db.execute(sql.join(parts, sql` UNION ALL `));
  return Object.fromEntries(
    rowsOf<{ name: string; hash: string }>(result).map((row) => [row.name, row.hash]),
  );
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
