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
import {
  BenchSession,
  benchDatabase,
  ensureBuilt,
  latencyFigures,
  openLoop,
  ROOT,
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

export async function loadOn(database: 'pglite' | 'postgresql', csv: string, symbols: string[]) {
  const store = await benchDatabase(database, 'load');
  // NODE_ENV=test: sign-up reads the activation link from the development outbox.
  const env = { ...store.env, LOG_LEVEL: 'error', NODE_ENV: 'test', TRUST_PROXY: 'loopback' };
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
    const writeLatencies: number[] = [];
    const writeStatuses = new Map<number, number>();
    const until = performance.now() + WRITE_SECONDS * 1000;
    const writeStart = performance.now();
    await Promise.all(
      writers.map(async ({ writer, holdingId }) => {
        let day = 0;
        while (performance.now() < until) {
          day += 1;
          const started = performance.now();
          const date = new Date(Date.UTC(2016, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
          const { status } = await writer.request(
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
          writeLatencies.push(performance.now() - started);
          writeStatuses.set(status, (writeStatuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const writeSeconds = (performance.now() - writeStart) / 1000;
    return {
      database,
      import: {
        rows: IMPORT_ROWS,
        previewMs: Math.round(previewMs),
        commitMs: Math.round(commitMs),
        healthDuringImport: health,
        otherUsersHoldingsDuringImport: list,
      },
      writers: {
        writers: WRITERS,
        seconds: round1(writeSeconds),
        writes: writeLatencies.length,
        perSecond: round1(writeLatencies.length / writeSeconds),
        statuses: Object.fromEntries(writeStatuses),
        latencyMs: latencyFigures(writeLatencies),
      },
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
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureBuilt();
  const result = await loadBench();
  const file = await writeResult('load', result);
  console.log(describeLoad(result, file));
}
