/**
 * Load (issue 12): the server stays responsive while it works hard, on the embedded database and
 * on PostgreSQL, against the production build over HTTP.
 *
 * 1. A 20,000-row transactions import (preview, then commit) by one user while, open loop (sent
 *    on a fixed schedule whatever the answers, so a stall counts once per request it delays):
 *    /api/v1/health every 10 ms (target p99 < 20 ms) and another user's holdings list every
 *    25 ms (target p99 < 200 ms). Latency is measured from when a request was due.
 * 2. 20 writers, each a user recording transactions one after another for 10 s: every write
 *    answered, no 503; p50/p95/p99 and writes per second.
 *
 * The history comes from ../shared/bench-data/generate-synthetic.js (20,000 activities over 10
 * symbols: the free plan's 10 assets). Run alone: `npx tsx bench/load.bench.ts`.
 * PostgreSQL: BENCH_DATABASE_URL (default the local server's `postgres` database); a throwaway
 * database is created and dropped.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import {
  BenchSession,
  benchDatabase,
  ensureBuilt,
  latencyFigures,
  openLoop,
  ROOT,
  type Server,
  signUp,
  startServer,
  writeResult,
} from './lib';

const IMPORT_ROWS = 20_000;
const SYMBOLS = 10;
const WRITERS = 20;
const WRITE_SECONDS = 10;
const HEALTH_EVERY_MS = 10;
const LIST_EVERY_MS = 25;

type Activity = {
  date: string;
  type: 'BUY' | 'SELL' | 'DIVIDEND';
  symbol: string;
  quantity: number;
  unitPrice: number;
  fee: number;
  currency: string;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The synthetic history as Cairn's transactions file. */
