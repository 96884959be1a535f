import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardResponse, dashboardResponseSchema } from '@/contracts/valuation';
import { FakeClock } from '../../platform/clock';
import { insertAppleInUsd } from '../../testing/market-data';
import { type Agent, registerUser } from '../../testing/agent';
import { insertPortfolio, insertShare } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * GET /api/v1/dashboard: net worth over the user's own portfolios in their currency, shared
 * portfolios listed apart and never added, allocation, movers, recent activity, maturities.
 */

let t: TestApp;
let owner: Agent;
let ownerId: string;
let friend: Agent;
let friendId: string;
const db = () => t.database.db;
const clock = new FakeClock(new Date('2024-03-01T12:00:00Z'));

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

async function add(agent: Agent, portfolioId: string, body: Record<string, unknown>) {
  const res = await agent.post(`/api/v1/portfolios/${portfolioId}/holdings`, body);
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  // Long ranges (MAX) are Premium: these users have it (the plans' matrix is gating.test.ts).
  t = await createTestApp({ clock, env: { DEFAULT_PLAN: 'classic' } });
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'dash-owner@example.com'));
  ({ agent: friend, userId: friendId } = await registerUser(t.app, 'dash-friend@example.com'));
  await insertAppleInUsd(db(), { sector: 'Technology', country: 'US' });
});
afterAll(() => t.close());

