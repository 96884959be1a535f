import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import {
  type ConnectionSource,
  openWorkerDatabase,
  type WorkerDatabase,
  type WorkerConnection,
} from '../db/worker-database';
import type { ConnectReply, ConnectRequest, TaskMessage, TaskReply } from './compute';

/** What a task may use besides its input. */
export type TaskEnv = {
  /** This worker's own database connections, opened at first use. */
  database(): Promise<WorkerDatabase>;
};

/** A compute task: a function of structured-clone data, with the worker's environment. */
export type Task = (input: never, env: TaskEnv) => unknown;

/**
 * Lowers this thread's scheduling priority (Linux: a thread has its own nice value, set through its
 * id, read from /proc/thread-self): when the CPUs are busy, the threads answering requests run
 * first and the long computations wait, instead of the request thread queuing behind them.
 * Elsewhere, or when refused, nothing changes.
 */
function yieldToRequests() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, BACKGROUND_NICE);
  } catch {
    // Not Linux, or not allowed: the worker runs at the process's priority.
  }
}

/** The nice value of compute workers (0 is the process's; 19 the lowest). */
export const BACKGROUND_NICE = 10;

/**
 * The body of a compute worker: answers each task message with its task's result. Runs inside
 * the worker thread (workers/compute-worker.ts for the server's tasks).
 */
export function serveTasks(tasks: Record<string, Task>) {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  yieldToRequests();
  const pending = new Map<number, (reply: ConnectReply) => void>();
  let nextRequest = 1;
  const source: ConnectionSource = (readers) =>
    new Promise<WorkerConnection>((resolve, reject) => {
      const request = nextRequest++;
      pending.set(request, (reply) => {
        if ('error' in reply) reject(new Error(reply.error));
        else resolve(reply.connection);
      });
      const message: ConnectRequest = { type: 'connect', request, readers };
      port.postMessage(message);
    });
  let database: Promise<WorkerDatabase> | null = null;
  const env: TaskEnv = {
    database() {
      database ??= openWorkerDatabase(source).catch((error: unknown) => {
        database = null;
        throw error;
      });
      return database;
    },
  };
  port.on('message', async (message: TaskMessage | ConnectReply) => {
    if (message.type === 'connection') {
      pending.get(message.request)?.(message);
      pending.delete(message.request);
      return;
    }
    let reply: TaskReply;
    try {
      const task = tasks[message.task];
      if (!task) throw new Error(`unknown task ${message.task}`);
      reply = {
        type: 'reply',
        id: message.id,
        ok: true,
        result: await task(message.input as never, env),
      };
    } catch (error) {
      reply = {
        type: 'reply',
        id: message.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    port.postMessage(reply);
  });
}
