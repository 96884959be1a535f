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
 *
 * One-off jobs (`define` a kind, then `send` jobs of it with their data): each job is stored in
 * the database when sent (it survives a restart), fetched by exactly one worker of any process
 * (`FOR UPDATE SKIP LOCKED`), tried again `retryAfterMs` later when its handler throws (up to
 * `retries` times), and failed (then retried) when it runs longer than `expireAfterSeconds`. A
 * process that sends a job wakes its own worker at once; the others poll.
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

export type JobKindOptions = {
  /** A failed run is tried again this much later (rounded up to seconds). */
  retryAfterMs: number;
  /** How many times a failed run is tried again. */
  retries: number;
  /** A run still going after this long is failed (and retried). */
  expireAfterSeconds: number;
};

/** Which try of a job this is: `lastTry` is true when a failure will not be tried again. */
export type JobAttempt = { retryCount: number; lastTry: boolean };

type KindHandler = (data: Record<string, unknown>, attempt: JobAttempt) => Promise<void>;

type Kind = { name: string; options: JobKindOptions; handler: KindHandler };

export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private readonly kinds = new Map<string, Kind>();
  private readonly workers = new Map<string, string>();
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  /** Set by `stop`: no job is sent afterwards (the app is closing). */
  private closed = false;

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

  /**
   * Registers a kind of one-off job and its handler (given each job's data); `send` queues jobs
   * of it. The handler must be safe to run again after a crash (the job is then retried).
   */
  define<T extends Record<string, unknown>>(
    name: string,
    options: JobKindOptions,
    handler: (data: T, attempt: JobAttempt) => Promise<void>,
  ) {
    if (this.kinds.has(name) || this.entries.has(name))
      throw new Error(`${name} is already defined`);
    this.kinds.set(name, {
      name,
      options,
      handler: handler as KindHandler,
    });
  }

  /**
   * Queues a job of a defined kind (starting the queue in this process first when it is not
   * running yet); resolves to its id once it is stored.
   */
  async send(name: string, data: Record<string, unknown>): Promise<string> {
    if (!this.kinds.has(name)) throw new Error(`${name} is not defined`);
    if (this.closed) throw new Error('the job queue is stopped');
    await this.start();
    const boss = this.boss;
    if (!boss) throw new Error('the job queue is stopped');
    const id = await boss.send(name, data);
    if (id === null) throw new Error(`${name}: the job was not queued`);
    const worker = this.workers.get(name);
    if (worker) boss.notifyWorker(worker);
    return id;
  }

  private sendOptions(options: ScheduleOptions): PgBoss.SendOptions {
    return options.slotSeconds
      ? { singletonKey: 'slot', singletonSeconds: options.slotSeconds }
      : {};
  }

  /**
   * Starts pg-boss (migrating its schema) and the registered jobs and kinds; nothing when none
   * is. Safe to call again (and concurrently): it starts once.
   */
  async start() {
    if (this.boss || (this.entries.size === 0 && this.kinds.size === 0)) return;
    this.starting ??= this.startOnce().finally(() => {
      this.starting = null;
    });
    await this.starting;
  }

  private async startOnce() {
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
      for (const kind of this.kinds.values()) await this.setUpKind(boss, kind);
    } catch (error) {
      await this.halt();
      throw error;
    }
  }

  /** Creates a queue, trying again when two processes starting together deadlock on it. */
  private async createQueue(boss: PgBoss, queue: PgBoss.Queue) {
    // Creating a queue is DML and DDL (a partition of the job table): two processes starting
    // together can deadlock on it (PostgreSQL then aborts one), so the loser tries again.
    for (let attempt = 1; !(await boss.getQueue(queue.name)); attempt += 1) {
      try {
        await boss.createQueue(queue.name, queue);
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  }

  private async setUpKind(boss: PgBoss, { name, options, handler }: Kind) {
    await this.createQueue(boss, {
      name,
      policy: 'standard',
      retryLimit: options.retries,
      retryDelay: Math.ceil(options.retryAfterMs / 1_000),
      retryBackoff: false,
      expireInSeconds: options.expireAfterSeconds,
    });
    const worker = await boss.work<Record<string, unknown>>(
      name,
      {
        pollingIntervalSeconds: this.settings.pollingIntervalSeconds ?? 2,
        batchSize: 1,
        includeMetadata: true,
      },
      async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data ?? {}, {
              retryCount: job.retryCount,
              lastTry: job.retryCount >= job.retryLimit,
            });
          } catch (error) {
            this.log.error({ err: error, job: name, jobId: job.id }, 'job failed');
            throw error;
          }
        }
      },
    );
    this.workers.set(name, worker);
    this.log.info({ job: name }, 'job kind ready');
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
    await this.createQueue(boss, queue);
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

  /**
   * Resolves when no one-off job is waiting or running, in any process (tests and shutdown wait
   * for the jobs a request queued). Nothing to wait for when the queue never started here.
   */
  async idle(pollMs = 50) {
    if (this.kinds.size === 0) return;
    await this.starting?.catch(() => undefined);
    if (!this.boss) return;
    const names = [...this.kinds.keys()];
    for (;;) {
      const result = (await this.executor.executeSql(
        `select count(*)::int as n from pgboss.job where name = any($1::text[]) and state in ('created', 'retry', 'active')`,
        [names],
      )) as { rows: { n: number }[] };
      if (Number(result.rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** Stops polling and the timers; a run in progress has 10 s to finish, else fails (retried). */
  async stop() {
    this.closed = true;
    await this.starting?.catch(() => undefined);
    await this.halt();
  }

  private async halt() {
    const boss = this.boss;
    this.boss = null;
    this.workers.clear();
    await boss?.stop({ graceful: true, timeout: 10_000, wait: true, close: false });
  }
}
