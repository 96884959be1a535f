import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryResponseSchema, type Summary } from '@/contracts/holdings';
import {
  type DashboardResponse,
  type PerformanceResponse,
  performanceResponseSchema,
} from '@/contracts/valuation';
import { instrumentPrices, instruments } from '../../db/schema';
import { FakeClock } from '../../platform/clock';
import { type Agent, registerUser } from '../../testing/agent';
import { insertAppleInUsd } from '../../testing/market-data';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The assets pages' category cards and "Total in EUR" (GET /portfolios/{id}/summary) come from
 * the valuation the rows, the portfolio page and the dashboard use: a stored close rather than
 * the typed price, a savings account's interest, a value dated in its history, a share's dollar
 * closes converted, a simulation's holdings without its cash. So the total is the portfolio's
 * value and the dashboard's net worth to the cent, and each card is the sum of its rows.
 */

let t: TestApp;
const db = () => t.database.db;
const clock = new FakeClock(new Date('2024-03-01T12:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  await insertAppleInUsd(db());
  // LVMH closes in euros: 650 yesterday, 655 today. Its holding was typed at 650.
  const [lvmh] = await db()
    .insert(instruments)
    .values({ symbol: 'MC', name: 'LVMH', kind: 'stock', currency: 'EUR' })
    .returning();
  if (!lvmh) throw new Error('insert failed');
  await db()
    .insert(instrumentPrices)
    .values([
      { instrumentId: lvmh.id, priceDate: '2024-02-29', close: '650' },
      { instrumentId: lvmh.id, priceDate: '2024-03-01', close: '655' },
    ]);
});
afterAll(() => t.close());

