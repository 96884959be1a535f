/**
 * Growth (issue 28): how the figures a user feels grow with the data, on the embedded database
 * and on PostgreSQL, against the production build.
 *
 * 1. History: one portfolio of 50 holdings with 1,000, then 10,000, then 100,000 transactions
 *    (imported as Cairn's transactions file, 20,000 rows a file, in date order). For each size:
 *    the first valuation (GET /performance?range=MAX once the import is done: every day of the
 *    history valued), one new transaction (a buy, the median of 5) and the transactions page's
 *    first page (first read, then the median of 20).
 * 2. Users: 1, 100, then 1,000 users with a portfolio of 5 holdings each, signed up as visitors
 *    do; then 50 connections for BENCH_READ_SECONDS (default 10) seconds read the holdings list,
 *    each request as the next user in turn, beside /api/v1/health in the same run. The server runs
 *    with NODE_ENV=test there (the activation emails are read from its development outbox).
 *
 * "Nothing grows faster than the work it does": each figure's growth is reported beside the
 * growth of the data it reads (x100 transactions; the holdings list reads one user's 5 holdings
 * whatever the number of users, so its work does not grow at all).
 *
 * Run alone: `npx tsx bench/growth.bench.ts` (BENCH_ONLY=pglite or postgresql for one database;
 * BENCH_GROWTH_MAX_TRANSACTIONS and BENCH_GROWTH_MAX_USERS to stop earlier).
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  BenchSession,
  benchDatabase,
  ensureBuilt,
  median,
  seededRandom,
  signUp,
  startServer,
  writeResult,
} from './lib';

const HOLDINGS = 50;
const TRANSACTION_SIZES = [1_000, 10_000, 100_000].filter(
  (size) => size <= Number(process.env.BENCH_GROWTH_MAX_TRANSACTIONS ?? Infinity),
);
const USER_SIZES = [1, 100, 1_000].filter(
  (size) => size <= Number(process.env.BENCH_GROWTH_MAX_USERS ?? Infinity),
);
const IMPORT_ROWS = 20_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const PASSWORD = 'Bench-Password-1';
const SIGN_UPS_AT_ONCE = 8;

type Database = 'pglite' | 'postgresql';

const round1 = (value: number) => Math.round(value * 10) / 10;

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [round1(performance.now() - started), result];
}

/**
 * `total` buys and sells over 50 symbols, one a day per holding from 2012, never selling more
 * than is held, as files of at most 20,000 rows, each later than the one before.
 */
function historyFiles(total: number): string[] {
  const random = seededRandom(2028);
  const perHolding = total / HOLDINGS;
  const header =
    'assetClass,assetName,assetSymbol,transactionType,quantity,price,fees,currency,tradeDate';
  const start = Date.UTC(2012, 0, 2);
  const held = new Array<number>(HOLDINGS).fill(1);
  const prices = Array.from({ length: HOLDINGS }, () => 20 + random() * 180);
  const files: string[] = [];
  const perFile = IMPORT_ROWS / HOLDINGS;
  for (let from = 0; from < perHolding; from += perFile) {
    const lines = [header];
    for (let i = from; i < Math.min(perHolding, from + perFile); i += 1) {
      const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      for (let h = 0; h < HOLDINGS; h += 1) {
        prices[h] = Math.max(1, prices[h]! * (1 + (random() - 0.48) * 0.04));
        const sell = held[h]! > 4 && random() < 0.3;
        const quantity = sell ? Math.floor(held[h]! / 3) : 1 + Math.floor(random() * 10);
        held[h] = held[h]! + (sell ? -quantity : quantity);
        lines.push(
          [
            'market',
            `Growth holding ${h}`,
            `GR${h}`,
            sell ? 'sell' : 'buy',
            quantity,
            prices[h]!.toFixed(2),
            (random() * 2).toFixed(2),
            h % 5 === 0 ? 'EUR' : 'USD',
            date,
          ].join(','),
        );
      }
    }
    files.push(`${lines.join('\n')}\n`);
  }
  return files;
}

