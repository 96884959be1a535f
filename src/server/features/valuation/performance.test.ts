import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PerformanceResponse, performanceResponseSchema } from '@/contracts/valuation';
import { fxRates, instrumentPrices, instruments } from '../../db/schema';
import { FakeClock } from '../../platform/clock';
import { insertAppleInUsd } from '../../testing/market-data';
import { type Agent, registerUser } from '../../testing/agent';
import { insertPortfolio } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { loadWarmUpSample } from './valuation.load';

/**
 * GET /api/v1/portfolios/{id}/performance: what a portfolio is worth in its base currency,
 * converted with the rate of each day (never relabelled), from stored closes or, without any, the
 * price typed on the holding; a dataset change is seen at once; only those who may read it see it.
 */

let t: TestApp;
let owner: Agent;
let stranger: Agent;
let ownerId: string;
const db = () => t.database.db;
const clock = new FakeClock(new Date('2024-03-01T12:00:00Z'));

beforeAll(async () => {
  // Long ranges (MAX) are Premium: these users have it (the plans' matrix is gating.test.ts).
  t = await createTestApp({ clock, env: { DEFAULT_PLAN: 'classic' } });
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'perf-owner@example.com'));
  ({ agent: stranger } = await registerUser(t.app, 'perf-stranger@example.com'));
  await insertAppleInUsd(db());
});
afterAll(() => t.close());

async function portfolioWith(holdings: Record<string, unknown>[]) {
  const id = (await insertPortfolio(db(), ownerId, { name: 'Performance' })).id;
  const ids: string[] = [];
  for (const body of holdings) {
    const res = await owner.post(`/api/v1/portfolios/${id}/holdings`, body);
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().holding.id);
  }
  return { id, holdings: ids };
}

const apple = {
  class: 'market',
  symbol: 'AAPL',
  name: 'Apple',
  quantity: '10',
  purchasePrice: '100',
  currentPrice: '100',
  purchaseDate: '2024-01-10',
  currency: 'USD',
};

/** The answer, checked against the contract (the route sends it without the zod pass). */
function answerOf(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  // Parsing strips what the contract does not name: equal means nothing more, nothing less.
  expect(performanceResponseSchema.parse(body)).toEqual(body);
  return body as PerformanceResponse;
}

async function performance(id: string, range = 'MAX') {
  return answerOf(await owner.get(`/api/v1/portfolios/${id}/performance?range=${range}`));
}

