import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLedgerRows } from '../testing/holdings';
import { insertPortfolio, insertSimulation } from '../testing/portfolios';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { DbOrTx } from './client';
import {
  fxRates,
  holdingValuations,
  holdingVersions,
  holdings,
  instrumentPriceSeries,
  instrumentPrices,
  instruments,
  marketDataVersion,
  portfolios,
  portfolioVersions,
  savingsTransactions,
  taxCalculations,
  transactionLots,
  transactions,
  users,
} from './schema';

/**
 * Migration 0009's dataset counters: a cached valuation is named by its portfolio's counter and
 * the market data counter, so every write that can change a valuation must bump one of them,
 * whichever code path makes it.
 */

let t: TestApp;
let userId: string;
const db = () => t.database.db;

async function portfolioVersion(tx: DbOrTx, portfolioId: string) {
  const [row] = await tx
    .select({ version: portfolioVersions.version })
    .from(portfolioVersions)
    .where(eq(portfolioVersions.portfolioId, portfolioId));
  return row?.version;
}

async function marketVersion(tx: DbOrTx) {
  const [row] = await tx.select({ version: marketDataVersion.version }).from(marketDataVersion);
  return row?.version;
}

async function holdingVersion(tx: DbOrTx, holdingId: string) {
  const [row] = await tx
    .select({ version: holdingVersions.version })
    .from(holdingVersions)
    .where(eq(holdingVersions.holdingId, holdingId));
  return row?.version;
}

async function fxVersion(tx: DbOrTx) {
  const [row] = await tx.select({ version: marketDataVersion.fxVersion }).from(marketDataVersion);
  return row?.version ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  const [user] = await db()
    .insert(users)
    .values({ email: 'versions@example.com', passwordHash: 'x' })
    .returning();
  if (!user) throw new Error('insert failed');
  userId = user.id;
});
afterAll(() => t.close());

describe('portfolio dataset counter', () => {
  it('starts at 0 for a new portfolio and is bumped once per writing statement', async () => {
    const portfolio = await insertPortfolio(db(), userId, { name: 'Counted' });
    expect(await portfolioVersion(db(), portfolio.id)).toBe(0);

    const { holding } = await insertLedgerRows(db(), { portfolioId: portfolio.id, userId });
    const afterInserts = await portfolioVersion(db(), portfolio.id);
    expect(afterInserts).toBeGreaterThan(0);

    await db().update(holdings).set({ name: 'Renamed' }).where(eq(holdings.id, holding.id));
    expect(await portfolioVersion(db(), portfolio.id)).toBe((afterInserts ?? 0) + 1);

    await db()
      .update(transactions)
      .set({ notes: 'edited' })
      .where(eq(transactions.holdingId, holding.id));
    expect(await portfolioVersion(db(), portfolio.id)).toBe((afterInserts ?? 0) + 2);

    await db().insert(holdingValuations).values({
      holdingId: holding.id,
      portfolioId: portfolio.id,
      userId,
      valuationDate: '2024-06-01',
      value: '123',
    });
    await db().delete(holdingValuations).where(eq(holdingValuations.holdingId, holding.id));
    expect(await portfolioVersion(db(), portfolio.id)).toBe((afterInserts ?? 0) + 4);

    // Savings movements name a holding, not a portfolio.
    await db().insert(savingsTransactions).values({
      holdingId: holding.id,
      userId,
      transactionType: 'deposit',
      transactionDate: '2024-06-01',
      amount: '10',
    });
    expect(await portfolioVersion(db(), portfolio.id)).toBe((afterInserts ?? 0) + 5);
  });

  it('counts simulation writes on their portfolio and leaves other portfolios alone', async () => {
    const one = await insertPortfolio(db(), userId, { name: 'One' });
    const other = await insertPortfolio(db(), userId, { name: 'Other' });
    const simulation = await insertSimulation(db(), one.id, userId);
    await insertLedgerRows(db(), { portfolioId: one.id, userId, simulationId: simulation.id });
    expect(await portfolioVersion(db(), one.id)).toBeGreaterThan(0);
    expect(await portfolioVersion(db(), other.id)).toBe(0);
  });

  it('goes with its portfolio: deleting a portfolio with everything in it works', async () => {
    const portfolio = await insertPortfolio(db(), userId, { name: 'Doomed' });
    await insertLedgerRows(db(), { portfolioId: portfolio.id, userId });
    await db().delete(portfolios).where(eq(portfolios.id, portfolio.id));
    expect(await portfolioVersion(db(), portfolio.id)).toBeUndefined();
  });
});

describe('market data counter', () => {
  it('is bumped by every statement writing prices or rates', async () => {
    const before = (await marketVersion(db())) ?? 0;
    const [instrument] = await db()
      .insert(instruments)
      .values({ symbol: 'VERS', name: 'Versioned', kind: 'stock', currency: 'USD' })
      .returning();
    if (!instrument) throw new Error('insert failed');
    await db()
      .insert(instrumentPrices)
      .values([
        { instrumentId: instrument.id, priceDate: '2024-01-02', close: '10' },
        { instrumentId: instrument.id, priceDate: '2024-01-03', close: '11' },
      ]);
    const afterPrices = (await marketVersion(db())) ?? 0;
    expect(afterPrices).toBe(before + 1);
    await db()
      .insert(fxRates)
      .values({ currency: 'USD', rateDate: '2024-01-02', rate: '1.09' })
      .onConflictDoUpdate({
        target: [fxRates.currency, fxRates.rateDate],
        set: { rate: sql`excluded.rate` },
      });
    // An upsert fires the insert and the update triggers: counted twice, which is harmless.
    const afterRates = (await marketVersion(db())) ?? 0;
    expect(afterRates).toBeGreaterThan(afterPrices);
    // Deleting an instrument deletes its prices (cascade): counted too.
    await db().delete(instruments).where(eq(instruments.id, instrument.id));
    expect(await marketVersion(db())).toBe(afterRates + 1);
  });
});