async function historyOn(database: Database, total: number) {
  const store = await benchDatabase(database, `growth-${total}`);
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
    const portfolioId = portfolios[0]!.id;
    const base = `/api/v1/portfolios/${portfolioId}`;
    const holdingIds: string[] = [];
    for (let h = 0; h < HOLDINGS; h += 1) {
      const { holding } = (await owner.expect(201, 'POST', `${base}/holdings`, {
        class: 'market',
        symbol: `GR${h}`,
        name: `Growth holding ${h}`,
        quantity: '1',
        purchasePrice: '10',
        currentPrice: '12',
        purchaseDate: '2012-01-01',
        currency: h % 5 === 0 ? 'EUR' : 'USD',
      })) as { holding: { id: string } };
      holdingIds.push(holding.id);
    }
    const [importMs] = await timed(async () => {
      for (const csv of historyFiles(total)) {
        await owner.expect(201, 'POST', `${base}/import`, {
          kind: 'transactions',
          csv,
          commit: true,
        });
      }
    });
    const [valuationMs] = await timed(() =>
      owner.expect(200, 'GET', `${base}/performance?range=MAX`),
    );
    const [transactionsFirstMs] = await timed(() =>
      owner.expect(200, 'GET', `${base}/transactions`),
    );
    const pageTimes: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      pageTimes.push((await timed(() => owner.expect(200, 'GET', `${base}/transactions`)))[0]);
    }
    const today = new Date().toISOString().slice(0, 10);
    const writeTimes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const [ms] = await timed(() =>
        owner.expect(201, 'POST', `${base}/transactions`, {
          assetId: holdingIds[1 + i]!,
          transactionType: 'buy',
          quantity: '1',
          price: '50',
          fees: '0',
          tradeDate: today,
        }),
      );
      writeTimes.push(ms);
    }
    return {
      transactions: total,
      importMs: round1(importMs),
      firstValuationMs: valuationMs,
      newTransactionMs: round1(median(writeTimes)),
      transactionsPage: { firstMs: transactionsFirstMs, medianMs: round1(median(pageTimes)) },
    };
  } finally {
    await server.stop();
    await store.drop();
  }
}

type User = { cookie: string; portfolioId: string };

async function usersOn(database: Database, count: number) {
  const store = await benchDatabase(database, `growth-users-${count}`);
  const env = { ...store.env, NODE_ENV: 'test', LOG_LEVEL: 'error', TRUST_PROXY: 'loopback' };
  const server = await startServer(env);
  try {
    // The first account of a fresh server is its administrator (made at /auth/setup).
    await new BenchSession(server.url).expect(201, 'POST', '/api/v1/auth/setup', {
      email: 'admin@example.com',
      password: PASSWORD,
      fullName: 'Bench Admin',
    });
    const users: User[] = [];
    const [signUpMs] = await timed(async () => {
      for (let from = 0; from < count; from += SIGN_UPS_AT_ONCE) {
        const batch = Array.from(
          { length: Math.min(SIGN_UPS_AT_ONCE, count - from) },
          (_, k) => from + k,
        );
        users.push(
          ...(await Promise.all(
            batch.map(async (n) => {
              // Each visitor from an address of its own (TRUST_PROXY=loopback).
              const cookie = await signUp(server.url, `user${n}@example.com`, PASSWORD, {
                'x-forwarded-for': `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`,
              });
              const session = new BenchSession(server.url, cookie);
              const { portfolios } = (await session.expect(200, 'GET', '/api/v1/portfolios')) as {
                portfolios: { id: string }[];
              };
              const portfolioId = portfolios[0]!.id;
              for (let h = 0; h < 5; h += 1) {
                await session.expect(201, 'POST', `/api/v1/portfolios/${portfolioId}/holdings`, {
                  class: 'market',
                  symbol: `U${h}`,
                  name: `User holding ${h}`,
                  quantity: String(1 + h),
                  purchasePrice: '10',
                  currentPrice: '12',
                  purchaseDate: '2020-01-01',
                });
              }
              return { cookie: session.cookie, portfolioId };
            }),
          )),
        );
      }
    });
    // Each list answers once before it is driven, as a user who opened it before would have.
    for (const user of users) {
      await new BenchSession(server.url, user.cookie).expect(
        200,
        'GET',
        `/api/v1/portfolios/${user.portfolioId}/holdings`,
      );
    }
    const health = await drive(server.url, null);
    let next = 0;
    const list = await drive(server.url, () => {
      const user = users[next % users.length]!;
      next += 1;
      return { path: `/api/v1/portfolios/${user.portfolioId}/holdings`, cookie: user.cookie };
    });
    return {
      users: count,
      signUpMs: round1(signUpMs),
      health,
      holdingsList: {
        ...list,
        shareOfHealth: Math.round((1000 * list.requestsPerSecond) / health.requestsPerSecond) / 10,
      },
    };
  } finally {
    await server.stop();
    await store.drop();
  }
}

