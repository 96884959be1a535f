/**
 * Ledger writes (issue 12): what one new transaction costs on a holding with 10,000 transactions.
 * A new sell dated after the others (p50/p95 over 50), a back-dated buy (before all of them: the
 * whole history is replayed and rewritten) and, for comparison, the whole-history replay every
 * write used to run. Each is the database transaction a create runs (the row, the replay, the
 * rows it writes), on PostgreSQL and on PGlite opened as the app opens it (its own thread).
 * Also the longest the Node thread was held while the back-dated insert ran (a create hands a
 * replay of 500 transactions or more to a compute worker, as the service does: the thread only
 * reads, in pages, and writes).
 *
 * PostgreSQL: BENCH_DATABASE_URL (a database the bench may create others from), default the
 * local server's `test` database. A throwaway database is created and dropped.
 * Run alone: `npx tsx bench/ledger-writes.bench.ts`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import { bulkInsert } from '../src/server/db/bulk-insert';
import { type Database, openPglite, openPostgres } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import {
  holdings,
  portfolios,
  transactionLots,
  transactions,
  users,
} from '../src/server/db/schema';
import { microsecondsAfter } from '../src/server/features/import-export/import.service';
import { ComputePool } from '../src/server/platform/compute';
import type { ComputeTasks } from '../src/server/context';
import { computeWorkerEntry } from '../src/server/workers/compute-entry';
import { rebuildHolding } from '../src/server/features/ledger/ledger-store';
import { median, percentile, seededRandom as random } from './lib';

const TRANSACTIONS = 10_000;
const APPENDS = 50;
const BACKDATED = 5;
const WHOLE = 5;

const dayOf = (offset: number) =>
  new Date(Date.UTC(2000, 0, 1 + offset)).toISOString().slice(0, 10);

const round = (ms: number) => Math.round(ms * 10) / 10;

/** The longest gap between timer ticks while `work` runs: how long the thread was held. */
async function longestHold<T>(work: () => Promise<T>): Promise<{ result: T; maxMs: number }> {
  let last = performance.now();
  let max = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  try {
    const result = await work();
    return { result, maxMs: max };
  } finally {
    running = false;
  }
}

/**
 * `accumulating`: about 60% buys, sells of up to 45 units (about 3,000 lots stay open, as for a
 * saver who rarely sells); `balanced`: sells as large as buys on average, so few lots stay open;
 * `bought`: 20,000 buys and no sale (20,000 open lots: years of daily purchases), where a new sale
 * reads only the lots it takes (issue 28).
 */
type Shape = 'accumulating' | 'balanced' | 'bought';

/** Buys of the `bought` history. */
const BOUGHT = 20_000;

