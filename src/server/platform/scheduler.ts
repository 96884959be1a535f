import type { Clock } from './clock';
import type { Jobs } from './jobs';

/**
 * Periodic work that must run once per slot across every process, and keep its rhythm across
 * restarts. Each process ticks on its own timer (`Jobs.every`); a tick runs the work only if it
 * claims the slot in the database (`SlotStore.claim`: one conditional UPDATE ... RETURNING on a
 * row holding the last run's time, so of two processes ticking together exactly one wins, and a
 * restarted process sees when the last run was). A failed run gives its slot back early so the
 * work is tried again after `retryAfterMs` rather than a whole period later.
 *
 * pg-boss (a job queue on PostgreSQL that also runs on PGlite through its `db.executeSql`
 * option) is the intended replacement once it is a dependency: docs/decisions.md.
 */

export type SlotStore = {
  /** Takes the slot `name` if its last run started `everyMs` or more before `now`. */
  claim(name: string, everyMs: number, now: Date): Promise<boolean>;
  /** Makes the slot claimable again at `at`. */
  reopenAt(name: string, everyMs: number, at: Date): Promise<void>;
};

export type ScheduleOptions = {
  /** The period: at most one run per `everyMs` across processes. */
  everyMs: number;
  /** How often each process checks (default: a tenth of the period, at least 1 s). */
  checkEveryMs?: number;
  /** The first check, after start-up. */
  firstAfterMs?: number;
  /** Only when this holds (market hours). */
  when?: (now: Date) => boolean;
  /** After a failure, the slot reopens this much later (default: the period). */
  retryAfterMs?: number;
};

export type SchedulerLogger = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export class Scheduler {
  private readonly names = new Set<string>();

  constructor(
    private readonly jobs: Jobs,
    private readonly store: SlotStore,
    private readonly clock: Clock,
    private readonly log: SchedulerLogger,
  ) {}

  /** Claims and runs `name` now if its slot is free; true when it ran (and succeeded). */
  async runIfDue(
    name: string,
    options: ScheduleOptions,
    handler: () => Promise<void>,
  ): Promise<boolean> {
    const now = this.clock.now();
    if (options.when && !options.when(now)) return false;
    if (!(await this.store.claim(name, options.everyMs, now))) return false;
    try {
      await handler();
      return true;
    } catch (error) {
      this.log.error({ err: error, job: name }, 'scheduled job failed');
      const retry = options.retryAfterMs ?? options.everyMs;
      await this.store.reopenAt(name, options.everyMs, new Date(now.getTime() + retry));
      return false;
    }
  }

  schedule(name: string, options: ScheduleOptions, handler: () => Promise<void>) {
    if (this.names.has(name)) throw new Error(`${name} is already scheduled`);
    this.names.add(name);
    const check = options.checkEveryMs ?? Math.max(1_000, Math.floor(options.everyMs / 10));
    this.jobs.every(
      name,
      check,
      async () => {
        await this.runIfDue(name, options, handler);
      },
      options.firstAfterMs ?? check,
    );
    this.log.info({ job: name, everyMs: options.everyMs }, 'scheduled');
  }
}
