import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

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

/**
 * Starts the built server and resolves when /api/v1/ready answers 200, with the time it took.
 * BENCH_NODE_ARGS adds Node options to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * to see where a benchmark's time goes; Node refuses those in NODE_OPTIONS); BENCH_SERVER_STDOUT=1
 * shows the server's standard output (what `--trace-gc` prints, for one).
 */
export async function startServer(
  env: Record<string, string>,
): Promise<Server & { readyMs: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
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

/**
 * Signs up as a visitor does (registration answers 202 and emails an activation link), opens the
 * link from the development outbox and signs in; returns the session cookie. The server must run
 * with NODE_ENV=test (or development): production serves no outbox.
 */
export async function signUp(
  url: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const post = (pathname: string, body: unknown) =>
    fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, ...headers },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/v1/auth/register', { email, password });
  if (registered.status !== 202) throw new Error(`register answered ${registered.status}`);
  const outbox = (await (
    await fetch(`${url}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as { messages: { template: string; text: string }[] };
  const mail = outbox.messages.find((message) => message.template === 'activate-account');
  const token = mail && /\/auth\/activate\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no activation link for ${email}`);
  const activated = await post('/api/v1/auth/activate', { token });
  if (activated.status !== 200) throw new Error(`activation answered ${activated.status}`);
  const signedIn = await post('/api/v1/auth/login', { email, password });
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
  return signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter(
      (pair) => pair?.startsWith('cairn_session=') || pair?.startsWith('__Host-cairn_session='),
    )
    .join('; ');
}

/** A small deterministic generator (mulberry32): every run of a benchmark builds the same data. */
export function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The open-loop prober, run on its own thread: the benchmark's main thread builds and sends a
 * 1.5 MB import and reads its answer, and a probe sharing that thread would count the client's
 * own pauses as the server's. Fires a GET every `everyMs` until told to stop; latency counts
 * from when each request was due, so a stall counts once per request it delays.
 */
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, everyMs } = workerData;
const latencies = [];
const statuses = {};
const inFlight = new Set();
let stopped = false;
let sent = 0;
let start = 0;
const count = (status, due) => {
  latencies.push(performance.now() - due);
  statuses[status] = (statuses[status] || 0) + 1;
};
const tick = () => {
  if (stopped) return;
  const now = performance.now();
  // Every request that fell due since the last tick goes now (timers run late under load).
  while (start + sent * everyMs <= now) {
    const due = start + sent * everyMs;
    sent += 1;
    const request = fetch(url, { headers })
      .then(async (response) => { await response.arrayBuffer(); count(response.status, due); })
      .catch(() => count(0, due));
    inFlight.add(request);
    request.finally(() => inFlight.delete(request));
  }
  setTimeout(tick, Math.max(0, start + sent * everyMs - performance.now()));
};
// One request first, not counted: it loads fetch in this thread and opens the connection, which
// would otherwise be timed as the server's (about 25 ms, the p99 of a second's probes).
fetch(url, { headers })
  .then((response) => response.arrayBuffer())
  .catch(() => {})
  .then(() => {
    start = performance.now();
    tick();
    parentPort.postMessage('ready');
  });
parentPort.once('message', async () => {
  stopped = true;
  await Promise.all(inFlight);
  parentPort.postMessage({ latencies, statuses });
});
`;

/**
 * Probes `url` every `everyMs` from a thread of its own (open loop: a late answer does not delay
 * the next request), once its connection is open; resolves to the function that stops it and
 * answers the latencies.
 */
export async function openLoop(url: string, headers: Record<string, string>, everyMs: number) {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url, headers, everyMs } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return async () => {
    const done = new Promise<{ latencies: number[]; statuses: Record<string, number> }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    worker.postMessage('stop');
    const { latencies, statuses } = await done;
    await worker.terminate();
    return { ...latencyFigures(latencies), statuses };
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Count, p50, p95, p99 and max of latencies, to a tenth of a millisecond. */
export function latencyFigures(latencies: number[]) {
  return {
    count: latencies.length,
    p50: round1(percentile(latencies, 50)),
    p95: round1(percentile(latencies, 95)),
    p99: round1(percentile(latencies, 99)),
    max: round1(Math.max(...latencies)),
  };
}

/**
 * A signed-in visitor of a benchmarked server: JSON requests with the session cookie (kept up
 * to date from Set-Cookie) and the Origin header the server checks on writes.
 */
export class BenchSession {
  constructor(
    readonly url: string,
    public cookie = '',
  ) {}

  async request(method: string, route: string, body?: unknown) {
    const response = await fetch(`${this.url}${route}`, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      if ((pair.split('=')[0] ?? '').includes('cairn_session')) this.cookie = pair;
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** The answer's body, or an error naming the route and what it answered. */
  async expect(status: number, method: string, route: string, body?: unknown) {
    const answer = await this.request(method, route, body);
    if (answer.status !== status) {
      throw new Error(
        `${method} ${route} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
    }
    return (answer.body ?? {}) as Record<string, unknown>;
  }
}

/**
 * Where a benchmark's server keeps its data: a fresh embedded folder, or a throwaway PostgreSQL
 * database made from BENCH_DATABASE_URL (default the local server's `postgres` database).
 * `env` is what the server needs (DATA_DIR, and DATABASE_URL on PostgreSQL); `drop` removes both
 * (`drop(true)` keeps them, to look at afterwards).
 */
export async function benchDatabase(database: 'pglite' | 'postgresql', label: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `cairn-bench-${label}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let databaseUrl: string | null = null;
  let admin: pg.Client | null = null;
  const name = `cairn_bench_${label.replaceAll('-', '_')}_${process.pid}`;
  if (database === 'postgresql') {
    const adminUrl =
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    env.DATABASE_URL = databaseUrl;
  }
  return {
    dataDir,
    databaseUrl,
    env,
    async drop(keep = false) {
      if (admin) {
        if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
      if (!keep) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
