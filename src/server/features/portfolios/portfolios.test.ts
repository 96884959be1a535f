import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PORTFOLIO } from '@/contracts/portfolios';
import { goals, portfolios, projectionScenarios } from '../../db/schema';
import { Agent, registerUser, uniqueIp } from '../../testing/agent';
import { insertLedgerRows } from '../../testing/holdings';
import {
  insertPortfolio,
  insertShare,
  insertSimulation,
  rowsInPortfolio,
  tablesWithPortfolioId,
} from '../../testing/portfolios';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { TestSocket } from '../../testing/ws-client';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  // A test-only table holding portfolio content, as the next issue's holdings will.
  await db().execute(
    sql`create table test_portfolio_items (
      id uuid primary key default gen_random_uuid(),
      portfolio_id uuid not null references portfolios(id) on delete cascade,
      simulation_id uuid references portfolio_simulations(id) on delete cascade,
      label text not null)`,
  );
});
afterAll(() => t.close());

let counter = 0;
async function newUser(fullName?: string) {
  counter += 1;
  const email = `user${counter}@example.com`;
  const { agent, userId } = await registerUser(t.app, email, fullName ? { fullName } : {});
  return { agent, userId, email };
}

async function owned(userId: string) {
  return db().select().from(portfolios).where(eq(portfolios.userId, userId));
}
const defaults = async (userId: string) => (await owned(userId)).filter((p) => p.isDefault);