async function created(agent: Agent, url: string, body: Record<string, unknown>) {
  const res = await agent.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function summaryOf(agent: Agent, id: string, sim?: string): Promise<Summary> {
  const res = await agent.get(`/api/v1/portfolios/${id}/summary${sim ? `?sim=${sim}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return summaryResponseSchema.parse(res.json());
}

async function performanceOf(agent: Agent, id: string, sim?: string) {
  const res = await agent.get(`/api/v1/portfolios/${id}/performance${sim ? `?sim=${sim}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return performanceResponseSchema.parse(res.json()) as PerformanceResponse;
}

/** The rows of a class and currency: each holding's figures in its own currency. */
function rowsOf(performance: PerformanceResponse, holdingClass: string, currency: string) {
  const rows: { value: string; cost: string }[] = [];
  for (const row of performance.holdings) {
    if (row.class === holdingClass && row.holdingCurrency === currency) {
      rows.push({ value: row.holdingValue, cost: row.holdingCostBasis });
    }
  }
  // Those valued only in their own currency (no rate into the portfolio's) are rows too.
  for (const item of performance.unpriced) {
    if (item.held && item.holdingCurrency === currency && holdingClass === 'market') {
      rows.push({ value: item.held.holdingValue, cost: item.held.holdingCostBasis });
    }
  }
  return rows;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const sum = (amounts: string[]) => (amounts.reduce((a, b) => a + cents(b), 0) / 100).toFixed(2);

describe('the holdings summary', () => {
  it('adds up the rows and is the portfolio’s value and the net worth, to the cent', async () => {
    const { agent: owner } = await registerUser(t.app, 'summary-agrees@example.com');
    const portfolio = await created(owner, '/api/v1/portfolios', {
      name: 'Everything',
      baseCurrency: 'EUR',
    });
    const id = portfolio.portfolio.id as string;
    const add = (body: Record<string, unknown>) =>
      created(owner, `/api/v1/portfolios/${id}/holdings`, body);
    const lvmh = await add({
      class: 'market',
      symbol: 'MC',
      name: 'LVMH',
      quantity: '10',
      purchasePrice: '600',
      currentPrice: '650',
      purchaseDate: '2024-01-15',
      currency: 'EUR',
    });
    // Apple's closes are in dollars; this holding is in euros: 10 x 160 USD at 1.25 = 1,280 EUR.
    const apple = await add({
      class: 'market',
      symbol: 'AAPL',
      name: 'Apple',
      quantity: '10',
      purchasePrice: '100',
      currentPrice: '100',
      purchaseDate: '2024-01-15',
      currency: 'EUR',
    });
    const livret = await add({
      class: 'savings',
      accountName: 'Livret A',
      bankName: 'La Banque Postale',
      accountType: 'livret_a',
      currentBalance: '5000',
      openingDate: '2023-01-01',
      interestRate: '3',
    });
    const interest = await owner.post(
      `/api/v1/holdings/${livret.holding.id}/savings/transactions`,
      {
        transactionType: 'interest',
        amount: '75',
        transactionDate: '2024-01-01',
      },
    );
    expect(interest.statusCode, interest.body).toBe(201);
    const flat = await add({
      class: 'real_estate',
      propertyName: 'Flat in Lyon',
      propertyType: 'apartment',
      address: '1 rue de la République',
      city: 'Lyon',
      purchasePrice: '250000',
      currentValue: '270000',
      currentValueDate: '2023-06-01',
      purchaseDate: '2020-03-15',
    });
    const point = await owner.post(`/api/v1/holdings/${flat.holding.id}/valuations`, {
      date: '2024-02-01',
      value: '281234.56',
    });
    expect(point.statusCode, point.body).toBe(201);
    // No CAD rate is stored: valued in dollars canadiens, listed apart from the euro total.
    await add({
      class: 'market',
      symbol: 'SHOP',
      name: 'Shopify',
      quantity: '4',
      purchasePrice: '80',
      currentPrice: '90.5',
      purchaseDate: '2024-01-15',
      currency: 'CAD',
    });

    const summary = await summaryOf(owner, id);
    const performance = await performanceOf(owner, id);
    const dashboard = (await owner.get('/api/v1/dashboard')).json() as DashboardResponse;

    // LVMH at its close (655), not its typed price (650).
    expect(summary.categories).toContainEqual(
      expect.objectContaining({
        class: 'market',
        currency: 'EUR',
        itemCount: 2,
        totalValue: '7830.00',
        totalCost: '7000.00',
        totalGain: '830.00',
        unvaluedCount: 0,
      }),
    );
    expect(performance.holdings.find((row) => row.holdingId === lvmh.holding.id)).toMatchObject({
      holdingValue: '6550.00',
      lastPrice: '655',
      lastPriceCurrency: 'EUR',
    });
    // Apple's last price is said in dollars, its own figures in euros (bought for 1,000 EUR).
    expect(performance.holdings.find((row) => row.holdingId === apple.holding.id)).toMatchObject({
      holdingCurrency: 'EUR',
      lastPrice: '160',
      lastPriceCurrency: 'USD',
      holdingValue: '1280.00',
      holdingCostBasis: '1000.00',
      holdingUnrealizedGain: '280.00',
      value: '1280.00',
      costBasis: '1000.00',
    });
    // The savings account with its interest; the flat at its dated value.
    expect(summary.categories).toContainEqual(
      expect.objectContaining({ class: 'savings', totalValue: '5075.00', totalGain: '75.00' }),
    );
    expect(summary.categories).toContainEqual(
      expect.objectContaining({ class: 'real_estate', totalValue: '281234.56' }),
    );
    expect(summary.categories).toContainEqual(
      expect.objectContaining({ class: 'market', currency: 'CAD', totalValue: '362.00' }),
    );

    // Every card is the sum of its rows.
    for (const card of summary.categories) {
      const rows = rowsOf(performance, card.class, card.currency);
      expect(rows, `${card.class} ${card.currency}`).toHaveLength(card.itemCount);
      expect(card.totalValue).toBe(sum(rows.map((row) => row.value)));
      expect(card.totalCost).toBe(sum(rows.map((row) => row.cost)));
    }

    // The total is the portfolio's value and the net worth (one portfolio, in euros, today).
    expect(summary.totals.currency).toBe('EUR');
    expect(summary.totals.totalValue).toBe('294139.56');
    expect(summary.totals.totalValue).toBe(performance.value);
    expect(dashboard.currency).toBe('EUR');
    expect(summary.totals.totalValue).toBe(dashboard.netWorth.value);
    expect(summary.totals.totalCost).toBe(performance.costBasis);
    expect(summary.totals.rates).toEqual([]);
    expect(summary.totals.unconverted).toEqual([
      { currency: 'CAD', totalValue: '362.00', totalCost: '320.00' },
    ]);
    expect(performance.unpriced.map((item) => item.reason)).toEqual(['no_rate']);
  });

  it('in a simulation, totals its holdings; with its cash, it is the simulation’s value', async () => {
    const { agent: owner } = await registerUser(t.app, 'summary-sim@example.com');
    const portfolio = await created(owner, '/api/v1/portfolios', {
      name: 'Real',
      baseCurrency: 'EUR',
    });
    const id = portfolio.portfolio.id as string;
    await created(owner, `/api/v1/portfolios/${id}/holdings`, {
      class: 'market',
      symbol: 'MC',
      name: 'LVMH',
      quantity: '1',
      purchasePrice: '600',
      currentPrice: '600',
      purchaseDate: '2024-01-15',
      currency: 'EUR',
    });
    const sim = await created(owner, `/api/v1/portfolios/${id}/simulations`, {
      name: 'What if',
      copyHoldings: false,
    });
    const simId = sim.simulation.id as string;
    // Bought in the simulation: 2 x 640 EUR (1,280 of its cash), worth 2 x 655 today.
    await created(owner, `/api/v1/portfolios/${id}/holdings?sim=${simId}`, {
      class: 'market',
      symbol: 'MC',
      name: 'LVMH',
      quantity: '2',
      purchasePrice: '640',
      currentPrice: '640',
      purchaseDate: '2024-02-01',
      currency: 'EUR',
    });
    const summary = await summaryOf(owner, id, simId);
    const performance = await performanceOf(owner, id, simId);
    expect(summary.categories).toEqual([
      expect.objectContaining({
        class: 'market',
        currency: 'EUR',
        itemCount: 1,
        totalValue: '1310.00',
        totalCost: '1280.00',
      }),
    ]);
    expect(summary.totals.totalValue).toBe('1310.00');
    expect(performance.cash).toBe('98720.00');
    expect((cents(summary.totals.totalValue) + cents(performance.cash ?? '0')) / 100).toBeCloseTo(
      Number(performance.value),
      9,
    );
    expect(performance.value).toBe('100030.00');
    // The real portfolio's summary is its own.
    expect((await summaryOf(owner, id)).totals.totalValue).toBe('655.00');
  });

  it('is refused to someone who may not read the portfolio', async () => {
    const { agent: owner } = await registerUser(t.app, 'summary-owner@example.com');
    const { agent: stranger } = await registerUser(t.app, 'summary-stranger@example.com');
    const portfolio = await created(owner, '/api/v1/portfolios', { name: 'Mine' });
    const id = portfolio.portfolio.id as string;
    const refused = await stranger.get(`/api/v1/portfolios/${id}/summary`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('PORTFOLIO_NOT_FOUND');
    const badSim = await owner.get(
      `/api/v1/portfolios/${id}/summary?sim=00000000-0000-4000-8000-000000000000`,
    );
    expect(badSim.statusCode).toBe(404);
    const badId = await owner.get('/api/v1/portfolios/not-a-uuid/summary');
    expect(badId.statusCode).toBe(400);
  });
});
