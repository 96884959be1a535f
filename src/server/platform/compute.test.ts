import { afterEach, describe, expect, it } from 'vitest';
import type { testTasks } from '../testing/compute-test-worker';
import os from 'node:os';
import { ComputeError, ComputePool } from './compute';
import { BACKGROUND_NICE } from './compute-worker-host';
import { workerEntry } from './worker-entry';

const entry = workerEntry(
  new URL('../testing/compute-test-worker.does-not-exist.js', import.meta.url),
  new URL('../testing/compute-test-worker.ts', import.meta.url),
);
let pool: ComputePool<typeof testTasks> | null = null;
const open = (threads: number) => (pool = new ComputePool<typeof testTasks>({ threads, entry }));
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('compute pool', () => {
  it('runs a task on a worker and answers its result', async () => {
    expect(await open(1).run('add', { a: 2, b: 3 })).toBe(5);
  });

  it('moves transferred buffers to the worker instead of copying them', async () => {
    const values = new Float64Array([1.5, 2.5, 3]);
    const result = open(1).run('sum', { values }, [values.buffer]);
    // Moved: the sender's view is detached at once.
    expect(values.byteLength).toBe(0);
    expect(await result).toBe(7);
  });

  it('rejects with the task error and keeps serving', async () => {
    const p = open(1);
    await expect(p.run('fail', { message: 'bad input' })).rejects.toThrow('bad input');
    expect(await p.run('add', { a: 1, b: 1 })).toBe(2);
  });

  it('replaces a worker that dies: its task fails, the queue goes on', async () => {
    const p = open(1);
    const crashed = p.run('crash', {});
    const next = p.run('add', { a: 4, b: 4 });
    await expect(crashed).rejects.toBeInstanceOf(ComputeError);
    expect(await next).toBe(8);
  });

  it('queues tasks beyond its threads and answers each its own result', async () => {
    const p = open(2);
    const labels = ['a', 'b', 'c', 'd', 'e'];
    const results = await Promise.all(labels.map((label) => p.run('spin', { ms: 20, label })));
    expect(results).toEqual(labels);
  });

  it('keeps the calling thread free while a task runs', async () => {
    const p = open(1);
    await p.run('add', { a: 0, b: 0 }); // the worker is up
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    await p.run('spin', { ms: 200, label: 'busy' });
    clearInterval(timer);
    // A task on this thread would have let no timer run at all.
    expect(ticks).toBeGreaterThan(5);
  });

  it('fails queued and new tasks once closed', async () => {
    const p = open(1);
    const running = p.run('spin', { ms: 100, label: 'x' });
    const queued = p.run('add', { a: 1, b: 2 });
    const runningFails = expect(running).rejects.toBeInstanceOf(ComputeError);
    const queuedFails = expect(queued).rejects.toBeInstanceOf(ComputeError);
    await p.close();
    await runningFails;
    await queuedFails;
    await expect(p.run('add', { a: 1, b: 2 })).rejects.toThrow('closed');
  });

  it.runIf(process.platform === 'linux')(
    'runs its workers at a lower priority than the request thread',
    async () => {
      const own = os.getPriority();
      expect(await open(1).run('nice', {})).toBe(Math.max(own, BACKGROUND_NICE));
      // The process (the request thread) keeps its own.
      expect(os.getPriority()).toBe(own);
    },
  );
});
