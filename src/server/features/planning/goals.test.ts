import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goals, notifications } from '../../db/schema';
import { FakeClock } from '../../platform/clock';
import { type Agent, registerUser } from '../../testing/agent';
import { insertAppleInUsd } from '../../testing/market-data';
import { insertShare } from '../../testing/portfolios';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { TestSocket } from '../../testing/ws-client';
import { monthlyNeeded, monthsBetween } from './goals.service';

/**
 * Goals (issue 29): an amount to reach by a date in a portfolio view, with the portfolio's
 * permissions, the plan's limit, progress from an amount typed, the view's value or chosen
 * holdings (converted, never relabelled), and milestone notifications once each.
 */

const clock = new FakeClock(new Date('2024-03-01T12:00:00Z'));
let t: TestApp;
let owner: Agent;
let ownerId: string;
let reader: Agent;
let stranger: Agent;
let portfolioId: string;
const db = () => t.database.db;

const goal = (overrides: Record<string, unknown> = {}) => ({
  title: 'Emergency fund',
  category: 'emergency_fund',
  targetAmount: '10000',
  currency: 'EUR',
  targetDate: '2025-03-01',
  measure: { kind: 'manual', currentAmount: '2500' },
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp({ clock, env: { DEFAULT_PLAN: 'classic' } });
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'goal-owner@example.com'));
  ({ agent: reader } = await registerUser(t.app, 'goal-reader@example.com'));
  ({ agent: stranger } = await registerUser(t.app, 'goal-stranger@example.com'));
  portfolioId = (await owner.get('/api/v1/portfolios')).json().portfolios[0].id;
  await insertShare(db(), {
    portfolioId,
    ownerUserId: ownerId,
    email: 'goal-reader@example.com',
    permissionLevel: 'read',
  });
  await insertAppleInUsd(db());
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, agent = owner) =>
  agent.post(`/api/v1/portfolios/${portfolioId}/goals`, body);

describe('the arithmetic of a goal', () => {
  it('counts whole months left and the monthly saving that reaches the target on time', () => {
    expect(monthsBetween('2024-03-01', '2025-03-01')).toBe(12);
    expect(monthsBetween('2024-03-15', '2025-03-01')).toBe(11);
    expect(monthsBetween('2024-03-01', '2024-01-01')).toBe(0);
    // Without growth: the gap spread evenly.
    expect(monthlyNeeded(2_500, 10_000, 12, 0)).toBeCloseTo(625, 10);
    // At 12% a year (0.9489% a month): the annuity whose future value closes the gap.
    const rate = 1.12 ** (1 / 12) - 1;
    const gap = 10_000 - 2_500 * 1.12;
    expect(monthlyNeeded(2_500, 10_000, 12, 0.12)).toBeCloseTo((gap * rate) / (1.12 - 1), 8);
    // Already enough, or no time left.
    expect(monthlyNeeded(12_000, 10_000, 12, 0)).toBe(0);
    expect(monthlyNeeded(4_000, 10_000, 0, 0.05)).toBe(6_000);
  });
});

