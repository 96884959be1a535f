import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import type { Clock } from './clock';

/**
 * Periodic work that must run once per slot across every process and survive restarts, on
 * pg-boss 10 (a job queue in the database's `pgboss` schema, created by its own migrations at
 * start). pg-boss reaches the database through the app's own connection pool (`sqlExecutor`), so
 * it runs on PostgreSQL and on the embedded PGlite alike (its multi-statement transactions and
 * advisory locks go through as one simple query each).
 *
 * Each job has a cron (UTC) at which a run is offered; pg-boss sends at most one job per cron
 * tick across processes, and `slotSeconds` makes it at most one per slot of that length (aligned
 * on UTC). A job is fetched by one worker only (`FOR UPDATE SKIP LOCKED`); a failed run is tried
 * again `retryAfterMs` later, up to `retries` times; a job left by a stopped process is picked up
 * by the next one. Nothing starts (no schema, no timers) until something is scheduled.
 */

export type ScheduleOptions = {
  /** When a run is offered (cron, UTC; once a minute at most). */
  cron: string;
  /** At most one run per slot of this many seconds, across processes and restarts. */
  slotSeconds?: number;
  /** Only when this holds (market hours); otherwise the offered run does nothing. */
  when?: (now: Date) => boolean;
  /** A failed run is tried again this much later (rounded up to seconds). */
  retryAfterMs: number;
  /** How many times a failed run is tried again. */
  retries: number;
  /** A run still going after this long is failed (and retried). */
  expireAfterSeconds: number;
};

export type SchedulerLogger = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** pg-boss's way to the database: the app's node-postgres pool (both databases use one). */
export function sqlExecutor(db: Db): PgBoss.Db {
  const pool = (db as unknown as { $client?: { query?: unknown } }).$client;
  if (!pool || typeof pool.query !== 'function')
    throw new Error('the scheduler needs the node-postgres driver');
  const query = pool.query.bind(pool) as (
    text: string,
    values?: unknown[],
  ) => Promise<{ rows: unknown[] }>;
  // No values: the simple protocol, which takes pg-boss's multi-statement transactions.
  return { executeSql: (text, values) => query(text, values?.length ? values : undefined) };
}

type Entry = { name: string; options: ScheduleOptions; handler: () => Promise<void> };

export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private boss: PgBoss | null = null;

  constructor(
    private readonly executor: PgBoss.Db,
    private readonly clock: Clock,
    private readonly log: SchedulerLogger,
    /** pg-boss settings (tests poll faster). */
    private readonly settings: { pollingIntervalSeconds?: number } = {},
  ) {}

  /** Registers a job; `start` sets it up in the database. */
  schedule(name: string, options: ScheduleOptions, handler: () => Promise<void>) {
    if (this.entries.has(name)) throw new Error(`${name} is already scheduled`);
    this.entries.set(name, { name, options, handler });
  }

  private sendOptions(options: ScheduleOptions): PgBoss.SendOptions {
    return options.slotSeconds
      ? { singletonKey: 'slot', singletonSeconds: options.slotSeconds }
      : {};
  }

  /** Starts pg-boss (migrating its schema) and the registered jobs; nothing when none is. */
  async start() {
    if (this.boss || this.entries.size === 0) return;
    const longestSlot = Math.max(
      0,
      ...[...this.entries.values()].map((entry) => entry.options.slotSeconds ?? 0),
    );
    const boss = new PgBoss({
      db: this.executor,
      // A finished job keeps its slot taken until it is archived: longer than any slot.
      archiveCompletedAfterSeconds: Math.max(12 * 3_600, 2 * longestSlot),
      archiveFailedAfterSeconds: Math.max(12 * 3_600, 2 * longestSlot),
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'scheduler error'));
    await boss.start();
    this.boss = boss;
    try {
      for (const entry of this.entries.values()) await this.setUp(boss, entry);
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  private async setUp(boss: PgBoss, { name, options, handler }: Entry) {
    const queue = {
      name,
      // One run at a time, and at most one waiting.
      policy: 'stately' as const,
      retryLimit: options.retries,
      retryDelay: Math.ceil(options.retryAfterMs / 1_000),
      retryBackoff: false,
      expireInSeconds: options.expireAfterSeconds,
    };
    // Creating a queue is DML and DDL (a partition of the job table): two processes starting
    // together can deadlock on it (PostgreSQL then aborts one), so the loser tries again.
    for (let attempt = 1; !(await boss.getQueue(name)); attempt += 1) {
      try {
        await boss.createQueue(name, queue);
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
    await boss.schedule(name, options.cron, {}, this.sendOptions(options));
    await boss.work(
      name,
      { pollingIntervalSeconds: this.settings.pollingIntervalSeconds ?? 10 },
      async () => {
        if (options.when && !options.when(this.clock.now())) return;
        try {
          await handler();
        } catch (error) {
          this.log.error({ err: error, job: name }, 'scheduled job failed');
          throw error;
        }
      },
    );
    this.log.info({ job: name, cron: options.cron }, 'scheduled');
  }

  /** Offers a run of `name` now, as its cron would; false when its slot is already taken. */
  async offer(name: string): Promise<boolean> {
    const entry = this.entries.get(name);
    if (!this.boss || !entry) throw new Error(`${name} is not scheduled`);
    return (await this.boss.send(name, {}, this.sendOptions(entry.options))) !== null;
  }

  /** Stops polling and the timers; a run in progress has 10 s to finish, else fails (retried). */
  async stop() {
    const boss = this.boss;
    this.boss = null;
    await boss?.stop({ graceful: true, timeout: 10_000, wait: true, close: false });
  }
}