export async function transactionsCsv(): Promise<{ csv: string; symbols: string[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-bench-load-'));
  try {
    const params = path.join(dir, 'params.json');
    const out = path.join(dir, 'history.json');
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(params, JSON.stringify({ N: IMPORT_ROWS, S: SYMBOLS })),
    );
    execFileSync(process.execPath, [
      path.join(ROOT, '..', 'shared', 'bench-data', 'generate-synthetic.js'),
      '--params',
      params,
      out,
    ]);
    const { activities } = JSON.parse(await readFile(out, 'utf8')) as { activities: Activity[] };
    const lines = [
      'assetClass,assetName,assetSymbol,transactionType,quantity,price,fees,currency,tradeDate',
    ];
    for (const a of activities) {
      lines.push(
        [
          'market',
          `Synthetic ${a.symbol}`,
          a.symbol,
          a.type.toLowerCase(),
          a.quantity,
          a.unitPrice,
          a.fee,
          a.currency,
          a.date,
        ].join(','),
      );
    }
    const symbols = [...new Set(activities.map((a) => a.symbol))].sort();
    return { csv: `${lines.join('\n')}\n`, symbols };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let clients = 0;

export class Client extends BenchSession {
  portfolioId = '';
  constructor(
    url: string,
    readonly email: string,
  ) {
    super(url);
  }

  async register() {
    // Each client its own address (TRUST_PROXY=loopback), as separate visitors would be.
    clients += 1;
    this.cookie = await signUp(this.url, this.email, 'Bench-Password-1', {
      'x-forwarded-for': `198.18.${Math.floor(clients / 250)}.${(clients % 250) + 1}`,
    });
    const { body } = await this.request('GET', '/api/v1/portfolios');
    const portfolio = (body as { portfolios: { id: string }[] }).portfolios[0];
    if (!portfolio) throw new Error('no default portfolio');
    this.portfolioId = portfolio.id;
    return this;
  }

  async addHolding(symbol: string, name: string) {
    const { status, body } = await this.request(
      'POST',
      `/api/v1/portfolios/${this.portfolioId}/holdings`,
      {
        class: 'market',
        symbol,
        name,
        quantity: '1',
        purchasePrice: '10',
        currentPrice: '12',
        purchaseDate: '2015-01-01',
        currency: 'USD',
      },
    );
    if (status !== 201) throw new Error(`add holding answered ${status}: ${JSON.stringify(body)}`);
    return (body as { holding: { id: string } }).holding.id;
  }
}

type Writer = { writer: Client; holdingId: string };

/** The machine's CPU time so far, busy and in all (Linux /proc/stat, in clock ticks). */
async function machineCpu(): Promise<{ busy: number; total: number } | null> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Each writer records buys one after another for WRITE_SECONDS, each through the server `urlOf`
 * names (its own session cookie, whichever process signed it in); from `year` on, a day each.
 */
async function writeFor(writers: Writer[], year: number, urlOf?: (index: number) => string) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const cpuBefore = await machineCpu();
  const until = performance.now() + WRITE_SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    writers.map(async ({ writer, holdingId }, index) => {
      const through = new BenchSession(urlOf?.(index) ?? writer.url);
      through.cookie = writer.cookie;
      let day = 0;
      while (performance.now() < until) {
        day += 1;
        const started = performance.now();
        const date = new Date(Date.UTC(year, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
        const { status } = await through.request(
          'POST',
          `/api/v1/portfolios/${writer.portfolioId}/transactions`,
          {
            assetId: holdingId,
            transactionType: 'buy',
            quantity: '1',
            price: '10',
            currency: 'USD',
            tradeDate: date,
          },
        );
        latencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpuAfter = await machineCpu();
  return {
    /** How busy the machine's cores were meanwhile (server, database and this client). */
    machineBusyPercent:
      cpuBefore && cpuAfter
        ? Math.round((100 * (cpuAfter.busy - cpuBefore.busy)) / (cpuAfter.total - cpuBefore.total))
        : null,
    writers: writers.length,
    seconds: round1(seconds),
    writes: latencies.length,
    perSecond: round1(latencies.length / seconds),
    statuses: Object.fromEntries(statuses),
    latencyMs: latencyFigures(latencies),
  };
}

/**
 * Scale-out (README, 'Run it at scale'): the writers through one API process, then through two on
 * the same PostgreSQL (writers alternating between them, each with the session cookie the first
 * process gave it), and the events of one writer's portfolio heard by a WebSocket on the second
 * process while that writer writes through the first.
 */
async function scaleOutOn(env: Record<string, string>, first: Server, writers: Writer[]) {
  const one = await writeFor(writers, 2017);
  const second = await startServer(env);
  try {
    const watched = writers[0];
    if (!watched) throw new Error('no writer');
    const socket = new WebSocket(`${second.url.replace('http', 'ws')}/api/v1/realtime`, {
      headers: { origin: second.url, cookie: watched.writer.cookie },
    });
    let events = 0;
    let subscribed = false;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'subscribed') subscribed = true;
      if (message.type === 'event') events += 1;
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(
      JSON.stringify({ type: 'subscribe', topic: `portfolio:${watched.writer.portfolioId}` }),
    );
    while (!subscribed) await new Promise((resolve) => setTimeout(resolve, 10));
    // Writer 0 (watched) writes through the first process; the socket listens on the second.
    const two = await writeFor(writers, 2018, (index) =>
      index % 2 === 0 ? first.url : second.url,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.close();
    const watchedWrites = Math.ceil(two.writes / writers.length);
    return {
      oneProcess: one,
      twoProcesses: two,
      speedup: Math.round((100 * two.perSecond) / one.perSecond) / 100,
      realtime: { eventsHeardOnSecondProcess: events, approximateWritesOnFirst: watchedWrites },
    };
  } finally {
    await second.stop();
  }
}

export async function loadOn(database: 'pglite' | 'postgresql', csv: string, symbols: string[]) {
  const store = await benchDatabase(database, 'load');
  // NODE_ENV=test: sign-up reads the activation link from the development outbox.
  const env = {
    ...store.env,
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    TRUST_PROXY: 'loopback',
    // What every process of one deployment shares (README, 'Run it at scale').
    COOKIE_SECRET: 'bench-cookie-secret-0123456789abcdef0123456789',
    DATA_KEY: 'YmVuY2gtZGF0YS1rZXktMDEyMzQ1Njc4OWFiY2RlZjA',
  };
  const server = await startServer(env);
  try {
    const importer = await new Client(server.url, 'importer@example.com').register();
    for (const symbol of symbols) await importer.addHolding(symbol, `Synthetic ${symbol}`);
    const reader = await new Client(server.url, 'reader@example.com').register();
    for (let i = 0; i < 8; i += 1) await reader.addHolding(`R${i}`, `Reader holding ${i}`);

    // 1. The import, with the open-loop probes running.
    const stopHealth = await openLoop(`${server.url}/api/v1/health`, {}, HEALTH_EVERY_MS);
    const stopList = await openLoop(
      `${server.url}/api/v1/portfolios/${reader.portfolioId}/holdings`,
      { cookie: reader.cookie, origin: server.url },
      LIST_EVERY_MS,
    );
    const importRoute = `/api/v1/portfolios/${importer.portfolioId}/import`;
    const previewStart = performance.now();
    const preview = await importer.request('POST', importRoute, {
      kind: 'transactions',
      csv,
      commit: false,
    });
    const previewMs = performance.now() - previewStart;
    const previewBody = preview.body as { valid?: boolean; errors?: unknown[] };
    if (preview.status !== 200 || !previewBody.valid) {
      throw new Error(
        `preview answered ${preview.status}: ${JSON.stringify(previewBody.errors?.slice(0, 3))}`,
      );
    }
    const commitStart = performance.now();
    const commit = await importer.request('POST', importRoute, {
      kind: 'transactions',
      csv,
      commit: true,
    });
    const commitMs = performance.now() - commitStart;
    if (commit.status !== 201) {
      throw new Error(`commit answered ${commit.status}: ${JSON.stringify(commit.body)}`);
    }
    const health = await stopHealth();
    const list = await stopList();

    // 2. Concurrent writers.
    const writers = await Promise.all(
      Array.from({ length: WRITERS }, async (_, index) => {
        const writer = await new Client(server.url, `writer${index}@example.com`).register();
        const holdingId = await writer.addHolding('W', `Writer ${index}`);
        return { writer, holdingId };
      }),
    );
    const written = await writeFor(writers, 2016);
    // 3. PostgreSQL: the same writers through one process, then through two on the same database.
    const scaleOut = database === 'postgresql' ? await scaleOutOn(env, server, writers) : null;
    return {
      database,
      import: {
        rows: IMPORT_ROWS,
        previewMs: Math.round(previewMs),
        commitMs: Math.round(commitMs),
        healthDuringImport: health,
        otherUsersHoldingsDuringImport: list,
      },
      writers: written,
      scaleOut,
    };
  } finally {
    await server.stop();
    await store.drop();
  }
}

export async function loadBench() {
  const { csv, symbols } = await transactionsCsv();
  // BENCH_ONLY=pglite or BENCH_ONLY=postgresql runs one database (while working on it).
  const only = process.env.BENCH_ONLY;
  return {
    cpus: os.cpus().length,
    pglite: only === 'postgresql' ? null : await loadOn('pglite', csv, symbols),
    postgresql: only === 'pglite' ? null : await loadOn('postgresql', csv, symbols),
  };
}

export function describeLoad(result: Awaited<ReturnType<typeof loadBench>>, file: string) {
  const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const lines = [`Load (${file}), ${result.cpus} CPUs`];
  for (const run of [result.pglite, result.postgresql]) {
    if (!run) continue;
    const { healthDuringImport: h, otherUsersHoldingsDuringImport: l } = run.import;
    const w = run.writers;
    const refused = w.statuses[503] ?? 0;
    const answered = Object.entries(w.statuses)
      .filter(([status]) => status !== '0')
      .reduce((sum, [, count]) => sum + count, 0);
    lines.push(
      `  ${run.database}: import of ${run.import.rows} rows, preview ${run.import.previewMs} ms, commit ${run.import.commitMs} ms`,
      `    /health during it       p50 ${h.p50} ms, p99 ${h.p99} ms, max ${h.max} ms (${h.count})   target p99 < 20 ms   ${check(h.p99 < 20)}`,
      `    another user's holdings p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms (${l.count})   target p99 < 200 ms  ${check(l.p99 < 200)}`,
      `    ${w.writers} writers for ${w.seconds} s: ${w.writes} writes (${w.perSecond}/s), statuses ${JSON.stringify(w.statuses)}, p50 ${w.latencyMs.p50} ms, p99 ${w.latencyMs.p99} ms   no 503, all answered ${check(refused === 0 && answered === w.writes)}`,
    );
    const scale = run.scaleOut;
    if (scale) {
      const line = (label: string, f: typeof scale.oneProcess) =>
        `    ${label.padEnd(14)} ${f.perSecond} writes/s, p50 ${f.latencyMs.p50} ms, p99 ${f.latencyMs.p99} ms, statuses ${JSON.stringify(f.statuses)}, cores ${f.machineBusyPercent}% busy`;
      const statuses = scale.twoProcesses.statuses as Record<string, number>;
      // A session of one process refused by the other would answer 401.
      const sessionsOk = !statuses['401'] && (statuses['201'] ?? 0) > 0;
      lines.push(
        `    scale-out, ${scale.oneProcess.writers} writers:`,
        line('one process', scale.oneProcess),
        line('two processes', scale.twoProcesses),
        `    two against one ${scale.speedup}x (${statuses['503'] ?? 0} refused as overloaded); sessions of one process accepted by the other ${check(sessionsOk)}; ${scale.realtime.eventsHeardOnSecondProcess} events heard on the second process for about ${scale.realtime.approximateWritesOnFirst} writes on the first ${check(scale.realtime.eventsHeardOnSecondProcess > 0)}`,
      );
    }
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureBuilt();
  const result = await loadBench();
  const file = await writeResult('load', result);
  console.log(describeLoad(result, file));
}
