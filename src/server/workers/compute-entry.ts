import { type WorkerEntry, workerEntry } from '../platform/worker-entry';

/**
 * Where the server's compute workers start: compute-worker.ts here, or its bundle beside the
 * server's (scripts/build-server.mjs), or `builtFile`, a bundle the test suites build once
 * (loading the source through tsx costs each new worker about a second).
 */
export function computeWorkerEntry(builtFile?: string): WorkerEntry {
  return workerEntry(
    new URL('./compute-worker.js', import.meta.url),
    new URL('./compute-worker.ts', import.meta.url),
    builtFile,
  );
}
