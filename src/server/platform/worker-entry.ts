import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type WorkerEntry = { script: string | URL; eval: boolean };

/**
 * How to start a worker thread: a built file (beside the server bundle, or one a test run built),
 * or the TypeScript source through tsx's loader, registered inside the worker (Node 20 does not
 * pass a loader on to worker threads).
 *
 * @param builtUrl where the bundled worker sits when the server runs from its build
 * @param sourceUrl the worker's TypeScript source
 */
export function workerEntry(builtUrl: URL, sourceUrl: URL, builtFile?: string): WorkerEntry {
  if (builtFile) return { script: pathToFileURL(builtFile), eval: false };
  if (existsSync(builtUrl)) return { script: builtUrl, eval: false };
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(sourceUrl.href)}); })`,
    eval: true,
  };
}
