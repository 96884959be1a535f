import { type WorkerEntry, workerEntry } from '../platform/worker-entry';

/**
 * Where the server's compute workers start: compute-worker.ts here, or its bundle beside the
 * server's (scripts/build-server.mjs).
 */
export function computeWorkerEntry(): WorkerEntry {
  return workerEntry(
    new URL('./compute-worker.js', import.meta.url),
    new URL('./compute-worker.ts', import.meta.url),
  );
}