describe('dashboard', () => {
  it('adds the own portfolios in the user currency and lists shared ones apart', async () => {
    const stocks = (await insertPortfolio(db(), ownerId, { name: 'Stocks' })).id;
    const home = (await insertPortfolio(db(), ownerId, { name: 'Home' })).id;
    await add(owner, stocks, apple);
    await add(owner, home, {
      ...apple,
      symbol: 'NOPX',
      name: 'Unlisted',
      currency: 'EUR',
      quantity: '2',
      purchasePrice: '50',
      currentPrice: '50',
    });
    await add(owner, home, {
      class: 'savings',
      accountName: 'Livret A',
      bankName: 'Banque',
      accountType: 'livret_a',
      currentBalance: '1000',
      openingDate: '2024-01-01',
      maturityDate: '2024-04-15',
      currency: 'EUR',
    });
    const theirs = (await insertPortfolio(db(), friendId, { name: 'Friend fund' })).id;
    await add(friend, theirs, { ...apple, quantity: '1' });
    await insertShare(db(), {
      portfolioId: theirs,
      ownerUserId: friendId,
      email: 'dash-owner@example.com',
      permissionLevel: 'read',
    });

    const res = await owner.get('/api/v1/dashboard?range=MAX');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as DashboardResponse;
    // Sent without the zod pass: what the contract names, nothing more, nothing less.
    expect(dashboardResponseSchema.parse(answer)).toEqual(answer);
    expect(answer.currency).toBe('EUR');
    // 10 x 160 USD / 1.25 + 2 x 50 EUR + 1,000 EUR; the friend's 128 EUR is not added.
    expect(answer.netWorth.value).toBe('2380.00');
    expect(answer.sharedPortfolios).toEqual([
      expect.objectContaining({
        id: theirs,
        name: 'Friend fund',
        permission: 'read',
        value: '128.00',
      }),
    ]);
    expect(answer.portfolios.map((p) => [p.name, p.value])).toEqual(
      expect.arrayContaining([
        ['Stocks', '1280.00'],
        ['Home', '1100.00'],
      ]),
    );
    expect(answer.allocation.currency).toEqual([
      { key: 'USD', value: '1280.00', weight: 1280 / 2380 },
      { key: 'EUR', value: '1100.00', weight: 1100 / 2380 },
    ]);
    expect(answer.allocation.sector[0]).toMatchObject({ key: 'Technology', value: '1280.00' });
    expect(answer.allocation.assetClass.map((slice) => slice.key).sort()).toEqual([
      'market',
      'savings',
    ]);
    expect(answer.topMovers[0]).toMatchObject({ symbol: 'AAPL', portfolioId: stocks });
    expect(answer.topMovers[0]?.dayChangePercent).toBeLessThan(0);
    expect(answer.recentTransactions.every((tx) => [stocks, home].includes(tx.portfolioId))).toBe(
      true,
    );
    expect(answer.recentTransactions.some((tx) => tx.holdingName === 'Apple')).toBe(true);
    expect(answer.upcomingMaturities).toEqual([
      expect.objectContaining({ name: 'Livret A', maturityDate: '2024-04-15', balance: '1000.00' }),
    ]);
    expect(answer.series.at(-1)).toMatchObject({ date: '2024-03-01', value: '2380.00' });
    // One complete month in the history (January 31 to February 29), from the same daily index
    // the series shows (short enough here to be sent whole).
    const indexOn = (date: string) => answer.series.find((point) => point.date === date)?.twrIndex;
    expect(answer.monthlyReturns).toHaveLength(1);
    expect(answer.monthlyReturns[0]).toBeCloseTo(
      indexOn('2024-02-29')! / indexOn('2024-01-31')! - 1,
      12,
    );
  });

  it('does not count a value typed today as a gain of the day, nor as a mover', async () => {
    const { agent, userId } = await registerUser(t.app, 'dash-flat@example.com');
    const homes = (await insertPortfolio(db(), userId, { name: 'Homes' })).id;
    await add(agent, homes, apple);
    // Bought in 2020 for 317,500; worth 347,500 today, as typed when it is added.
    await add(agent, homes, {
      class: 'real_estate',
      propertyName: 'Flat',
      propertyType: 'apartment',
      address: '1 rue de la Paix',
      purchasePrice: '317500',
      currentValue: '347500',
      purchaseDate: '2020-01-10',
    });
    const res = await agent.get('/api/v1/dashboard?range=MAX');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as DashboardResponse;
    expect(dashboardResponseSchema.parse(answer)).toEqual(answer);
    // 1,280 EUR of Apple and the flat's 347,500: the value and the chart have the new value.
    expect(answer.netWorth.value).toBe('348780.00');
    expect(answer.series.at(-1)).toMatchObject({ date: '2024-03-01', value: '348780.00' });
    // Today's change is Apple's (10 x 160 / 1.25 - 10 x 150 / 1.1), not the 30,000 typed.
    expect(answer.netWorth.dayChange).toBe('-83.64');
    expect(answer.portfolios.find((p) => p.id === homes)?.dayChange).toBe('-83.64');
    expect(answer.topMovers.map((mover) => mover.symbol)).toEqual(['AAPL']);
    // Over the range the revaluation is a return, on its own date.
    expect(answer.netWorth.twr).toBeGreaterThan(0.09);
  });

  it('answers a user with nothing yet with zeros and empty lists', async () => {
    const { agent } = await registerUser(t.app, 'dash-new@example.com');
    const res = await agent.get('/api/v1/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    expect(dashboardResponseSchema.parse(res.json())).toEqual(res.json());
    expect(res.json()).toMatchObject({
      range: '1Y',
      netWorth: { value: '0.00' },
      topMovers: [],
      recentTransactions: [],
      sharedPortfolios: [],
      unpriced: [],
    });
  });

  it('answers a simulation’s own dashboard with ?sim=: its holdings and its cash', async () => {
    const { agent, userId } = await registerUser(t.app, 'dash-sim@example.com');
    const real = (await insertPortfolio(db(), userId, { name: 'Real' })).id;
    await add(agent, real, apple);
    const created = await agent.post(`/api/v1/portfolios/${real}/simulations`, {
      name: 'Bear case',
      copyHoldings: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const simId = created.json().simulation.id as string;
    // 5 AAPL bought in the simulation at 150 USD (600 EUR at 0.8) out of its 100,000 EUR of cash.
    const bought = await agent.post(`/api/v1/portfolios/${real}/holdings?sim=${simId}`, {
      ...apple,
      quantity: '5',
      purchasePrice: '150',
      purchaseDate: '2024-03-01',
    });
    expect(bought.statusCode, bought.body).toBe(201);

    const res = await agent.get(`/api/v1/dashboard?range=MAX&sim=${simId}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as DashboardResponse;
    expect(dashboardResponseSchema.parse(answer)).toEqual(answer);
    // 99,400 of cash + 5 x 160 USD / 1.25 = 640: 100,040, not the real portfolio's 1,280.
    expect(answer.netWorth.value).toBe('100040.00');
    expect(answer.netWorth.netContributions).toBe('100000.00');
    expect(answer.simulation).toEqual({
      id: simId,
      portfolioId: real,
      cash: '99400.00',
      baseCash: { amount: '99400.00', currency: 'EUR' },
    });
    expect(answer.netWorth.twr).toBeCloseTo(40 / 100000, 12);
    expect(answer.netWorth.mwr).toBeCloseTo(40 / 100000, 12);
    expect(answer.allocation.assetClass).toEqual([
      { key: 'cash', value: '99400.00', weight: 99400 / 100040 },
      { key: 'market', value: '640.00', weight: 640 / 100040 },
    ]);
    expect(answer.allocation.portfolio).toEqual([]);
    expect(answer.portfolios).toEqual([]);
    expect(answer.sharedPortfolios).toEqual([]);
    expect(answer.recentTransactions.map((tx) => [tx.holdingName, tx.quantity])).toEqual([
      ['Apple', '5'],
    ]);
    expect(answer.series.at(-1)).toMatchObject({ date: '2024-03-01', value: '100040.00' });

    // In a currency no rate reaches (CAD: none stored), the cash is said apart in the simulation's
    // own currency, never counted nor dropped silently.
    const cad = await agent.patch('/api/v1/settings', { preferences: { currency: 'CAD' } });
    expect(cad.statusCode, cad.body).toBe(200);
    const inCad = (
      await agent.get(`/api/v1/dashboard?range=MAX&sim=${simId}`)
    ).json() as DashboardResponse;
    expect(inCad.currency).toBe('CAD');
    expect(inCad.simulation).toEqual({
      id: simId,
      portfolioId: real,
      cash: null,
      baseCash: { amount: '99400.00', currency: 'EUR' },
    });
    await agent.patch('/api/v1/settings', { preferences: { currency: 'EUR' } });

    // Without ?sim= the real dashboard is unchanged: the simulation is not added to it.
    const realAnswer = (await agent.get('/api/v1/dashboard?range=MAX')).json() as DashboardResponse;
    expect(realAnswer.netWorth.value).toBe('1280.00');
    expect(realAnswer.simulation).toBeNull();

    // The portfolio's base currency changes: the simulation's cash is kept in it (decisions.md,
    // "Base currency"), so 99,400 USD at 1.25 is 79,520 EUR, with the 640 EUR of Apple: 80,160.
    // A valuation kept from before the change must not answer.
    const usd = await agent.patch(`/api/v1/portfolios/${real}`, { baseCurrency: 'USD' });
    expect(usd.statusCode, usd.body).toBe(200);
    const inUsdBase = (
      await agent.get(`/api/v1/dashboard?range=MAX&sim=${simId}`)
    ).json() as DashboardResponse;
    expect(inUsdBase.simulation?.baseCash).toEqual({ amount: '99400.00', currency: 'USD' });
    expect(inUsdBase.netWorth.value).toBe('80160.00');
    await agent.patch(`/api/v1/portfolios/${real}`, { baseCurrency: 'EUR' });

    // Another user, an unknown id and a bad id are refused; nothing is said of what exists.
    const stranger = await owner.get(`/api/v1/dashboard?sim=${simId}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('SIMULATION_NOT_FOUND');
    const unknown = await agent.get('/api/v1/dashboard?sim=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SIMULATION_NOT_FOUND');
    const bad = await agent.get('/api/v1/dashboard?sim=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('shows a simulation to an invitee its share names, and to no other', async () => {
    const mine = (await insertPortfolio(db(), friendId, { name: 'Shared with sims' })).id;
    const visible = await friend.post(`/api/v1/portfolios/${mine}/simulations`, { name: 'Seen' });
    const hidden = await friend.post(`/api/v1/portfolios/${mine}/simulations`, { name: 'Hidden' });
    const visibleId = visible.json().simulation.id as string;
    const hiddenId = hidden.json().simulation.id as string;
    await insertShare(db(), {
      portfolioId: mine,
      ownerUserId: friendId,
      email: 'dash-owner@example.com',
      permissionLevel: 'read',
      mode: 'specific',
      simulationIds: [visibleId],
    });
    const seen = await owner.get(`/api/v1/dashboard?sim=${visibleId}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json() as DashboardResponse).netWorth.value).toBe('100000.00');
    const refused = await owner.get(`/api/v1/dashboard?sim=${hiddenId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('SIMULATION_NOT_FOUND');
  });

  it('refuses the signed out and a bad range', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401);
    expect((await owner.get('/api/v1/dashboard?range=7Y')).statusCode).toBe(400);
  });
});
