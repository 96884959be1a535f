import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaFactors } from '../../db/schema';
import { addAuthenticator, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Two requests at once need two database connections: this file runs on PostgreSQL only
// (vitest.config.ts leaves *.postgres.test.ts out of the PGlite project, whose single
// connection serialises transactions anyway).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function holdLock(name: string, userId: string) {
  const client = new pg.Client({ connectionString: t.testDb.url! });
  await client.connect();
  await client.query('begin');
  await client.query(`select pg_advisory_xact_lock(hashtext($1))`, [`${name}:${userId}`]);
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

describe('one two-factor operation at a time', () => {
  it("answers 'Clear operation already in progress' (429) while another clear runs", async () => {
    const { agent, userId } = await registerUser(t.app, 'clearing@example.com');
    await addAuthenticator(agent, new Date());
    const release = await holdLock('mfa-clear', userId);
    try {
      const res = await agent.delete('/api/v1/auth/mfa/factors');
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({
        code: 'OPERATION_IN_PROGRESS',
        message: 'Clear operation already in progress',
        details: { operation: 'clear' },
      });
    } finally {
      await release();
    }
    expect((await agent.delete('/api/v1/auth/mfa/factors')).statusCode).toBe(200);
  });

  it("answers 'Enrollment already in progress' while another enrolment runs", async () => {
    const { agent, userId } = await registerUser(t.app, 'enrolling@example.com');
    const release = await holdLock('mfa-enroll', userId);
    try {
      const res = await agent.post('/api/v1/auth/mfa/factors', {});
      expect(res.json().error).toMatchObject({
        code: 'OPERATION_IN_PROGRESS',
        message: 'Enrollment already in progress',
        details: { operation: 'enroll' },
      });
    } finally {
      await release();
    }
    expect((await agent.post('/api/v1/auth/mfa/factors', {})).statusCode).toBe(201);
  });
});

describe('the last verified factor', () => {
  /** Holds row locks on the given factors, as a slow transaction would. */
  async function holdFactors(ids: string[]) {
    const client = new pg.Client({ connectionString: t.testDb.url! });
    await client.connect();
    await client.query('begin');
    await client.query('select id from mfa_factors where id = any($1::uuid[]) for update', [ids]);
    return async () => {
      await client.query('rollback');
      await client.end();
    };
  }

  /** Waits until `count` other connections of this database wait for a lock. */
  async function waitForLockWaiters(count: number) {
    const client = new pg.Client({ connectionString: t.testDb.url! });
    await client.connect();
    try {
      for (let i = 0; i < 200; i += 1) {
        const { rows } = await client.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if ((rows[0]?.waiting ?? 0) >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the deletions never waited for the lock');
    } finally {
      await client.end();
    }
  }

  it('survives two deletions at once: exactly one succeeds, one verified factor remains', async () => {
    const { agent, userId } = await registerUser(t.app, 'two-deletes@example.com');
    const first = await addAuthenticator(agent, new Date(), 'Phone');
    // The next 30-second step, so the second enrolment's code is not a replay.
    const second = await addAuthenticator(agent, new Date(Date.now() + 30_000), 'Tablet');

    // Both deletions start while another transaction holds the rows, so both pass their
    // checks before either deletes: without locking the user's factors they would leave none.
    const release = await holdFactors([first.id, second.id]);
    const deletions = Promise.all([
      agent.delete(`/api/v1/auth/mfa/factors/${first.id}`),
      agent.delete(`/api/v1/auth/mfa/factors/${second.id}`),
    ]);
    await waitForLockWaiters(2);
    await release();
    const answers = await deletions;

    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)?.json().error.code).toBe(
      'LAST_VERIFIED_FACTOR',
    );
    const left = await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(left).toHaveLength(1);
    expect(left[0]?.status).toBe('verified');
  });
});
