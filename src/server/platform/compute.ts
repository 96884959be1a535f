import os from 'node:os';
import { type Transferable, Worker } from 'node:worker_threads';
import type { WorkerConnection } from '../db/worker-database';
import type { WorkerEntry } from './worker-entry';

/**
 * Heavy pure work (the valuation engine) on worker threads, so that no request waits behind it:
 * the request thread only reads the database and sends the data over (typed arrays are moved,
 * not copied). Tasks queue for the first free worker; a worker that dies fails its task, is
 * replaced, and the rest of the queue goes on.
 *
 * Tasks are the functions the worker module serves (`serveTasks`; the server's registry is
 * workers/compute-tasks.ts, at the composition root, which gives the pool its entry).
 * A task may read the database itself (`TaskEnv.database`): the worker asks this thread for a
 * connection (`ComputePoolOptions.connect`), so rows are read and kept on the worker, never on
 * the request thread.
 */

export type TaskMessage = { type: 'task'; id: number; task: string; input: unknown };
/** The request thread's answer to a worker's `ConnectRequest`. */
export type ConnectReply =
  | { type: 'connection'; request: number; connection: WorkerConnection }
  | { type: 'connection'; request: number; error: string };
export type ConnectRequest = { type: 'connect'; request: number; readers: boolean };
export type TaskReply =
  | { type: 'reply'; id: number; ok: true; result: unknown }
  | { type: 'reply'; id: number; ok: false; message: string };

type Job = {
  id: number;
  task: string;
  input: unknown;
  transfer: readonly Transferable[];
  resolve(value: unknown): void;
  reject(error: Error): void;
};

export class ComputeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ComputeError';
  }
}

type Slot = { worker: Worker; job: Job | null };

export type ComputePoolOptions = {
  /** Threads; default one less than the CPUs, at least 1, at most 4. */
  threads?: number;
  /** The worker module: the server's (workers/compute-entry.ts), or a test's own. */
  entry: WorkerEntry;
  /** Gives a worker a database connection of its own (`Database.workerConnection`). */
  connect?: (readers: boolean) => WorkerConnection | Error;
};

export class ComputePool<Tasks extends Record<keyof Tasks, (input: never, env: never) => unknown>> {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly entry: WorkerEntry;
  private readonly size: number;
  private readonly connect: ComputePoolOptions['connect'];
  private nextId = 1;
  private closed = false;

  constructor(options: ComputePoolOptions) {
    this.entry = options.entry;
    this.size = Math.max(1, options.threads ?? Math.min(4, os.availableParallelism() - 1));
    this.connect = options.connect;
  }

  /** How many workers run at most. */
  get threads() {
    return this.size;
  }

  /** Starts every worker now, so that the first task does not wait for one to boot. */
  warm() {
    while (!this.closed && this.slots.length < this.size) this.spawn();
  }

  /** Runs `task` on a worker; `transfer` lists buffers to move there instead of copying. */
  run<K extends keyof Tasks & string>(
    task: K,
    input: Parameters<Tasks[K]>[0],
    transfer: readonly Transferable[] = [],
  ): Promise<Awaited<ReturnType<Tasks[K]>>> {
    if (this.closed) return Promise.reject(new ComputeError('the compute pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        task,
        input,
        transfer,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  /** Stops the workers; queued and running tasks fail. */
  async close() {
    this.closed = true;
    for (const job of this.queue.splice(0))
      job.reject(new ComputeError('the compute pool is closed'));
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        slot.job?.reject(new ComputeError('the compute pool is closed'));
        await slot.worker.terminate();
      }),
    );
  }

  private pump() {
    while (this.queue.length) {
      let slot = this.slots.find((candidate) => !candidate.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      const message: TaskMessage = { type: 'task', id: job.id, task: job.task, input: job.input };
      slot.worker.postMessage(message, [...job.transfer]);
    }
  }

  private answerConnect(worker: Worker, request: ConnectRequest) {
    let connection: WorkerConnection | Error;
    try {
      connection = this.connect
        ? this.connect(request.readers)
        : new Error('this pool gives no database connections');
    } catch (error) {
      connection = error instanceof Error ? error : new Error(String(error));
    }
    if (connection instanceof Error) {
      const reply: ConnectReply = {
        type: 'connection',
        request: request.request,
        error: connection.message,
      };
      worker.postMessage(reply);
      return;
    }
    const reply: ConnectReply = { type: 'connection', request: request.request, connection };
    worker.postMessage(reply, connection.kind === 'port' ? [connection.port] : []);
  }

  private spawn(): Slot {
    const worker = new Worker(this.entry.script, { eval: this.entry.eval });
    // An idle pool does not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, job: null };
    worker.on('message', (reply: TaskReply | ConnectRequest) => {
      if (reply.type === 'connect') {
        this.answerConnect(worker, reply);
        return;
      }
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      if (reply.ok) job.resolve(reply.result);
      else job.reject(new ComputeError(reply.message));
      this.pump();
    });
    const lost = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      slot.job?.reject(new ComputeError(`a compute worker stopped: ${error.message}`));
      slot.job = null;
      if (!this.closed) this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`exit ${code}`)));
    this.slots.push(slot);
    return slot;
  }
}
