import { parentPort } from 'node:worker_threads';
import type { TaskReply } from './compute';

/**
 * The body of a compute worker: answers each task message with its task's result. Runs inside
 * the worker thread (compute-worker.ts for the server's tasks).
 */
export function serveTasks(tasks: Record<string, (input: never) => unknown>) {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  port.on('message', async (message: { id: number; task: string; input: unknown }) => {
    let reply: TaskReply;
    try {
      const task = tasks[message.task];
      if (!task) throw new Error(`unknown task ${message.task}`);
      reply = { id: message.id, ok: true, result: await task(message.input as never) };
    } catch (error) {
      reply = {
        id: message.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    port.postMessage(reply);
  });
}
