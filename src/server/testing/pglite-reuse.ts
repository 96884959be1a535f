import pg from 'pg';
import { type PgliteThreadHandle, pgliteConnection } from '../db/client';

/**
 * Server test files on PGlite each want a freshly migrated database, and starting one (a thread,
 * the WebAssembly PostgreSQL, the snapshot unpacked into it) costs about three seconds of CPU.
 * A test worker therefore keeps the threads its files are done with and hands them to its next
 * files once they are back to the migrated state: every table emptied and refilled with the rows
 * the migrations wrote, every sequence where the migrations left it, the session's settings,
 * prepared statements, temporary tables, locks and LISTENs discarded. A thread whose schema no
 * longer matches (a test created a table, a trigger, a function...) or whose reset fails in any
 * way is closed instead, and the next file starts a new one.
 */

/** What a freshly migrated database holds, taken once per test worker from a new thread. */
export type Baseline = {
  fingerprint: string;
  /** Every table, schema-qualified and quoted. */
  tables: string[];
  /** The tables the migrations wrote rows into, with those rows as a JSON array. */
  seeds: { table: string; rows: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
};

const USER_NAMESPACE = `n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

/** One line per schema object, setting, role and extension: two databases with equal schemas give equal text. */
const FINGERPRINT_SQL = `
select md5(coalesce(string_agg(line, E'\\n' order by line), '')) as fingerprint from (
  select concat_ws(' ', 'schema', n.nspname) as line from pg_namespace n where ${USER_NAMESPACE}
  union all
  select concat_ws(' ', 'rel', c.oid::regclass, c.relkind, c.relrowsecurity,
    c.relforcerowsecurity, c.relacl)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACE}
  union all
  select concat_ws(' ', 'column', a.attrelid::regclass, a.attname,
    format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity, a.attgenerated,
    pg_get_expr(d.adbin, d.adrelid))
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where ${USER_NAMESPACE} and a.attnum > 0 and not a.attisdropped
  union all
  select concat_ws(' ', 'constraint', co.conrelid::regclass, co.conname,
    pg_get_constraintdef(co.oid))
  from pg_constraint co join pg_namespace n on n.oid = co.connamespace where ${USER_NAMESPACE}
  union all
  select concat_ws(' ', 'index', pg_get_indexdef(i.indexrelid))
  from pg_index i join pg_class c on c.oid = i.indexrelid
  join pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACE}
  union all
  select concat_ws(' ', 'trigger', pg_get_triggerdef(t.oid), t.tgenabled)
  from pg_trigger t where not t.tgisinternal
  union all
  select concat_ws(' ', 'function', p.oid::regprocedure, md5(p.prosrc))
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_NAMESPACE}
  union all
  select concat_ws(' ', 'policy', po.polrelid::regclass, po.polname, po.polcmd,
    pg_get_expr(po.polqual, po.polrelid), pg_get_expr(po.polwithcheck, po.polrelid))
  from pg_policy po
  union all
  select concat_ws(' ', 'type', t.oid::regtype, (
    select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid
  ))
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  where ${USER_NAMESPACE} and t.typtype in ('e', 'd', 'c') and t.typrelid = 0
  union all
  select concat_ws(' ', 'role', r.rolname, r.rolsuper, r.rolbypassrls) from pg_roles r
  union all
  select concat_ws(' ', 'extension', x.extname, x.extversion) from pg_extension x
  union all
  select concat_ws(' ', 'setting', s.setdatabase, s.setrole, s.setconfig) from pg_db_role_setting s
) objects`;

/** Runs `run` on a connection of its own to the thread, closed afterwards. */
export async function withClient<T>(
  thread: PgliteThreadHandle,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client(pgliteConnection(thread, false));
  // The thread's port reports its closing as an error after `end()`; queries still reject on
  // a real failure.
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const fingerprintOf = async (client: pg.Client) =>
  (await client.query<{ fingerprint: string }>(FINGERPRINT_SQL)).rows[0]?.fingerprint ?? '';

/** The user relations of these kinds (pg_class.relkind), schema-qualified and quoted. */
async function relationNames(client: pg.Client, kinds: string[]) {
  const { rows } = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = any($1::"char"[]) and ${USER_NAMESPACE} order by 1`,
    [kinds],
  );
  return rows.map((row) => row.name);
}

/** Reads what a freshly migrated database holds (the thread must be new). */
export function readBaseline(thread: PgliteThreadHandle): Promise<Baseline> {
  return withClient(thread, async (client) => {
    const tables = await relationNames(client, ['r', 'p']);
    const seeds: Baseline['seeds'] = [];
    for (const table of tables) {
      const { rows } = await client.query<{ rows: string | null }>(
        `select json_agg(t)::text as rows from ${table} t`,
      );
      const json = rows[0]?.rows;
      if (json) seeds.push({ table, rows: json });
    }
    const sequences: Baseline['sequences'] = [];
    for (const name of await relationNames(client, ['S'])) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${name}`,
      );
      const [row] = rows;
      if (row) sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
    }
    return { fingerprint: await fingerprintOf(client), tables, seeds, sequences };
  });
}

/**
 * Brings a used thread back to the baseline. Resolves to false (and the caller closes the
 * thread) when its schema differs from the baseline's or anything in the reset fails.
 */
export async function resetToBaseline(
  thread: PgliteThreadHandle,
  baseline: Baseline,
): Promise<boolean> {
  if (!thread.isOpen) return false;
  try {
    return await withClient(thread, async (client) => {
      if ((await fingerprintOf(client)) !== baseline.fingerprint) return false;
      await client.query('DISCARD ALL');
      await client.query('BEGIN');
      await client.query(`TRUNCATE ${baseline.tables.join(', ')} RESTART IDENTITY CASCADE`);
      for (const { table, rows } of baseline.seeds) {
        await client.query(
          `INSERT INTO ${table} OVERRIDING SYSTEM VALUE
           SELECT * FROM json_populate_recordset(null::${table}, $1::json)`,
          [rows],
        );
      }
      for (const { name, lastValue, isCalled } of baseline.sequences) {
        await client.query('select setval($1::regclass, $2::bigint, $3)', [
          name,
          lastValue,
          isCalled,
        ]);
      }
      await client.query('COMMIT');
      return true;
    });
  } catch {
    return false;
  }
}