/**
 * Migration 0012's finer counters: a valuation worker reads again only the holdings, series and
 * rates whose counter moved, so every write a holding's value depends on must move its counter,
 * and no other holding's.
 */
describe('holding dataset counters', () => {
  it('move with every statement writing the holding or what its value depends on', async () => {
    const portfolio = await insertPortfolio(db(), userId, { name: 'Per holding' });
    const { holding } = await insertLedgerRows(db(), { portfolioId: portfolio.id, userId });
    const { holding: neighbour } = await insertLedgerRows(db(), {
      portfolioId: portfolio.id,
      userId,
    });
    const neighbourBefore = await holdingVersion(db(), neighbour.id);
    let last = (await holdingVersion(db(), holding.id)) ?? -1;
    expect(last).toBeGreaterThanOrEqual(0);
    const moved = async () => {
      const now = (await holdingVersion(db(), holding.id)) ?? -1;
      const grew = now > last;
      last = now;
      return grew;
    };

    await db().update(holdings).set({ name: 'Renamed' }).where(eq(holdings.id, holding.id));
    expect(await moved()).toBe(true);
    await db()
      .update(transactions)
      .set({ notes: 'edited' })
      .where(eq(transactions.holdingId, holding.id));
    expect(await moved()).toBe(true);
    await db()
      .update(transactionLots)
      .set({ remainingQuantity: '1' })
      .where(eq(transactionLots.holdingId, holding.id));
    expect(await moved()).toBe(true);
    const [taxRow] = await db()
      .select({ id: taxCalculations.id })
      .from(taxCalculations)
      .innerJoin(transactions, eq(transactions.id, taxCalculations.transactionId))
      .where(eq(transactions.holdingId, holding.id));
    if (!taxRow) throw new Error('the fixture has no tax row');
    await db()
      .update(taxCalculations)
      .set({ gainLoss: '1' })
      .where(eq(taxCalculations.id, taxRow.id));
    expect(await moved()).toBe(true);
    await db().insert(holdingValuations).values({
      holdingId: holding.id,
      portfolioId: portfolio.id,
      userId,
      valuationDate: '2024-06-01',
      value: '123',
    });
    expect(await moved()).toBe(true);
    await db().insert(savingsTransactions).values({
      holdingId: holding.id,
      userId,
      transactionType: 'deposit',
      transactionDate: '2024-06-01',
      amount: '10',
    });
    expect(await moved()).toBe(true);
    await db().delete(transactions).where(eq(transactions.holdingId, holding.id));
    expect(await moved()).toBe(true);

    // A transaction moved to another holding moves both.
    const neighbourMid = (await holdingVersion(db(), neighbour.id)) ?? 0;
    expect(neighbourMid).toBe(neighbourBefore);
    await db()
      .update(transactions)
      .set({ holdingId: holding.id })
      .where(eq(transactions.holdingId, neighbour.id));
    expect(await moved()).toBe(true);
    expect((await holdingVersion(db(), neighbour.id)) ?? 0).toBeGreaterThan(neighbourMid);

    // Deleting the portfolio (everything cascades) leaves no counter behind.
    await db().delete(portfolios).where(eq(portfolios.id, portfolio.id));
    expect(await holdingVersion(db(), holding.id)).toBeUndefined();
    expect(await holdingVersion(db(), neighbour.id)).toBeUndefined();
  });

  it('a series counter moves at each rebuild, the rates counter with every rates statement', async () => {
    const [instrument] = await db()
      .insert(instruments)
      .values({ symbol: 'SERV', name: 'Series versioned', kind: 'stock', currency: 'USD' })
      .returning();
    if (!instrument) throw new Error('insert failed');
    const seriesVersion = async () => {
      const [row] = await db()
        .select({ version: instrumentPriceSeries.version })
        .from(instrumentPriceSeries)
        .where(eq(instrumentPriceSeries.instrumentId, instrument.id));
      return row?.version;
    };
    await db()
      .insert(instrumentPrices)
      .values({ instrumentId: instrument.id, priceDate: '2024-01-02', close: '10' });
    const first = await seriesVersion();
    expect(first).toBe(0);
    await db()
      .insert(instrumentPrices)
      .values({ instrumentId: instrument.id, priceDate: '2024-01-03', close: '11' });
    expect(await seriesVersion()).toBe(1);

    const before = await fxVersion(db());
    await db().insert(fxRates).values({ currency: 'CAD', rateDate: '2024-01-02', rate: '1.45' });
    expect(await fxVersion(db())).toBe(before + 1);
    await db().delete(fxRates).where(eq(fxRates.currency, 'CAD'));
    expect(await fxVersion(db())).toBe(before + 2);
    await db().delete(instruments).where(eq(instruments.id, instrument.id));
  });
});