/** 50 connections for SECONDS: /health, or each request as the next user `pick` gives. */
async function drive(url: string, pick: (() => { path: string; cookie: string }) | null) {
  const result = await autocannon({
    url: `${url}/api/v1/health`,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(pick
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const { path, cookie } = pick();
                return { ...request, path, headers: { ...request.headers, cookie } };
              },
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function growthBench() {
  const only = process.env.BENCH_ONLY;
  const databases = (['pglite', 'postgresql'] as const).filter(
    (database) => !only || only === database,
  );
  const history: Record<string, Awaited<ReturnType<typeof historyOn>>[]> = {};
  const users: Record<string, Awaited<ReturnType<typeof usersOn>>[]> = {};
  for (const database of databases) {
    history[database] = [];
    for (const size of TRANSACTION_SIZES) history[database].push(await historyOn(database, size));
    users[database] = [];
    for (const size of USER_SIZES) users[database].push(await usersOn(database, size));
  }
  return { cpus: os.cpus().length, holdings: HOLDINGS, connections: CONNECTIONS, history, users };
}

/** 'x12.3' from the first to the last of a series. */
const growth = (values: number[]) =>
  values.length < 2 || !values[0] ? '' : `x${round1(values.at(-1)! / values[0])}`;

export function describeGrowth(result: Awaited<ReturnType<typeof growthBench>>, file: string) {
  const lines = [`Growth (${file}): ${result.cpus} CPUs`];
  for (const [database, runs] of Object.entries(result.history)) {
    if (runs.length === 0) continue;
    const sizes = runs.map((run) => run.transactions.toLocaleString('en')).join(' / ');
    const work = growth(runs.map((run) => run.transactions));
    const row = (label: string, values: number[]) =>
      `    ${label.padEnd(34)} ${values.map((value) => `${value} ms`).join(' / ')}   grows ${growth(values)} for ${work} the data`;
    lines.push(
      `  ${database}, one portfolio of ${result.holdings} holdings with ${sizes} transactions`,
    );
    lines.push(
      row(
        'first valuation (every day)',
        runs.map((run) => run.firstValuationMs),
      ),
    );
    lines.push(
      row(
        'one new transaction',
        runs.map((run) => run.newTransactionMs),
      ),
    );
    lines.push(
      row(
        'transactions page, first read',
        runs.map((run) => run.transactionsPage.firstMs),
      ),
    );
    lines.push(
      row(
        'transactions page, then (median)',
        runs.map((run) => run.transactionsPage.medianMs),
      ),
    );
  }
  for (const [database, runs] of Object.entries(result.users)) {
    if (runs.length === 0) continue;
    lines.push(
      `  ${database}, ${runs.map((run) => run.users.toLocaleString('en')).join(' / ')} users with a portfolio of 5 holdings each; holdings list, ${result.connections} connections, each request another user`,
    );
    for (const run of runs) {
      const f = run.holdingsList;
      lines.push(
        `    ${String(run.users).padStart(5)} users: ${f.requestsPerSecond} req/s (${f.shareOfHealth}% of /health at ${run.health.requestsPerSecond}), p50 ${f.p50} ms, p99 ${f.p99} ms${f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : ''}`,
      );
    }
    lines.push(
      `    requests per second grow ${growth(runs.map((run) => run.holdingsList.requestsPerSecond))} for x1 the work per request`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureBuilt();
  const result = await growthBench();
  const file = await writeResult('growth', result);
  console.log(describeGrowth(result, file));
}