async function writesOn(kind: 'postgresql' | 'pglite', shape: Shape) {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `cairn_bench_writes_${process.pid}_${shape}`;
  let database: Database;
  let cleanup: () => Promise<void>;
  if (kind === 'postgresql') {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString());
    await migrateDatabase(database, { databaseUrl: url.toString() });
    cleanup = async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: admin });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    };
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-bench-writes-'));
    database = await openPglite(path.join(dir, 'pglite'));
    await migrateDatabase(database);
    cleanup = async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const db = database.db;
  // The server's compute workers: a create hands a long replay to them, as the service does.
  const compute = new ComputePool<ComputeTasks>({ entry: computeWorkerEntry() });
  compute.warm();
  try {
    const [user] = await db
      .insert(users)
      .values({ email: `bench-${randomUUID()}@example.com`, passwordHash: 'x' })
      .returning();
    if (!user) throw new Error('no user');
    const [portfolio] = await db
      .insert(portfolios)
      .values({ userId: user.id, name: 'Bench' })
      .returning();
    if (!portfolio) throw new Error('no portfolio');
    const [holding] = await db
      .insert(holdings)
      .values({
        userId: user.id,
        portfolioId: portfolio.id,
        class: 'market',
        name: 'Bench Corp',
        symbol: 'BCH',
        quantity: '0',
        purchasePrice: '0',
        currentPrice: '100',
        purchaseDate: '2000-01-01',
        currency: 'EUR',
      })
      .returning();
    if (!holding) throw new Error('no holding');

    // 10,000 transactions, three a day: about 60% buys, FIFO sells never above what is held (or
    // 20,000 buys).
    const next = random(12);
    const now = new Date();
    let held = 0;
    const total = shape === 'bought' ? BOUGHT : TRANSACTIONS;
    const rows = Array.from({ length: total }, (_, index) => {
      const buy =
        shape === 'bought' || held < 50 || next() < (shape === 'accumulating' ? 0.6 : 0.5);
      const quantity = buy
        ? 10 + Math.floor(next() * 40)
        : Math.min(
            held,
            shape === 'accumulating' ? 1 + Math.floor(next() * 45) : 20 + Math.floor(next() * 40),
          );
      held += buy ? quantity : -quantity;
      const tradeDate = dayOf(Math.floor(index / 3));
      return {
        id: randomUUID(),
        userId: user.id,
        portfolioId: portfolio.id,
        holdingId: holding.id,
        assetType: 'market_investment',
        transactionType: buy ? 'buy' : 'sell',
        quantity: String(quantity),
        price: (50 + Math.floor(next() * 10_000) / 100).toFixed(2),
        fees: '1.5',
        tradeDate,
        settlementDate: tradeDate,
        costBasisMethod: buy ? null : 'fifo',
        createdAt: microsecondsAfter(now, index) as unknown as Date,
        updatedAt: now,
      };
    });
    await bulkInsert(db, transactions, rows);
    const lastDay = Math.floor((total - 1) / 3);

    // The old way: every write replayed and rewrote the whole history.
    const whole: number[] = [];
    for (let run = 0; run < WHOLE; run += 1) {
      const started = performance.now();
      await db.transaction((tx) => rebuildHolding(tx, holding, new Date()));
      whole.push(performance.now() - started);
    }
    if (kind === 'postgresql') await db.execute(sql`analyze`);

    const [open] = await db
      .select({ n: count() })
      .from(transactionLots)
      .where(
        and(eq(transactionLots.holdingId, holding.id), gt(transactionLots.remainingQuantity, '0')),
      );

    /** One create's database transaction: the row, then the replay from its date (as the service). */
    const record = (
      type: 'buy' | 'sell',
      tradeDate: string,
      quantity: string,
      method: 'fifo' | 'lifo' = 'fifo',
    ) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(transactions)
          .values({
            userId: user.id,
            portfolioId: portfolio.id,
            holdingId: holding.id,
            assetType: 'market_investment',
            transactionType: type,
            quantity,
            price: '101.25',
            fees: '1',
            tradeDate,
            settlementDate: tradeDate,
            costBasisMethod: type === 'sell' ? method : null,
          })
          .returning();
        if (!row) throw new Error('no row');
        return rebuildHolding(tx, holding, new Date(), {
          from: row.tradeDate,
          added: true,
          taxOf: row.id,
          compute,
        });
      });

    const appended: number[] = [];
    for (let run = 0; run < 5 + APPENDS; run += 1) {
      const started = performance.now();
      const { tax } = await record('sell', dayOf(lastDay + 1 + run), '1');
      const elapsed = performance.now() - started;
      if (tax?.lots.length !== 1) throw new Error('the new sell was not answered its tax');
      if (run >= 5) appended.push(elapsed);
    }

    // LIFO sells after them (the newest lots first).
    const lifo: number[] = [];
    for (let run = 0; run < APPENDS; run += 1) {
      const started = performance.now();
      await record('sell', dayOf(lastDay + 6 + APPENDS + run), '1', 'lifo');
      lifo.push(performance.now() - started);
    }

    const backdated: number[] = [];
    let maxHoldMs = 0;
    for (let run = 0; run < BACKDATED; run += 1) {
      const { maxMs } = await longestHold(async () => {
        const started = performance.now();
        await record('buy', '1999-12-31', '5');
        backdated.push(performance.now() - started);
      });
      maxHoldMs = Math.max(maxHoldMs, maxMs);
    }
    const [check] = await db
      .select({ quantity: holdings.quantity })
      .from(holdings)
      .where(eq(holdings.id, holding.id));

    return {
      database: kind,
      history: shape,
      transactions: total,
      openLotsAfterSeeding: open?.n ?? 0,
      wholeReplayMs: { p50: round(median(whole)), runs: WHOLE },
      newSellMs: {
        p50: round(median(appended)),
        p95: round(percentile(appended, 95)),
        runs: APPENDS,
      },
      newLifoSellMs: { p50: round(median(lifo)), p95: round(percentile(lifo, 95)), runs: APPENDS },
      backdatedBuyMs: { p50: round(median(backdated)), runs: BACKDATED },
      longestThreadHoldDuringBackdatedMs: round(maxHoldMs),
      finalQuantity: check?.quantity,
    };
  } finally {
    await compute.close();
    await cleanup();
  }
}

export async function ledgerWritesBench() {
  return {
    postgresql: {
      balanced: await writesOn('postgresql', 'balanced'),
      accumulating: await writesOn('postgresql', 'accumulating'),
      bought: await writesOn('postgresql', 'bought'),
    },
    pglite: {
      balanced: await writesOn('pglite', 'balanced'),
      accumulating: await writesOn('pglite', 'accumulating'),
      bought: await writesOn('pglite', 'bought'),
    },
  };
}

// Alone: `npx tsx bench/ledger-writes.bench.ts` (`npm run bench` runs it with the others).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { writeResult } = await import('./lib');
  const result = await ledgerWritesBench();
  const file = await writeResult('ledger-writes', result);
  console.log(file, JSON.stringify(result, null, 2));
}
