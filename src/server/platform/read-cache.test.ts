import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { counted, OTHER, readCacheFixture, USER } from '../testing/read-cache';
import { type Loaded } from './read-cache';

const f = readCacheFixture();

describe('read cache', () => {
  it('keeps a read until a committed write announces a key it depends on', async () => {
    const read = counted([`u:${USER}`]);
    expect(await f.cache.read('a', read.load)).toBe(1);
    expect(await f.cache.read('a', read.load)).toBe(1);
    // Another user's rows change: still kept.
    await f.insertUser(OTHER);
    await f.heard();
    expect(await f.cache.read('a', read.load)).toBe(1);
    // Its user's rows change (the users table announces u:<id>): read again.
    await f.insertUser(USER);
    await f.heard();
    expect(await f.cache.read('a', read.load)).toBe(2);
    expect(f.cache.stats()).toMatchObject({ hits: 2, misses: 2 });
  });

  it('hears nothing of a write that was rolled back', async () => {
    const read = counted([`u:${USER}`]);
    await f.cache.read('a', read.load);
    await expect(
      f.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into users (id, email, password_hash) values (${USER}, 'r@example.com', 'x')`,
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await f.heard();
    expect(await f.cache.read('a', read.load)).toBe(1);
  });

  it('does not keep a read during which one of its keys was announced', async () => {
    let loads = 0;
    const racing = async (): Promise<Loaded<number>> => {
      loads += 1;
      // The data changes while the read is under way: what it read may be stale.
      if (loads === 1) {
        await f.insertUser(USER);
        await f.heard();
      }
      return { value: loads, deps: [`u:${USER}`] };
    };
    expect(await f.cache.read('a', racing)).toBe(1);
    expect(await f.cache.read('a', racing)).toBe(2);
    expect(await f.cache.read('a', racing)).toBe(2);
  });

  it('announces market data as m, and a truncation or a feature flag as everything', async () => {
    const market = counted(['m']);
    const user = counted([`u:${USER}`]);
    await f.cache.read('market', market.load);
    await f.cache.read('user', user.load);
    await f.database.db.execute(
      sql`insert into fx_rates (currency, rate_date, rate) values ('USD', '2024-01-02', '1.1')`,
    );
    await f.heard();
    await f.cache.read('market', market.load);
    await f.cache.read('user', user.load);
    expect([market.loads, user.loads]).toEqual([2, 1]);
    await f.database.db.execute(sql`truncate table instruments cascade`);
    await f.heard();
    await f.cache.read('market', market.load);
    await f.cache.read('user', user.load);
    expect([market.loads, user.loads]).toEqual([3, 2]);
  });

  it('keeps no read without keys, and at most its size, the least recently used leaving first', async () => {
    const once = counted(null);
    await f.cache.read('none', once.load);
    await f.cache.read('none', once.load);
    expect(once.loads).toBe(2);
    const reads = ['a', 'b', 'c', 'd'].map((key) => [key, counted([`u:${USER}`])] as const);
    for (const [key, read] of reads) await f.cache.read(key, read.load);
    // 'a' left when 'd' came (three at most); 'b' is used, so 'c' leaves next.
    await f.cache.read('b', reads[1]![1].load);
    await f.cache.read('e', counted([]).load);
    expect(f.cache.stats().entries).toBe(3);
    // Kept: d, b and e.
    await f.cache.read('d', reads[3]![1].load);
    await f.cache.read('b', reads[1]![1].load);
    expect(reads.map(([, read]) => read.loads)).toEqual([1, 1, 1, 1]);
    await f.cache.read('c', reads[2]![1].load);
    await f.cache.read('a', reads[0]![1].load);
    expect(reads.map(([, read]) => read.loads)).toEqual([2, 1, 2, 1]);
  });

  it('reads from the database every time while not listening', async () => {
    await f.cache.stop();
    const read = counted([`u:${USER}`]);
    await f.cache.read('a', read.load);
    await f.cache.read('a', read.load);
    expect(read.loads).toBe(2);
    expect(f.cache.enabled).toBe(false);
  });

  it('every table a cached read may show announces its changes; the others are named here', async () => {
    // Tables no cached read shows (logs, queues), and tables written only beside an announcing
    // write in the same transaction: counters bumped by those writes, and what a replay writes
    // for the transactions and holding it follows (lots, what sales took, tax rows, the trail).
    const unannounced = new Set([
      'admin_audit_log',
      'api_key_uses',
      'instrument_price_series_dirty',
      'invite_codes',
      'lot_allocations',
      'mail_outbox',
      'market_data_runs',
      'market_data_version',
      'portfolio_versions',
      'tax_calculations',
      'transaction_audit_trail',
      'transaction_lots',
      'waitlist_entries',
    ]);
    const result = await f.database.db.execute(sql`
      select c.relname as table,
             coalesce(string_agg(t.tgname, ',' order by t.tgname), '') as events
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        left join pg_trigger t on t.tgrelid = c.oid and t.tgname like '%\\_changes\\_%'
       where c.relkind = 'r' and c.relname not like '\\_\\_%'
       group by c.relname order by c.relname`);
    const rows = (result as unknown as { rows: { table: string; events: string }[] }).rows;
    const missing: string[] = [];
    for (const { table, events } of rows) {
      const expected = ['delete', 'insert', 'truncate', 'update']
        .map((event) => `${table}_changes_${event}`)
        .join(',');
      if (unannounced.has(table)) expect(events, table).toBe('');
      else if (events !== expected) missing.push(table);
    }
    expect(missing).toEqual([]);
    expect(rows.length).toBeGreaterThan(40);
  });
});
