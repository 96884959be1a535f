/**
 * Everyday reads (issue 28): the pages a user opens all day, against /api/v1/health in the same
 * run, on the embedded database and on PostgreSQL, production build in production mode.
 *
 * One account (made at `POST /auth/setup`, as on a fresh install) with a portfolio of 50 holdings
 * and 5,000 transactions (a hundred per holding, bought and sold over ten years, imported as
 * Cairn's transactions file). Each read is driven by autocannon, 50 connections for
 * BENCH_READ_SECONDS (default 10) seconds, one after another; /health runs first and last, and the
 * slower of its two runs is the reference. Target: each read at least 25% of /health's requests
 * per second, p99 under 50 ms.
 *
 * Run alone: `npx tsx bench/reads.bench.ts` (BENCH_ONLY=pglite or postgresql for one database).
 * PostgreSQL: BENCH_DATABASE_URL (default the local server's `postgres` database); a throwaway
 * database is created and dropped.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  BenchSession,
  benchDatabase,
  ensureBuilt,
  seededRandom,
  startServer,
  writeResult,
} from './lib';

const HOLDINGS = 50;
const TRANSACTIONS_PER_HOLDING = 100;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const PASSWORD = 'Bench-Password-1';

type Figures = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
};

/** 5,000 buys and sells over 50 symbols, in date order, never selling more than is held. */
function transactionsCsv() {
  const random = seededRandom(28);
  const lines = [
    'assetClass,assetName,assetSymbol,transactionType,quantity,price,fees,currency,tradeDate',
  ];
  const start = Date.UTC(2016, 0, 4);
  for (let h = 0; h < HOLDINGS; h += 1) {
    let held = 0;
    let price = 20 + random() * 180;
    for (let i = 0; i < TRANSACTIONS_PER_HOLDING; i += 1) {
      price = Math.max(1, price * (1 + (random() - 0.48) * 0.08));
      const date = new Date(start + (i * 36 + (h % 30)) * 86_400_000).toISOString().slice(0, 10);
      const sell = held > 4 && random() < 0.3;
      const quantity = sell ? Math.floor(held / 3) : 1 + Math.floor(random() * 10);
      held += sell ? -quantity : quantity;
      lines.push(
        [
          'market',
          `Bench holding ${h}`,
          `BR${h}`,
          sell ? 'sell' : 'buy',
          quantity,
          price.toFixed(2),
          (random() * 2).toFixed(2),
          h % 5 === 0 ? 'EUR' : 'USD',
          date,
        ].join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

async function drive(url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function readsOn(database: 'pglite' | 'postgresql') {
  const store = await benchDatabase(database, 'reads');
  // Production, as a self-hoster runs it; the plan that allows 50 holdings and the analytics.
  const env = { ...store.env, NODE_ENV: 'production', LOG_LEVEL: 'error', DEFAULT_PLAN: 'classic' };
  const server = await startServer(env);
  try {
    const owner = new BenchSession(server.url);
    await owner.expect(201, 'POST', '/api/v1/auth/setup', {
      email: 'owner@example.com',
      password: PASSWORD,
      fullName: 'Bench Owner',
    });
    const { portfolios } = (await owner.expect(200, 'GET', '/api/v1/portfolios')) as {
      portfolios: { id: string }[];
    };
    const portfolioId = portfolios[0]?.id;
    if (!portfolioId) throw new Error('no default portfolio');
    // The holdings first (each with its opening buy), then their history as one import.
    for (let h = 0; h < HOLDINGS; h += 1) {
      await owner.expect(201, 'POST', `/api/v1/portfolios/${portfolioId}/holdings`, {
        class: 'market',
        symbol: `BR${h}`,
        name: `Bench holding ${h}`,
        quantity: '1',
        purchasePrice: '10',
        currentPrice: '12',
        purchaseDate: '2016-01-01',
        currency: h % 5 === 0 ? 'EUR' : 'USD',
      });
    }
    const imported = (await owner.expect(201, 'POST', `/api/v1/portfolios/${portfolioId}/import`, {
      kind: 'transactions',
      csv: transactionsCsv(),
      commit: true,
    })) as Record<string, unknown>;
    const { holdings } = (await owner.expect(
      200,
      'GET',
      `/api/v1/portfolios/${portfolioId}/holdings`,
    )) as { holdings: unknown[] };
    if (holdings.length !== HOLDINGS) {
      throw new Error(
        `expected ${HOLDINGS} holdings, found ${holdings.length}: ${JSON.stringify(imported).slice(0, 300)}`,
      );
    }
    const reads: Record<string, string> = {
      'portfolio list': '/api/v1/portfolios',
      holdings: `/api/v1/portfolios/${portfolioId}/holdings`,
      dashboard: '/api/v1/dashboard',
      'transactions, first page': `/api/v1/portfolios/${portfolioId}/transactions`,
      'performance (computed)': `/api/v1/portfolios/${portfolioId}/performance`,
    };
    // Each read answers 200 once before it is driven (the performance is computed then).
    for (const route of Object.values(reads)) await owner.expect(200, 'GET', route);

    const headers = { cookie: owner.cookie };
    const healthFirst = await drive(`${server.url}/api/v1/health`, {});
    const figures: Record<string, Figures & { shareOfHealth: number }> = {};
    const measured: [string, Figures][] = [];
    for (const [label, route] of Object.entries(reads)) {
      measured.push([label, await drive(`${server.url}${route}`, headers)]);
    }
    const healthLast = await drive(`${server.url}/api/v1/health`, {});
    const health =
      healthFirst.requestsPerSecond <= healthLast.requestsPerSecond ? healthFirst : healthLast;
    for (const [label, result] of measured) {
      figures[label] = {
        ...result,
        shareOfHealth:
          Math.round((1000 * result.requestsPerSecond) / health.requestsPerSecond) / 10,
      };
    }
    return { database, health, healthFirst, healthLast, reads: figures };
  } finally {
    await server.stop();
    await store.drop();
  }
}

export async function readsBench() {
  const only = process.env.BENCH_ONLY;
  return {
    cpus: os.cpus().length,
    connections: CONNECTIONS,
    seconds: SECONDS,
    holdings: HOLDINGS,
    transactions: HOLDINGS * TRANSACTIONS_PER_HOLDING,
    pglite: only === 'postgresql' ? null : await readsOn('pglite'),
    postgresql: only === 'pglite' ? null : await readsOn('postgresql'),
  };
}

export function describeReads(result: Awaited<ReturnType<typeof readsBench>>, file: string) {
  const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const lines = [
    `Everyday reads (${file}): ${result.holdings} holdings, ${result.transactions} transactions, ${result.connections} connections for ${result.seconds} s each, ${result.cpus} CPUs`,
  ];
  for (const run of [result.pglite, result.postgresql]) {
    if (!run) continue;
    const h = run.health;
    lines.push(`  ${run.database}: /health ${h.requestsPerSecond} req/s, p99 ${h.p99} ms`);
    for (const [label, f] of Object.entries(run.reads)) {
      const ok = f.shareOfHealth >= 25 && f.p99 < 50 && f.non2xx === 0 && f.errors === 0;
      lines.push(
        `    ${label.padEnd(26)} ${String(f.requestsPerSecond).padStart(6)} req/s (${f.shareOfHealth}% of /health), p50 ${f.p50} ms, p99 ${f.p99} ms${f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''}   target >= 25%, p99 < 50 ms  ${check(ok)}`,
      );
    }
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureBuilt();
  const result = await readsBench();
  const file = await writeResult('reads', result);
  console.log(describeReads(result, file));
}
