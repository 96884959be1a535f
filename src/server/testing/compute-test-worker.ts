import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { serveTasks } from '../platform/compute-worker-host';

/** Tasks for compute.test.ts. */
export const testTasks = {
  add: (input: { a: number; b: number }) => input.a + input.b,
  sum: (input: { values: Float64Array }) => input.values.reduce((total, value) => total + value, 0),
  fail: (input: { message: string }) => {
    throw new Error(input.message);
  },
  crash: (_input: Record<string, never>) => process.exit(3),
  /** This worker thread's nice value (Linux). */
  nice: (_input: Record<string, never>) =>
    os.getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())),
  /** Busy for `ms` milliseconds, then answers its label. */
  spin: (input: { ms: number; label: string }) => {
    const until = performance.now() + input.ms;
    while (performance.now() < until) {
      // busy
    }
    return input.label;
  },
};

serveTasks(testTasks);
