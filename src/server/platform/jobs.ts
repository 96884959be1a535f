export type JobLogger = { error(obj: object, msg: string): void };

/**
 * Work that must not run on the request path (so it cannot slow an answer or reveal through its
 * timing what it found), and periodic work (housekeeping). Jobs are tracked: shutdown and tests
 * wait for them with `idle()`.
 */
export class Jobs {
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<string>();
  private stopped = false;

  constructor(private readonly logger: JobLogger) {}

  run(name: string, job: () => Promise<unknown>) {
    const promise: Promise<void> = Promise.resolve()
      .then(job)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error({ err: error, job: name }, 'background job failed'),
      )
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  /**
   * Runs `job` every `intervalMs` (first after `firstAfterMs`), never two runs of it at once; a
   * failure is logged and the next run happens as planned. Timers do not keep the process alive
   * and end with `stop()`.
   */
  every(
    name: string,
    intervalMs: number,
    job: () => Promise<unknown>,
    firstAfterMs: number = intervalMs,
  ) {
    if (this.stopped) return;
    const tick = () => {
      if (this.stopped || this.running.has(name)) return;
      this.running.add(name);
      this.run(name, () => job().finally(() => this.running.delete(name)));
    };
    const first = setTimeout(() => {
      this.timers.delete(first);
      tick();
      const repeat = setInterval(tick, intervalMs);
      repeat.unref();
      this.timers.add(repeat);
    }, firstAfterMs);
    first.unref();
    this.timers.add(first);
  }

  /** True once `stop()` was called: a long job checks it between steps and ends early. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Stops the periodic jobs (a run in progress finishes; `idle()` waits for it). */
  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Resolves when no job is running (including jobs started meanwhile). */
  async idle() {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
