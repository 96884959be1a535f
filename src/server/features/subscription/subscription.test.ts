import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema';
import { Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: Agent;
let member: Agent;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: admin } = await registerUser(t.app, 'plans-admin@example.com')); // first: admin
  ({ agent: member, userId: memberId } = await registerUser(t.app, 'plans-member@example.com'));
});
afterAll(() => t.close());

const setPlan = (agent: Agent, userId: string, body: Record<string, unknown>) =>
  agent.patch(`/api/v1/admin/users/${userId}/subscription`, body);

const stock = (n: number) => ({
  class: 'market',
  symbol: `S${n}`,
  name: `Stock ${n}`,
  quantity: '1',
  purchasePrice: '10',
  currentPrice: '10',
  purchaseDate: '2024-01-10',
});

describe('GET /subscription', () => {
  it('answers a new account free and active, with its limits and what it uses', async () => {
    const res = await member.get('/api/v1/subscription');
    expect(res.statusCode, res.body).toBe(200);
    const { subscription } = res.json();
    expect(subscription).toMatchObject({
      tier: 'free',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      managedBy: 'admin',
      limits: { portfolioAssets: 10, goals: 3 },
      features: [],
      usage: { goals: 0 },
    });
    // The default portfolio, empty.
    expect(subscription.usage.portfolios).toEqual([
      expect.objectContaining({ name: 'My Portfolio', assets: 0 }),
    ]);
  });

  it('counts the goals of every portfolio the user owns', async () => {
    const { agent } = await registerUser(t.app, 'plans-goals@example.com');
    const [main] = (await agent.get('/api/v1/portfolios')).json().portfolios;
    const side = (await agent.post('/api/v1/portfolios', { name: 'Side' })).json().portfolio;
    const goal = {
      title: 'Roof',
      category: 'home',
      targetAmount: '5000',
      currency: 'EUR',
      targetDate: '2030-01-01',
      measure: { kind: 'manual', currentAmount: '0' },
    };
    for (const id of [main.id, side.id]) {
      const res = await agent.post(`/api/v1/portfolios/${id}/goals`, goal);
      expect(res.statusCode, res.body).toBe(201);
    }
    const usage = (await agent.get('/api/v1/subscription')).json().subscription.usage;
    expect(usage.goals).toBe(2);
  });

  it('answers 401 signed out', async () => {
    expect((await new Agent(t.app).get('/api/v1/subscription')).statusCode).toBe(401);
  });
});

describe('PATCH /admin/users/{id}/subscription', () => {
  it('lets an admin set any plan, audited; the user sees it at once', async () => {
    const res = await setPlan(admin, memberId, { tier: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ tier: 'pro', status: 'active' });
    const mine = (await member.get('/api/v1/subscription')).json().subscription;
    expect(mine).toMatchObject({
      tier: 'pro',
      limits: { portfolioAssets: null, goals: null },
      features: expect.arrayContaining(['api_access', 'data_export']),
    });
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'user.subscription'), eq(adminAuditLog.targetId, memberId)),
      );
    expect(entry?.after).toEqual({ tier: 'pro', status: 'active' });
    // The admin's user list shows it.
    const listed = (await admin.get('/api/v1/admin/users?search=plans-member')).json().users;
    expect(listed).toEqual([expect.objectContaining({ id: memberId, tier: 'pro' })]);
  });

  it('refuses a non-admin, an unknown user and an unknown plan, changing nothing', async () => {
    const self = await setPlan(member, memberId, { tier: 'pro' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('UNAUTHORIZED');
    const missing = await setPlan(admin, '00000000-0000-4000-8000-000000000000', { tier: 'pro' });
    expect(missing.statusCode).toBe(404);
    for (const body of [
      { tier: 'enterprise' },
      { tier: 'pro', status: 'paused' },
      {},
      { tier: 'pro', extra: 1 },
    ]) {
      const bad = await setPlan(admin, memberId, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('deletes nothing on a downgrade: what exists stays, only adding is refused', async () => {
    const portfolio = (await member.post('/api/v1/portfolios', { name: 'Many' })).json().portfolio;
    await setPlan(admin, memberId, { tier: 'pro' });
    for (let n = 0; n < 11; n += 1) {
      const added = await member.post(`/api/v1/portfolios/${portfolio.id}/holdings`, stock(n));
      expect(added.statusCode, added.body).toBe(201);
    }
    expect((await setPlan(admin, memberId, { tier: 'free' })).statusCode).toBe(200);
    const list = await member.get(`/api/v1/portfolios/${portfolio.id}/holdings`);
    expect(list.json().holdings).toHaveLength(11);
    const refused = await member.post(`/api/v1/portfolios/${portfolio.id}/holdings`, stock(11));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TIER_ASSET_LIMIT');
    const usage = (await member.get('/api/v1/subscription')).json().subscription.usage;
    expect(usage.portfolios).toContainEqual(
      expect.objectContaining({ portfolioId: portfolio.id, assets: 11 }),
    );
  });
});

describe('a plan that is not active or trialing', () => {
  it('allows what free allows, until it is active again', async () => {
    const { agent, userId } = await registerUser(t.app, 'plans-lapsed@example.com');
    const portfolio = (await agent.post('/api/v1/portfolios', { name: 'Lapsed' })).json().portfolio;
    const add = (n: number) => agent.post(`/api/v1/portfolios/${portfolio.id}/holdings`, stock(n));
    expect((await setPlan(admin, userId, { tier: 'pro', status: 'past_due' })).statusCode).toBe(
      200,
    );
    expect((await agent.get('/api/v1/subscription')).json().subscription).toMatchObject({
      tier: 'pro',
      status: 'past_due',
      limits: { portfolioAssets: 10, goals: 3 },
      features: [],
    });
    for (let n = 0; n < 10; n += 1) expect((await add(n)).statusCode).toBe(201);
    const refused = await add(10);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'TIER_ASSET_LIMIT',
      details: { limit: 10 },
    });

    await setPlan(admin, userId, { tier: 'pro', status: 'active' });
    expect((await add(10)).statusCode).toBe(201);
  });
});

describe('DEFAULT_PLAN', () => {
  it('sets the plan of new accounts', async () => {
    const household = await createTestApp({ testDb: t.testDb, env: { DEFAULT_PLAN: 'pro' } });
    try {
      const { agent } = await registerUser(household.app, 'household@example.com');
      expect((await agent.get('/api/v1/subscription')).json().subscription.tier).toBe('pro');
    } finally {
      await household.close();
    }
  });
});
