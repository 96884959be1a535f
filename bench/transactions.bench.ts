/**
 * Transactions list (issue 6): GET /api/v1/portfolios/{id}/transactions, a page of 50 from
 * 100,000 transactions over 250 holdings, on PostgreSQL, against the production build over HTTP
 * (target: p95 under 20 ms). The history is written straight to the database (the API would
 * take minutes to record 100,000 transactions); the request path is the real one: session,
 * permission check, page query, count.
 *
 * PostgreSQL: BENCH_DATABASE_URL (a database the bench may create others from), default the
 * local server's `postgres` database. A throwaway database is created and dropped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { median, percentile, signUp, startServer } from './lib';

const TRANSACTIONS = 100_000;
const HOLDINGS = 250;
const REQUESTS = 300;

async function timeRequests(url: string, cookie: string) {
  const latencies: number[] = [];
  let failures = 0;
  for (let i = 0; i < 20 + REQUESTS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = (await response.json()) as { transactions?: unknown[] };
    const elapsed = performance.now() - started;
    if (!response.ok || body.transactions?.length !== 50) failures += 1;
    if (i >= 20) latencies.push(elapsed);
  }
  return {
    p50: Math.round(median(latencies) * 10) / 10,
    p95: Math.round(percentile(latencies, 95) * 10) / 10,
    failures,
  };
}

export async function transactionsBench() {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `cairn_bench_${process.pid}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  const databaseUrl = new URL(admin);
  databaseUrl.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-bench-tx-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    LOG_LEVEL: 'error',
    // Sign-up reads the activation link from the development outbox (not served in production).
    NODE_ENV: 'test',
  });
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  try {
    await client.connect();
    const cookie = await signUp(server.url, 'bench@example.com', 'Bench-Password-1');
    const portfolios = (await (
      await fetch(`${server.url}/api/v1/portfolios`, { headers: { cookie } })
    ).json()) as { portfolios: { id: string; userId: string }[] };
    const portfolio = portfolios.portfolios[0];
    if (!portfolio) throw new Error('no default portfolio');

    const started = performance.now();
    await client.query(
      `insert into holdings (user_id, portfolio_id, class, name, symbol, quantity, purchase_price,
         current_price, purchase_date, currency)
       select $1, $2, 'market', 'Holding ' || n, 'H' || n, 100, 50, 60, date '2015-01-01', 'EUR'
       from generate_series(1, ${HOLDINGS}) as n`,
      [portfolio.userId, portfolio.id],
    );
    await client.query(
      `insert into transactions (user_id, portfolio_id, holding_id, asset_type, transaction_type,
         quantity, price, fees, trade_date, settlement_date, created_at, updated_at)
       select $1, $2, h.id, 'market_investment',
         (array['buy', 'buy', 'sell', 'dividend', 'fee'])[1 + n % 5],
         1 + n % 97, 10 + (n % 1000) / 10.0, (n % 3),
         date '2015-01-01' + (n / 30), date '2015-01-01' + (n / 30) + 2,
         now() - make_interval(secs => ${TRANSACTIONS} - n), now()
       from generate_series(1, ${TRANSACTIONS}) as n
       join lateral (select id from holdings where portfolio_id = $2
         order by id offset (n % ${HOLDINGS}) limit 1) h on true`,
      [portfolio.userId, portfolio.id],
    );
    await client.query('analyze');
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;

    const base = `${server.url}/api/v1/portfolios/${portfolio.id}/transactions`;
    return {
      transactions: TRANSACTIONS,
      holdings: HOLDINGS,
      requests: REQUESTS,
      seedSeconds,
      database: 'postgresql',
      firstPage: await timeRequests(base, cookie),
      page1000: await timeRequests(`${base}?page=1000`, cookie),
      filteredByType: await timeRequests(`${base}?type=dividend`, cookie),
      sortedByAmount: await timeRequests(`${base}?sort=amount`, cookie),
    };
  } finally {
    await client.end();
    await server.stop();
    await adminClient.query(`drop database if exists ${name}`);
    await adminClient.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}