describe('goals', () => {
  it('are created, read with their progress, changed and deleted', async () => {
    const created = await create(goal({ description: '  Six months of spending  ' }));
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().goal;
    expect(made).toMatchObject({
      portfolioId,
      simulationId: null,
      title: 'Emergency fund',
      description: 'Six months of spending',
      category: 'emergency_fund',
      status: 'active',
      priority: 'medium',
      targetAmount: '10000',
      currency: 'EUR',
      targetDate: '2025-03-01',
      measure: { kind: 'manual', currentAmount: '2500' },
      progress: {
        currentAmount: '2500.00',
        percent: 25,
        remaining: '7500.00',
        monthsLeft: 12,
        monthlyNeeded: '625.00',
        expectedReturn: 0,
        volatility: 0,
        onTrack: false,
        unconverted: [],
      },
    });
    const list = (await owner.get(`/api/v1/portfolios/${portfolioId}/goals`)).json();
    expect(list).toMatchObject({ limit: 10, count: 1 });
    expect(list.goals.map((g: { id: string }) => g.id)).toEqual([made.id]);

    const changed = await owner.patch(`/api/v1/goals/${made.id}`, {
      priority: 'high',
      measure: { kind: 'manual', currentAmount: '4000.50' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().goal).toMatchObject({
      priority: 'high',
      progress: { currentAmount: '4000.50', percent: 40, remaining: '5999.50' },
    });
    expect((await owner.delete(`/api/v1/goals/${made.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/v1/goals/${made.id}`)).statusCode).toBe(404);
    await db().delete(notifications).where(eq(notifications.userId, ownerId));
  });

  it('refuse what is not a goal, with the field’s message, and create nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [goal({ title: ' ' }), 'title: Title is required'],
      [goal({ category: 'car' }), 'category: Choose a category'],
      [goal({ targetAmount: '-5' }), 'targetAmount: Amount must be positive'],
      [goal({ currency: 'CHF' }), 'currency:'],
      [goal({ targetDate: '2025-02-30' }), 'targetDate:'],
      [goal({ measure: { kind: 'holdings', holdingIds: [] } }), 'Choose from 1 to 100 holdings'],
      [goal({ measure: { kind: 'guess' } }), 'Choose how progress is measured'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const elsewhere = await create(
      goal({ measure: { kind: 'holdings', holdingIds: ['00000000-0000-4000-8000-000000000001'] } }),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe('GOAL_HOLDING_NOT_FOUND');
    expect(await db().select().from(goals)).toEqual([]);
  });

  it('follow the portfolio’s permissions', async () => {
    const id = (await create(goal())).json().goal.id as string;
    expect((await stranger.get(`/api/v1/portfolios/${portfolioId}/goals`)).statusCode).toBe(404);
    for (const res of [
      await stranger.get(`/api/v1/goals/${id}`),
      await stranger.patch(`/api/v1/goals/${id}`, { title: 'Mine' }),
      await stranger.delete(`/api/v1/goals/${id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('GOAL_NOT_FOUND');
    }
    expect((await create(goal(), stranger)).statusCode).toBe(404);
    expect((await reader.get(`/api/v1/goals/${id}`)).statusCode).toBe(200);
    for (const res of [
      await create(goal(), reader),
      await reader.patch(`/api/v1/goals/${id}`, { title: 'Read only' }),
      await reader.delete(`/api/v1/goals/${id}`),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/goals/${id}` });
    expect(anonymous.statusCode).toBe(401);
    await db().delete(goals);
    await db().delete(notifications).where(eq(notifications.userId, ownerId));
  });

  it('are limited by the owner’s plan, with the plan that allows more', async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await create(goal({ title: `G${i}` }))).statusCode).toBe(201);
    const refused = await create(goal({ title: 'One more' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'TIER_GOAL_LIMIT',
      details: { tier: 'classic', limit: 10, requiredTier: 'pro' },
    });
    expect(refused.json().error.message).toBe(
      'Your Premium plan allows 10 goals. Upgrade your plan to add more.',
    );
    await db().delete(goals);
    await db().delete(notifications).where(eq(notifications.userId, ownerId));
  });

  it('measure the view’s value or chosen holdings in the goal’s currency, converted', async () => {
    const add = async (body: Record<string, unknown>) => {
      const res = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().holding.id as string;
    };
    const apple = await add({
      class: 'market',
      symbol: 'AAPL',
      name: 'Apple',
      quantity: '10',
      purchasePrice: '100',
      currentPrice: '100',
      purchaseDate: '2024-01-10',
      currency: 'USD',
    });
    await add({
      class: 'market',
      symbol: 'LOCAL',
      name: 'Local',
      quantity: '2',
      purchasePrice: '50',
      currentPrice: '50',
      purchaseDate: '2024-01-10',
      currency: 'EUR',
    });
    // 10 x 160 USD at 1.25 USD a euro is 1,280 EUR; with 100 EUR of the other: 1,380 EUR.
    const whole = await create(
      goal({ targetAmount: '2760', currency: 'EUR', measure: { kind: 'portfolio' } }),
    );
    expect(whole.json().goal.progress).toMatchObject({
      currentAmount: '1380.00',
      percent: 50,
      expectedReturn: 0.07,
      volatility: 0.16,
    });
    // In dollars: 1,600 USD and 100 EUR x 1.25 = 125 USD, converted, not relabelled.
    const inDollars = await create(
      goal({
        targetAmount: '1600',
        currency: 'USD',
        measure: { kind: 'holdings', holdingIds: [apple] },
      }),
    );
    expect(inDollars.json().goal.progress).toMatchObject({
      currentAmount: '1600.00',
      percent: 100,
    });
    // Reaching 100% made it achieved.
    expect(inDollars.json().goal.status).toBe('achieved');
    await db().delete(goals);
    await db().delete(notifications).where(eq(notifications.userId, ownerId));
  });

  it('notify each milestone once, and the achievement, in the Goals and Achievements tabs', async () => {
    const id = (await create(goal({ measure: { kind: 'manual', currentAmount: '1000' } }))).json()
      .goal.id as string;
    const mine = async () =>
      (await db().select().from(notifications).where(eq(notifications.userId, ownerId))).map(
        (row) => row.title,
      );
    expect(await mine()).toEqual([]);
    // 1,000 to 6,000 of 10,000: 50% crossed (25% with it): one notification, for 50%.
    await owner.patch(`/api/v1/goals/${id}`, {
      measure: { kind: 'manual', currentAmount: '6000' },
    });
    // A new measure starts the milestones again: only the reached one notifies.
    expect(await mine()).toEqual(['Goal milestone: 50% of Emergency fund']);
    // Read again: nothing new.
    await owner.get(`/api/v1/goals/${id}`);
    await owner.get(`/api/v1/portfolios/${portfolioId}/goals`);
    expect(await mine()).toHaveLength(1);
    await db().update(goals).set({ currentAmount: '10000' }).where(eq(goals.id, id));
    const done = (await owner.get(`/api/v1/goals/${id}`)).json().goal;
    expect(done.status).toBe('achieved');
    expect((await mine()).sort()).toEqual([
      'Goal achievement: Emergency fund reached',
      'Goal milestone: 100% of Emergency fund',
      'Goal milestone: 50% of Emergency fund',
    ]);
    const tabs = (await owner.get('/api/v1/notifications?limit=0')).json();
    expect(tabs.counts).toMatchObject({ goals: 2, achievements: 1 });
    await owner.get(`/api/v1/goals/${id}`);
    expect(await mine()).toHaveLength(3);
    await db().delete(goals);
  });

  it('tell whoever sees the portfolio that they changed, live, so other tabs refetch them', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(`${address.replace('http', 'ws')}/api/v1/realtime`, {
      origin: TEST_ORIGIN,
      cookie: reader.cookieHeader(),
    });
    const changed = () =>
      socket.next((m) => m.type === 'event' && m.topic === `portfolio:${portfolioId}`);
    try {
      socket.send({ type: 'subscribe', topic: `portfolio:${portfolioId}` });
      await socket.next((m) => m.type === 'subscribed');
      const event = { payload: { type: 'portfolio-changed', portfolioId, entity: 'planning' } };
      const created = await create(goal({ title: 'Live' }));
      expect(created.statusCode, created.body).toBe(201);
      expect(await changed()).toMatchObject(event);
      const id = created.json().goal.id as string;
      expect((await owner.patch(`/api/v1/goals/${id}`, { priority: 'high' })).statusCode).toBe(200);
      expect(await changed()).toMatchObject(event);
      expect((await owner.delete(`/api/v1/goals/${id}`)).statusCode).toBe(204);
      expect(await changed()).toMatchObject(event);
    } finally {
      socket.close();
    }
  });

  it('live in their view: a simulation’s are its own', async () => {
    const simulation = (
      await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, { name: 'Goals test' })
    ).json().simulation.id as string;
    const made = await owner.post(
      `/api/v1/portfolios/${portfolioId}/goals?sim=${simulation}`,
      goal({ measure: { kind: 'portfolio' } }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().goal.simulationId).toBe(simulation);
    expect((await owner.get(`/api/v1/portfolios/${portfolioId}/goals`)).json().goals).toEqual([]);
    expect(
      (await owner.get(`/api/v1/portfolios/${portfolioId}/goals?sim=${simulation}`)).json().goals,
    ).toHaveLength(1);
    await owner.delete(`/api/v1/simulations/${simulation}`);
    expect(await db().select().from(goals)).toEqual([]);
  });
});