async function create(agent: Agent, body: Record<string, unknown>) {
  const res = await agent.post('/api/v1/portfolios', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().portfolio as { id: string; isDefault: boolean; name: string };
}

describe('the default portfolio', () => {
  it('is created at registration, in the same transaction as the account', async () => {
    const { agent, userId } = await newUser();
    const rows = await owned(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...DEFAULT_PORTFOLIO, isDefault: true });
    const list = await agent.get('/api/v1/portfolios');
    expect(list.json().portfolios).toEqual([
      expect.objectContaining({
        name: 'My Portfolio',
        description: 'Default portfolio',
        isDefault: true,
        isOwner: true,
        permissionLevel: 'owner',
        owner: null,
        simulations: [],
      }),
    ]);
  });

  it('is named in the language the account was registered in', async () => {
    const browser = new Agent(t.app, { ip: uniqueIp(), language: 'fr-FR,fr;q=0.9' });
    const { userId } = await registerUser(t.app, 'francophone@example.com', { agent: browser });
    expect(await owned(userId)).toEqual([
      expect.objectContaining({
        name: 'Mon portefeuille',
        description: 'Portefeuille par défaut',
        isDefault: true,
      }),
    ]);
  });

  it('is created at the first list for a user who owns none, once, even for parallel lists', async () => {
    const { agent, userId } = await newUser();
    await db().delete(portfolios).where(eq(portfolios.userId, userId));
    const answers = await Promise.all([
      agent.get('/api/v1/portfolios'),
      agent.get('/api/v1/portfolios'),
      agent.get('/api/v1/portfolios'),
    ]);
    for (const res of answers) expect(res.json().portfolios).toHaveLength(1);
    expect(await owned(userId)).toHaveLength(1);
    expect(await defaults(userId)).toHaveLength(1);
  });

  it('moves to a portfolio created or updated as default, clearing the others', async () => {
    const { agent, userId } = await newUser();
    const second = await create(agent, { name: 'Second', isDefault: true });
    expect(second.isDefault).toBe(true);
    expect((await defaults(userId)).map((p) => p.id)).toEqual([second.id]);
    const third = await create(agent, { name: 'Third' });
    expect(third.isDefault).toBe(false);
    const patched = await agent.patch(`/api/v1/portfolios/${third.id}`, { isDefault: true });
    expect(patched.json().portfolio.isDefault).toBe(true);
    expect((await defaults(userId)).map((p) => p.id)).toEqual([third.id]);
    // false is not a way to have no default
    await agent.patch(`/api/v1/portfolios/${third.id}`, { isDefault: false });
    expect((await defaults(userId)).map((p) => p.id)).toEqual([third.id]);
  });

  it('lists the default first, then the newest owned, then shared ones', async () => {
    const { agent, userId, email } = await newUser();
    const other = await newUser('Olivia Other');
    const day = 86_400_000;
    await db().delete(portfolios).where(eq(portfolios.userId, userId));
    const a = await insertPortfolio(db(), userId, {
      name: 'A',
      createdAt: new Date(Date.now() - 3 * day),
    });
    const b = await insertPortfolio(db(), userId, {
      name: 'B',
      isDefault: true,
      createdAt: new Date(Date.now() - 2 * day),
    });
    const c = await insertPortfolio(db(), userId, {
      name: 'C',
      createdAt: new Date(Date.now() - day),
    });
    const theirs = await insertPortfolio(db(), other.userId, { name: 'Theirs', isDefault: false });
    await insertShare(db(), {
      portfolioId: theirs.id,
      ownerUserId: other.userId,
      email,
      permissionLevel: 'read',
    });
    const res = await agent.get('/api/v1/portfolios');
    const list = res.json().portfolios as { id: string; isDefault: boolean; owner: unknown }[];
    expect(list.map((p) => p.id)).toEqual([b.id, c.id, a.id, theirs.id]);
    expect(list[3]).toMatchObject({
      isDefault: false,
      owner: { id: other.userId, displayName: 'Olivia Other' },
    });
  });

  it('goes to the oldest remaining portfolio when the default is deleted', async () => {
    const { agent, userId } = await newUser();
    const [first] = await owned(userId);
    const second = await create(agent, { name: 'Second' });
    await create(agent, { name: 'Third' });
    const fourth = await create(agent, { name: 'Fourth', isDefault: true });
    expect((await agent.delete(`/api/v1/portfolios/${fourth.id}`)).statusCode).toBe(204);
    expect((await defaults(userId)).map((p) => p.id)).toEqual([first?.id]);
    await agent.delete(`/api/v1/portfolios/${first?.id}`);
    expect((await defaults(userId)).map((p) => p.id)).toEqual([second.id]);
  });

  it('never counts a shared portfolio as the invitee’s default', async () => {
    const owner = await newUser();
    const invitee = await newUser();
    const [ownersDefault] = await owned(owner.userId);
    if (!ownersDefault) throw new Error('no default');
    await insertShare(db(), {
      portfolioId: ownersDefault.id,
      ownerUserId: owner.userId,
      email: invitee.email,
      permissionLevel: 'edit',
    });
    // The invitee owns none: they still get their own default.
    await db().delete(portfolios).where(eq(portfolios.userId, invitee.userId));
    const list = (await invitee.agent.get('/api/v1/portfolios')).json().portfolios as {
      id: string;
      isDefault: boolean;
      isOwner: boolean;
    }[];
    expect(list).toHaveLength(2);
    expect(list.filter((p) => p.isDefault)).toEqual([
      expect.objectContaining({ isOwner: true, name: 'My Portfolio' }),
    ]);
    expect(list.find((p) => p.id === ownersDefault.id)?.isDefault).toBe(false);
  });

  it('stays single when two "make default" requests race', async () => {
    const { agent, userId } = await newUser();
    const a = await create(agent, { name: 'A' });
    const b = await create(agent, { name: 'B' });
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([
        agent.patch(`/api/v1/portfolios/${a.id}`, { isDefault: true }),
        agent.patch(`/api/v1/portfolios/${b.id}`, { isDefault: true }),
        agent.post('/api/v1/portfolios', { name: `C${round}`, isDefault: true }),
      ]);
      for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await defaults(userId)).toHaveLength(1);
    }
  });

  it('is refused twice by the database itself (partial unique index)', async () => {
    const { userId } = await newUser();
    await expect(insertPortfolio(db(), userId, { isDefault: true })).rejects.toThrow();
  });

  it('keeps exactly one default and at least one portfolio through any sequence of changes', async () => {
    const { agent, userId } = await newUser();
    const command = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), isDefault: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('default' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const c of commands) {
          const mine = await owned(userId);
          const target = mine[('pick' in c ? c.pick : 0) % mine.length];
          if (c.kind === 'create') {
            await agent.post('/api/v1/portfolios', { name: 'Generated', isDefault: c.isDefault });
          } else if (c.kind === 'delete' && target) {
            const res = await agent.delete(`/api/v1/portfolios/${target.id}`);
            expect(res.statusCode).toBe(mine.length === 1 ? 409 : 204);
          } else if (target) {
            await agent.patch(`/api/v1/portfolios/${target.id}`, { isDefault: true });
          }
          const after = await owned(userId);
          expect(after.length).toBeGreaterThanOrEqual(1);
          expect(after.filter((p) => p.isDefault)).toHaveLength(1);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('portfolio changes', () => {
  it('validates names and descriptions with the spec’s messages', async () => {
    const { agent, userId } = await newUser();
    const before = await owned(userId);
    const empty = await agent.post('/api/v1/portfolios', { name: '   ' });
    expect(empty.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'name: Portfolio name is required',
    });
    const long = await agent.post('/api/v1/portfolios', { name: 'x'.repeat(101) });
    expect(long.json().error.message).toBe('name: Name must be less than 100 characters');
    const description = await agent.post('/api/v1/portfolios', {
      name: 'Ok',
      description: 'x'.repeat(501),
    });
    expect(description.json().error.message).toBe(
      'description: Description must be less than 500 characters',
    );
    expect(await owned(userId)).toEqual(before);
    const created = await create(agent, { name: '  Trimmed  ', description: '   ' });
    expect(created).toMatchObject({ name: 'Trimmed', description: null });
  });

  it('updates only the fields sent', async () => {
    const { agent } = await newUser();
    const created = await create(agent, { name: 'Named', description: 'Kept' });
    const res = await agent.patch(`/api/v1/portfolios/${created.id}`, { name: 'Renamed' });
    expect(res.json().portfolio).toMatchObject({ name: 'Renamed', description: 'Kept' });
    const cleared = await agent.patch(`/api/v1/portfolios/${created.id}`, { description: '' });
    expect(cleared.json().portfolio).toMatchObject({ name: 'Renamed', description: null });
  });

  it('refuses to delete the last portfolio', async () => {
    const { agent, userId } = await newUser();
    const [only] = await owned(userId);
    const res = await agent.delete(`/api/v1/portfolios/${only?.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'LAST_PORTFOLIO',
      message: 'Cannot delete the last portfolio',
    });
    expect(await owned(userId)).toHaveLength(1);
  });

  it('refuses to delete both of the last two at once: one stays', async () => {
    const { agent, userId } = await newUser();
    const [first] = await owned(userId);
    const second = await create(agent, { name: 'Second' });
    const answers = await Promise.all([
      agent.delete(`/api/v1/portfolios/${first?.id}`),
      agent.delete(`/api/v1/portfolios/${second.id}`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect(await owned(userId)).toHaveLength(1);
    expect(await defaults(userId)).toHaveLength(1);
  });
});

/** A saved projection scenario and a goal in a portfolio view (features/planning). */
async function insertScenario(portfolioId: string, userId: string, simulationId: string | null) {
  await db()
    .insert(projectionScenarios)
    .values({ portfolioId, simulationId, userId, name: 'Scenario', inputs: { years: 10 } });
  await db().insert(goals).values({
    portfolioId,
    simulationId,
    userId,
    title: 'Goal',
    category: 'other',
    targetAmount: '100',
    currency: 'EUR',
    targetDate: '2030-01-01',
    measureKind: 'portfolio',
  });
}

describe('deleting a portfolio', () => {
  it('counts what it would remove, including every table with a portfolio_id', async () => {
    const { agent, userId } = await newUser();
    const p = await create(agent, { name: 'Full' });
    await insertSimulation(db(), p.id, userId);
    await insertShare(db(), {
      portfolioId: p.id,
      ownerUserId: userId,
      email: 'somebody@example.com',
      permissionLevel: 'read',
      status: 'pending',
    });
    await db().execute(
      sql`insert into test_portfolio_items (portfolio_id, label) values (${p.id}, 'a'), (${p.id}, 'b')`,
    );
    await insertLedgerRows(db(), { portfolioId: p.id, userId });
    await insertScenario(p.id, userId, null);
    const res = await agent.get(`/api/v1/portfolios/${p.id}/contents`);
    expect(res.json()).toEqual({
      simulations: 1,
      shares: 1,
      items: {
        holding_valuations: 1,
        goals: 1,
        holdings: 1,
        projection_scenarios: 1,
        tax_calculations: 1,
        test_portfolio_items: 2,
        transaction_audit_trail: 1,
        transaction_lots: 1,
        transactions: 2,
      },
    });
  });

  it('leaves no row behind in any table with a portfolio_id', async () => {
    const { agent, userId } = await newUser();
    const invitee = await newUser();
    const p = await create(agent, { name: 'Doomed' });
    const simulation = await insertSimulation(db(), p.id, userId);
    await insertShare(db(), {
      portfolioId: p.id,
      ownerUserId: userId,
      email: invitee.email,
      permissionLevel: 'edit',
    });
    await db().execute(
      sql`insert into test_portfolio_items (portfolio_id, simulation_id, label) values (${p.id}, null, 'real'), (${p.id}, ${simulation.id}, 'sim')`,
    );
    await insertLedgerRows(db(), { portfolioId: p.id, userId });
    await insertLedgerRows(db(), { portfolioId: p.id, userId, simulationId: simulation.id });
    await insertScenario(p.id, userId, simulation.id);
    const tables = await tablesWithPortfolioId(db());
    expect(tables).toEqual(
      expect.arrayContaining(['account_shares', 'portfolio_simulations', 'test_portfolio_items']),
    );
    for (const table of tables) {
      if (table !== 'portfolios')
        expect(await rowsInPortfolio(db(), table, p.id), table).toBeGreaterThan(0);
    }
    expect((await agent.delete(`/api/v1/portfolios/${p.id}`)).statusCode).toBe(204);
    for (const table of tables) expect(await rowsInPortfolio(db(), table, p.id), table).toBe(0);
    expect((await invitee.agent.get(`/api/v1/portfolios/${p.id}`)).statusCode).toBe(404);
  });

  it('tells collaborators in real time', async () => {
    const { agent, userId } = await newUser();
    const invitee = await newUser();
    const p = await create(agent, { name: 'Shared then gone' });
    await insertShare(db(), {
      portfolioId: p.id,
      ownerUserId: userId,
      email: invitee.email,
      permissionLevel: 'read',
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(`${address.replace('http', 'ws')}/api/v1/realtime`, {
      origin: TEST_ORIGIN,
      cookie: invitee.agent.cookieHeader(),
    });
    try {
      socket.send({ type: 'subscribe', topic: `user:${invitee.userId}` });
      socket.send({ type: 'subscribe', topic: `portfolio:${p.id}` });
      await socket.next((m) => m.type === 'subscribed' && m.topic === `portfolio:${p.id}`);
      await agent.delete(`/api/v1/portfolios/${p.id}`);
      expect(
        await socket.next((m) => m.type === 'event' && m.topic === `user:${invitee.userId}`),
      ).toMatchObject({ payload: { type: 'portfolio-access', portfolioId: p.id } });
      expect(
        await socket.next((m) => m.type === 'event' && m.topic === `portfolio:${p.id}`),
      ).toMatchObject({ payload: { type: 'portfolio-changed', entity: 'portfolio' } });
      // Gone: the topic is refused now.
      socket.send({ type: 'unsubscribe', topic: `portfolio:${p.id}` });
      socket.send({ type: 'subscribe', topic: `portfolio:${p.id}` });
      expect(await socket.next((m) => m.type === 'error')).toMatchObject({
        code: 'FORBIDDEN',
        topic: `portfolio:${p.id}`,
      });
    } finally {
      socket.close();
    }
  });
});

describe('the portfolio realtime topic', () => {
  it('is open to viewers only, checked at subscription', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const [p] = await owned(owner.userId);
    const address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/v1/realtime`;
    const mine = await TestSocket.open(url, {
      origin: TEST_ORIGIN,
      cookie: owner.agent.cookieHeader(),
    });
    const theirs = await TestSocket.open(url, {
      origin: TEST_ORIGIN,
      cookie: stranger.agent.cookieHeader(),
    });
    try {
      mine.send({ type: 'subscribe', topic: `portfolio:${p?.id}` });
      expect(await mine.next((m) => m.type !== 'pong')).toMatchObject({ type: 'subscribed' });
      theirs.send({ type: 'subscribe', topic: `portfolio:${p?.id}` });
      theirs.send({ type: 'subscribe', topic: 'portfolio:not-a-uuid' });
      expect(await theirs.next((m) => m.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });
      expect(await theirs.next((m) => m.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });
      await owner.agent.patch(`/api/v1/portfolios/${p?.id}`, { name: 'Renamed live' });
      expect(await mine.next((m) => m.type === 'event')).toMatchObject({
        payload: { type: 'portfolio-changed', portfolioId: p?.id, entity: 'portfolio' },
      });
    } finally {
      mine.close();
      theirs.close();
    }
    expect(
      await db()
        .select()
        .from(portfolios)
        .where(and(eq(portfolios.userId, owner.userId), eq(portfolios.name, 'Renamed live'))),
    ).toHaveLength(1);
  });
});
