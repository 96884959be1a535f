import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const RESULTS = path.join(ROOT, 'bench', 'results');

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Builds the app when dist/ is missing (benchmarks measure the production build). */
export async function ensureBuilt() {
  if (
    existsSync(path.join(ROOT, 'dist', 'server', 'main.js')) &&
    existsSync(path.join(ROOT, 'dist', 'web', 'site.html'))
  )
    return;
  await run('npm', ['run', 'build']);
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

export type Server = { url: string; child: ChildProcess; stop(): Promise<void> };

/** Starts the built server and resolves when /api/v1/ready answers 200, with the time it took. */
export async function startServer(
  env: Record<string, string>,
): Promise<Server & { readyMs: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/v1/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    child,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function writeResult(name: string, result: unknown) {
  await mkdir(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, ...(result as object) }, null, 2)}\n`,
  );
  return file;
}
