import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { PROJECT_ROOT } from '../start';

export type ServerProcess = {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Resolves when a line matching `pattern` has been written. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
};

/** The server entries the test run bundled (global-setup.ts), by their source file. */
const BUILT_ENTRIES = {
  'src/server/main.ts': 'main.js',
  'src/server/testing/fixtures/slow-server.ts': 'slow-server.js',
} as const;

/** Runs a server entry file (from the test run's bundle of it) as a real child process. */
export function spawnServer(
  entry: keyof typeof BUILT_ENTRIES,
  env: Record<string, string>,
): ServerProcess {
  const child = spawn(process.execPath, [path.join(inject('serverBuild'), BUILT_ENTRIES[entry])], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (!match) return;
          cleanup();
          resolve(match);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`));
        }, timeoutMs);
        const onExit = () => {
          cleanup();
          reject(new Error(`process exited before ${pattern}; output:\n${output}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
      });
    },
  };
}
