import { describe, expect, it } from 'vitest';
import { isReadOnlySql } from './read-only-sql';

describe('isReadOnlySql (which statements may pass a bulk write on the embedded database)', () => {
  it('accepts plain reads, with comments, CTEs and columns whose names contain a verb', () => {
    for (const text of [
      'select 1',
      '  SELECT "id", "updated_at" from "holdings" where "user_id" = $1',
      '/* list */ select count(*) from transactions',
      '-- page\nselect * from holdings order by name limit 50',
      'with open as (select * from lots where remaining > 0) select sum(remaining) from open',
      'select "last_update", "deleted_at" from t',
    ]) {
      expect(isReadOnlySql(text), text).toBe(true);
    }
  });

  it('refuses writes, row locks, sequences, notifications, locks and session settings', () => {
    for (const text of [
      'insert into t values (1)',
      'update t set a = 1',
      'delete from t',
      'with gone as (delete from t returning *) select * from gone',
      'select * from holdings where id = $1 for update',
      'select * from holdings for no key update',
      'select * from holdings for share',
      'select * from holdings for key share',
      "select nextval('s')",
      "select pg_notify('c', 'x')",
      'select pg_advisory_xact_lock(1)',
      "select set_config('a', 'b', false)",
      'select * into copy_of from t',
      'lock table t',
      'begin',
      'savepoint s',
      'listen c',
      'refresh materialized view v',
      '',
    ]) {
      expect(isReadOnlySql(text), text).toBe(false);
    }
  });
});
