import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { isDatabaseUnavailable, loggableError } from './database-errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function failingQuery(value: string): Promise<unknown> {
  try {
    await t.database.db.execute(sql`select ${value}::uuid`);
  } catch (error) {
    return error;
  }
  throw new Error('the query should have failed');
}

describe('a failed query in the log', () => {
  it('keeps its SQL and SQLSTATE but not the values it was given', async () => {
    const error = await failingQuery('my-private-note-4242');
    t.app.log.error({ err: error }, 'query failed');
    const line = t.logs.find((entry) => entry.msg === 'query failed') as {
      err: { message: string; database?: { sqlState?: string } };
    };
    expect(line.err.message).toContain('Failed query: select $1::uuid');
    expect(line.err.database?.sqlState).toBe('22P02');
    expect(t.rawLogs()).not.toContain('my-private-note-4242');
    expect(t.rawLogs()).not.toContain('params');
  });

  it('leaves other errors as they are', () => {
    const plain = new Error('plain');
    expect(loggableError(plain)).toBe(plain);
    expect(loggableError('text')).toBe('text');
  });
});

describe('what counts as the database being unavailable', () => {
  it('recognises refused connections, broken ones and PostgreSQL shutting down', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query: select 1', {
          cause: Object.assign(new Error('terminating connection'), {
            code: '57P01',
            severity: 'FATAL',
          }),
        }),
      ),
    ).toBe(true);
    // A database that does not accept connections (ALLOW_CONNECTIONS false, or while it is set up).
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('database "cairn" is not currently accepting connections'), {
          code: '55000',
          severity: 'FATAL',
        }),
      ),
    ).toBe(true);
  });

  it('does not mistake a query error or a bug for an outage', async () => {
    expect(isDatabaseUnavailable(await failingQuery('not-a-uuid'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    // A statement past the protocol's limits (class 08, but a bug) and another 55000 error.
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('bind message has 70000 parameter formats but 0 parameters'), {
          code: '08P01',
          severity: 'ERROR',
        }),
      ),
    ).toBe(false);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('currval of sequence "s" is not yet defined in this session'), {
          code: '55000',
          severity: 'ERROR',
        }),
      ),
    ).toBe(false);
  });
});
