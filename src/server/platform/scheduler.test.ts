import PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { FakeClock, SECOND } from './clock';
import { type JobAttempt, Scheduler, sqlExecutor } from './scheduler';

/**
 * One-off jobs on the job queue (pg-boss through the app's pool): a job sent by one process runs
 * once whatever the number of processes, a failed one is tried again, and a job sent before a
 * restart runs after it.
 */

let testDb: TestDatabase;
const clock = new FakeClock();
const noLog = { info() {}, error() {} };
const running: Scheduler[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());
afterEach(async () => {
  await Promise.all(running.splice(0).map((scheduler) => scheduler.stop()));
});

/** A process with the kind `name` defined. */
function processWith(
  name: string,
  handler: (data: Record<string, unknown>, attempt: JobAttempt) => Promise<void>,
  options: { retries?: number; retryAfterMs?: number } = {},
) {
  const scheduler = new Scheduler(sqlExecutor(testDb.database.db), clock, noLog, {
    pollingIntervalSeconds: 0.5,
  });
  scheduler.define(
    name,
    {
      retries: options.retries ?? 0,
      retryAfterMs: options.retryAfterMs ?? SECOND,
      expireAfterSeconds: 60,
    },
    handler,
  );
  running.push(scheduler);
  return scheduler;
}

describe('one-off jobs', () => {
  it('runs each job once with its data, across two processes', async () => {
    const seen: unknown[] = [];
    const handler = async (data: Record<string, unknown>) => {
      seen.push(data.n);
    };
    const a = processWith('test-once-each', handler);
    const b = processWith('test-once-each', handler);
    await Promise.all([a.start(), b.start()]);
    for (let n = 0; n < 6; n += 1) await (n % 2 ? a : b).send('test-once-each', { n });
    await vi.waitFor(() => expect(seen).toHaveLength(6), { timeout: 25_000, interval: 100 });
    await a.idle();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('tries a failed job again, saying when it is the last try', async () => {
    const attempts: JobAttempt[] = [];
    const scheduler = processWith(
      'test-retry-once',
      async (_data, attempt) => {
        attempts.push(attempt);
        throw new Error('disk full');
      },
      { retries: 1, retryAfterMs: SECOND },
    );
    await scheduler.send('test-retry-once', {});
    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 25_000, interval: 100 });
    expect(attempts).toEqual([
      { retryCount: 0, lastTry: false },
      { retryCount: 1, lastTry: true },
    ]);
    await scheduler.idle();
  });

  it('keeps a job sent before a restart and runs it after', async () => {
    const seen: unknown[] = [];
    // A process that set the queue up, then stopped (its worker gone).
    const before = processWith('test-restart', async () => {
      throw new Error('a stopped process runs nothing');
    });
    await before.start();
    await before.stop();
    // A job left in the queue meanwhile (as a process that crashed right after sending leaves it).
    const boss = new PgBoss({ db: sqlExecutor(testDb.database.db) });
    await boss.start();
    await boss.send('test-restart', { n: 42 });
    await boss.stop({ graceful: false, close: false, wait: true });

    const after = processWith('test-restart', async (data) => {
      seen.push(data.n);
    });
    await after.start();
    await vi.waitFor(() => expect(seen).toEqual([42]), { timeout: 25_000, interval: 100 });
    await after.idle();
  });
});