describe('portfolio performance', () => {
  it('values a USD holding in the EUR base currency with the rate of the day', async () => {
    const { id, holdings } = await portfolioWith([apple]);
    const answer = await performance(id);
    expect(answer.currency).toBe('EUR');
    expect(answer.asOf).toBe('2024-03-01');
    // 10 x 160 USD at 1.25 USD per EUR: converted, not relabelled as 1,600.
    expect(answer.value).toBe('1280.00');
    expect(answer.holdings).toHaveLength(1);
    expect(answer.holdings[0]).toMatchObject({
      holdingId: holdings[0],
      symbol: 'AAPL',
      holdingCurrency: 'USD',
      quantity: '10',
      lastPrice: '160',
      lastPriceCurrency: 'USD',
      lastPriceDate: '2024-03-01',
      priceSource: 'market',
      weight: 1,
      // In its own currency: 10 x 160 USD, bought 10 x 100 USD.
      holdingValue: '1600.00',
      holdingCostBasis: '1000.00',
      holdingUnrealizedGain: '600.00',
      holdingUnrealizedGainPercent: 0.6,
    });
    // The day before: 10 x 150 USD at 1.1 (the last rate known then), so the day is a loss:
    // 1,280 - 1,363.6363... EUR, rounded to the cent in the answer.
    expect(answer.dayChange).toBe('-83.64');
    // In the holding's own currency the day was a gain: 10 x (160 - 150) USD.
    expect(answer.holdings[0]).toMatchObject({
      value: '1280.00',
      dayChange: '-83.64',
      holdingDayChange: '100.00',
      holdingDayChangePercent: 100 / 1500,
    });
    expect(answer.series.at(-1)).toMatchObject({ date: '2024-03-01', value: '1280.00' });
    expect(answer.series[0]?.date).toBe('2024-01-10');
    expect(answer.unpriced).toEqual([]);
  });

  it('values a market holding without any stored close at the price typed on it', async () => {
    const { id } = await portfolioWith([
      {
        ...apple,
        symbol: 'NOPX',
        name: 'Unlisted',
        currency: 'EUR',
        currentPrice: '50',
        quantity: '2',
      },
    ]);
    const answer = await performance(id);
    expect(answer.value).toBe('100.00');
    expect(answer.holdings[0]?.priceSource).toBe('manual');
  });

  it('leaves out and names a holding it cannot convert, never adding its currency as is', async () => {
    const { id, holdings } = await portfolioWith([
      apple,
      { ...apple, symbol: 'SHOP', name: 'Shopify', currency: 'CAD', currentPrice: '90' },
    ]);
    const answer = await performance(id);
    expect(answer.value).toBe('1280.00');
    // Not in the value, but valued in its own currency (its typed price): 10 x 90 CAD.
    expect(answer.unpriced).toEqual([
      {
        holdingId: holdings[1],
        name: 'Shopify',
        reason: 'no_rate',
        holdingCurrency: 'CAD',
        held: {
          holdingValue: '900.00',
          holdingCostBasis: '1000.00',
          holdingUnrealizedGain: '-100.00',
          holdingUnrealizedGainPercent: -0.1,
        },
      },
    ]);
  });

  it('sees a new transaction at once (the dataset counter changes the cache key)', async () => {
    const { id, holdings } = await portfolioWith([apple]);
    expect((await performance(id)).value).toBe('1280.00');
    const res = await owner.post(`/api/v1/portfolios/${id}/transactions`, {
      assetId: holdings[0],
      transactionType: 'buy',
      quantity: '10',
      price: '160',
      currency: 'USD',
      exchangeRateToBase: '0.8',
      tradeDate: '2024-03-01',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await performance(id)).value).toBe('2560.00');
  });

  it('refuses what the caller may not read, and bad input, with clear answers', async () => {
    const { id } = await portfolioWith([apple]);
    expect((await stranger.get(`/api/v1/portfolios/${id}/performance`)).statusCode).toBe(404);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/api/v1/portfolios/${id}/performance`,
    });
    expect(signedOut.statusCode).toBe(401);
    const badRange = await owner.get(`/api/v1/portfolios/${id}/performance?range=2D`);
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().error.code).toBe('VALIDATION_ERROR');
    const badSim = await owner.get(
      `/api/v1/portfolios/${id}/performance?sim=00000000-0000-4000-8000-000000000000`,
    );
    expect(badSim.statusCode).toBe(404);
  });

  it('warms a worker up on a sample of the latest holdings and series', async () => {
    const { id, holdings } = await portfolioWith([apple]);
    // The sample names the latest holdings and series, at most as many as asked.
    const sample = await loadWarmUpSample(db(), 1);
    expect(sample.holdingIds).toHaveLength(1);
    expect(sample.symbols).toEqual(['AAPL']);
    expect((await loadWarmUpSample(db(), 100)).holdingIds).toContain(holdings[0]);
    // A worker warmed up on them values the view as any other.
    await t.app.ctx.valuations.run('warmValuation', {});
    expect((await performance(id)).value).toBe('1280.00');
  });

  it('follows every change the worker keeps apart: one holding, a close, a rate, a removal', async () => {
    // The worker keeps what it read (valuation.task.ts) and reads again only what moved.
    await t.app.ctx.valuations.run('warmValuation', {});
    const { id, holdings } = await portfolioWith([
      apple,
      { ...apple, name: 'Apple again', quantity: '5' },
    ]);
    // 15 x 160 USD at 1.25.
    expect((await performance(id)).value).toBe('1920.00');
    const sell = await owner.post(`/api/v1/portfolios/${id}/transactions`, {
      assetId: holdings[1],
      transactionType: 'sell',
      quantity: '5',
      price: '160',
      currency: 'USD',
      exchangeRateToBase: '0.8',
      tradeDate: '2024-03-01',
    });
    expect(sell.statusCode, sell.body).toBe(201);
    expect((await performance(id)).value).toBe('1280.00');
    // A corrected close of the day: the series is read again.
    const [instrument] = await db()
      .select({ id: instruments.id })
      .from(instruments)
      .where(eq(instruments.symbol, 'AAPL'));
    await db()
      .update(instrumentPrices)
      .set({ close: '170' })
      .where(
        and(
          eq(instrumentPrices.instrumentId, instrument?.id ?? ''),
          eq(instrumentPrices.priceDate, '2024-03-01'),
        ),
      );
    expect((await performance(id)).value).toBe('1360.00');
    // A corrected rate: the rates are read again.
    await db()
      .update(fxRates)
      .set({ rate: '1.36' })
      .where(and(eq(fxRates.currency, 'USD'), eq(fxRates.rateDate, '2024-03-01')));
    expect((await performance(id)).value).toBe('1250.00');
    // A removed holding leaves the answer.
    const removed = await owner.delete(`/api/v1/holdings/${holdings[0]}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const after = await performance(id);
    expect(after.holdings.map((holding) => holding.holdingId)).toEqual([holdings[1]]);
    expect(after.value).toBe('0.00');
    // Put back as they were for the other tests.
    await db()
      .update(instrumentPrices)
      .set({ close: '160' })
      .where(
        and(
          eq(instrumentPrices.instrumentId, instrument?.id ?? ''),
          eq(instrumentPrices.priceDate, '2024-03-01'),
        ),
      );
    await db()
      .update(fxRates)
      .set({ rate: '1.25' })
      .where(and(eq(fxRates.currency, 'USD'), eq(fxRates.rateDate, '2024-03-01')));
  });

  it('counts a simulation’s cash in its value: a buy moves money from cash to the holding', async () => {
    const portfolio = await owner.post('/api/v1/portfolios', { name: 'Sim', baseCurrency: 'USD' });
    const portfolioId = portfolio.json().portfolio.id as string;
    const sim = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
      name: 'Sandbox',
      copyHoldings: false,
    });
    expect(sim.statusCode, sim.body).toBe(201);
    const simId = sim.json().simulation.id as string;
    const inSim = async () => {
      return answerOf(
        await owner.get(`/api/v1/portfolios/${portfolioId}/performance?range=MAX&sim=${simId}`),
      );
    };
    // Nothing bought yet: the value is the initial cash.
    expect(await inSim()).toMatchObject({ value: '100000.00', cash: '100000.00', holdings: [] });
    // 10 AAPL bought at 100 USD on 2024-01-10 (1,000 USD out of the cash), worth 160 today.
    const holding = await owner.post(
      `/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`,
      apple,
    );
    expect(holding.statusCode, holding.body).toBe(201);
    const answer = await inSim();
    expect(answer.cash).toBe('99000.00');
    expect(answer.value).toBe('100600.00');
    expect(answer.holdings.map((h) => [h.symbol, h.value])).toEqual([['AAPL', '1600.00']]);
    // Moving cash into a holding is no flow of the simulation: its only contribution is the cash.
    expect(answer.netContributions).toBe('100000.00');
    expect(answer.twr).toBeCloseTo(600 / 100000, 9);
    // The real portfolio has no cash line.
    expect((await performance(portfolioId)).cash).toBeNull();
  });

  it('gives a simulation worth its initial cash returns of 0, on the day it is made too', async () => {
    const portfolio = await owner.post('/api/v1/portfolios', { name: 'New sim' });
    const portfolioId = portfolio.json().portfolio.id as string;
    const sim = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
      name: 'Today',
      copyHoldings: false,
    });
    expect(sim.statusCode, sim.body).toBe(201);
    const simId = sim.json().simulation.id as string;
    const inSim = async (range: string) =>
      answerOf(
        await owner.get(
          `/api/v1/portfolios/${portfolioId}/performance?range=${range}&sim=${simId}`,
        ),
      );
    // Made today (2024-03-01): 100,000 put in at the start of the day, 100,000 at its end. The
    // money-weighted return was -99.97%: both flows on one instant, where every rate fits.
    for (const range of ['1W', '1Y', 'MAX']) {
      const answer = await inSim(range);
      expect(answer).toMatchObject({
        value: '100000.00',
        netContributions: '100000.00',
        from: '2024-03-01',
        twr: 0,
      });
      expect(answer.mwr).toBeCloseTo(0, 12);
    }
    // 10 AAPL bought today at 150 USD (1,200 EUR at 0.8) from the cash, closing at 160 USD
    // (1,280 EUR): the simulation made 80 on 100,000 that day. The 1,200 moved from its cash
    // into the holding is no flow of it: TWR = MWR = 100,080 / 100,000 - 1.
    const bought = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`, {
      ...apple,
      purchasePrice: '150',
      purchaseDate: '2024-03-01',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const answer = await inSim('1Y');
    expect(answer).toMatchObject({
      value: '100080.00',
      cash: '98800.00',
      netContributions: '100000.00',
    });
    expect(answer.twr).toBeCloseTo(0.0008, 12);
    expect(answer.mwr).toBeCloseTo(0.0008, 12);
    // Another user cannot read it.
    const refused = await stranger.get(
      `/api/v1/portfolios/${portfolioId}/performance?range=1Y&sim=${simId}`,
    );
    expect(refused.statusCode).toBe(404);
  });

  it('rounds money to the cent in the answer, totals from the exact figures', async () => {
    // Three holdings worth 0.005 EUR each (typed prices): each line 0.01, the total 0.015 -> 0.02.
    const tiny = {
      ...apple,
      symbol: 'TINY',
      currency: 'EUR',
      quantity: '1',
      purchasePrice: '0.005',
      currentPrice: '0.005',
    };
    const { id } = await portfolioWith([
      tiny,
      { ...tiny, name: 'Tiny 2' },
      { ...tiny, name: 'Tiny 3' },
    ]);
    const answer = await performance(id);
    expect(answer.holdings.map((holding) => holding.value)).toEqual(['0.01', '0.01', '0.01']);
    expect(answer.value).toBe('0.02');
    expect(answer.costBasis).toBe('0.02');
    // Prices and quantities keep their precision.
    expect(answer.holdings[0]).toMatchObject({ lastPrice: '0.005', quantity: '1' });
  });

  it('counts a fee payment in the fees, and a value typed today not as the day’s move', async () => {
    const { id, holdings } = await portfolioWith([
      { ...apple, symbol: 'NOPX', name: 'Unlisted', currency: 'EUR' },
      {
        class: 'real_estate',
        propertyName: 'Flat',
        propertyType: 'apartment',
        address: '1 rue de la Paix',
        purchasePrice: '317500',
        currentValue: '347500',
        purchaseDate: '2020-01-10',
      },
    ]);
    const fee = await owner.post(`/api/v1/portfolios/${id}/transactions`, {
      assetId: holdings[0],
      transactionType: 'fee',
      quantity: '1',
      price: '5',
      tradeDate: '2024-02-15',
    });
    expect(fee.statusCode, fee.body).toBe(201);
    const answer = await performance(id);
    expect(answer.fees).toBe('5.00');
    expect(answer.holdings.find((h) => h.holdingId === holdings[0])?.fees).toBe('5.00');
    expect(answer.netContributions).toBe('318505.00');
    const flat = answer.holdings.find((h) => h.holdingId === holdings[1]);
    expect(flat).toMatchObject({
      value: '347500.00',
      dayChange: '0.00',
      holdingDayChange: '0.00',
      holdingDayChangePercent: 0,
    });
    expect(answer.dayChange).toBe('0.00');
    expect(answer.value).toBe('348500.00');
  });

  it('answers an empty portfolio with zeros and no series', async () => {
    const { id } = await portfolioWith([]);
    const answer = await performance(id, '1Y');
    expect(answer).toMatchObject({ value: '0.00', holdings: [], unpriced: [], range: '1Y' });
  });
});
