import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, registerUser } from './testing/agent';
import { insertShare } from './testing/portfolios';
import { createTestApp, TEST_ORIGIN, type TestApp } from './testing/test-app';
import { TestSocket } from './testing/ws-client';
import { createTestDatabase, type TestDatabase } from './testing/test-db';

/**
 * The everyday reads kept in memory (platform/read-cache.ts) through the API, as production runs
 * them: two API processes on one database, neither waiting for announcements before it answers
 * from memory (tests' apps otherwise do, for fixtures written straight to the database). A
 * process sees its own writes at once; another process's once the database delivered them.
 */

let shared: TestDatabase;
let a: TestApp;
let b: TestApp;
let seq = 0;

beforeAll(async () => {
  shared = await createTestDatabase();
  const options = { testDb: shared, strictReadCache: false, env: { DEFAULT_PLAN: 'classic' } };
  a = await createTestApp(options);
  b = await createTestApp(options);
});

afterAll(async () => {
  await a.close();
  await b.close();
  await shared.destroy();
});

const holding = (name: string) => ({
  class: 'market',
  symbol: name.toUpperCase().slice(0, 4),
  name,
  quantity: '2',
  purchasePrice: '100',
  currentPrice: '100',
  purchaseDate: '2024-01-10',
  currency: 'EUR',
});

async function newUser() {
  seq += 1;
  const email = `reads-${seq}@example.com`;
  const { agent, userId } = await registerUser(a.app, email);
  const portfolios = (await agent.get('/api/v1/portfolios')).json().portfolios as { id: string }[];
  return { agent, userId, email, portfolioId: portfolios[0]!.id };
}

/** A share written straight to the database, heard by both processes before the test goes on. */
async function share(
  owner: { userId: string; portfolioId: string },
  email: string,
  level: 'read' | 'edit',
) {
  const inserted = await insertShare(a.database.db, {
    portfolioId: owner.portfolioId,
    ownerUserId: owner.userId,
    email,
    permissionLevel: level,
  });
  await a.app.ctx.reads.barrier();
  await b.app.ctx.reads.barrier();
  return inserted.share;
}

/** The same browser on the other process. */
function on(app: TestApp, agent: Agent) {
  const other = new Agent(app.app);
  for (const [name, value] of agent.cookies) other.cookies.set(name, value);
  return other;
}

async function names(agent: Agent, portfolioId: string) {
  const res = await agent.get(`/api/v1/portfolios/${portfolioId}/holdings`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().holdings as { name: string }[]).map((h) => h.name);
}

describe('reads kept in memory', () => {
  it('show a process its own writes at once, on every page kept', async () => {
    const owner = await newUser();
    const id = owner.portfolioId;
    const read = async () => ({
      holdings: await names(owner.agent, id),
      transactions: (await owner.agent.get(`/api/v1/portfolios/${id}/transactions`)).json()
        .transactions.length as number,
      value: (await owner.agent.get(`/api/v1/portfolios/${id}/performance`)).json().value as string,
      netWorth: (await owner.agent.get('/api/v1/dashboard')).json().netWorth.value as string,
      portfolios: (
        (await owner.agent.get('/api/v1/portfolios')).json().portfolios as { name: string }[]
      ).map((p) => p.name),
    });
    // Each read twice: the second comes from memory.
    await read();
    expect(await read()).toEqual({
      holdings: [],
      transactions: 0,
      value: '0.00',
      netWorth: '0.00',
      portfolios: [expect.any(String)],
    });
    for (let i = 1; i <= 3; i += 1) {
      const added = await owner.agent.post(
        `/api/v1/portfolios/${id}/holdings`,
        holding(`Kept ${i}`),
      );
      expect(added.statusCode, added.body).toBe(201);
      const renamed = await owner.agent.patch(`/api/v1/portfolios/${id}`, { name: `Mine ${i}` });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const now = await read();
      expect(now.holdings).toHaveLength(i);
      expect(now.transactions).toBe(i);
      expect(now.value).toBe(`${200 * i}.00`);
      expect(now.netWorth).toBe(`${200 * i}.00`);
      expect(now.portfolios).toEqual([`Mine ${i}`]);
      expect(await read()).toEqual(now);
    }
  });

  it('show an import at once, after reads kept while its file was previewed', async () => {
    const owner = await newUser();
    const id = owner.portfolioId;
    const count = async () => {
      const res = await owner.agent.get(`/api/v1/portfolios/${id}/transactions?pageSize=200`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().transactions.length as number;
    };
    const importFile = async (kind: string, lines: string[], commit: boolean) => {
      const res = await owner.agent.post(`/api/v1/portfolios/${id}/import`, {
        kind,
        csv: `${lines.join('\n')}\n`,
        commit,
      });
      expect(res.statusCode, res.body).toBe(commit ? 201 : 200);
    };
    await importFile(
      'holdings',
      [
        'class,name,symbol,quantity,purchasePrice,currentPrice,purchaseDate',
        'market,Apple Inc.,AAPL,10,150,180,2024-01-10',
        'market,Microsoft,MSFT,5,300,400,2024-02-01',
      ],
      true,
    );
    const file = [
      'assetSymbol,transactionType,quantity,price,fees,tradeDate',
      'AAPL,buy,5,160,1,2024-03-01',
      'MSFT,sell,4,420,2,2024-04-01',
    ];
    await importFile('transactions', file, false);
    expect(await count()).toBe(2);
    expect(await count()).toBe(2);
    await importFile('transactions', file, false);
    await importFile('transactions', file, true);
    expect(await count()).toBe(4);
  });

  it('show a reader what another user wrote, on this process at once and on the other soon', async () => {
    const owner = await newUser();
    const invitee = await newUser();
    await share(owner, invitee.email, 'edit');
    const ownerOnB = on(b, owner.agent);
    expect(await names(owner.agent, owner.portfolioId)).toEqual([]);
    expect(await names(ownerOnB, owner.portfolioId)).toEqual([]);
    const added = await invitee.agent.post(
      `/api/v1/portfolios/${owner.portfolioId}/holdings`,
      holding('Shared add'),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(await names(owner.agent, owner.portfolioId)).toEqual(['Shared add']);
    await expect
      .poll(() => names(ownerOnB, owner.portfolioId), { timeout: 5_000 })
      .toEqual(['Shared add']);
  });

  it('are fresh when a client refetches on the event that told it of a change', async () => {
    const owner = await newUser();
    const invitee = await newUser();
    await share(owner, invitee.email, 'edit');
    const ownerOnB = on(b, owner.agent);
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    for (let round = 1; round <= 5; round += 1) {
      expect(await names(ownerOnB, owner.portfolioId)).toHaveLength(round - 1);
      const socket = await TestSocket.open(`${address.replace('http', 'ws')}/api/v1/realtime`, {
        origin: TEST_ORIGIN,
        cookie: ownerOnB.cookieHeader(),
      });
      try {
        socket.send({ type: 'subscribe', topic: `portfolio:${owner.portfolioId}` });
        await socket.next((m) => m.type === 'subscribed');
        const added = await invitee.agent.post(
          `/api/v1/portfolios/${owner.portfolioId}/holdings`,
          holding(`Told ${round}`),
        );
        expect(added.statusCode, added.body).toBe(201);
        await socket.next((m) => m.type === 'event');
        // The refetch a client makes on the event, on the process that sent it.
        expect(await names(ownerOnB, owner.portfolioId)).toContain(`Told ${round}`);
      } finally {
        socket.close();
      }
    }
  });

  it('refuse a revoked invitee from the next request, whatever was kept', async () => {
    const owner = await newUser();
    const invitee = await newUser();
    const granted = await share(owner, invitee.email, 'read');
    const paths = [
      `/api/v1/portfolios/${owner.portfolioId}/holdings`,
      `/api/v1/portfolios/${owner.portfolioId}/transactions`,
      `/api/v1/portfolios/${owner.portfolioId}/performance`,
    ];
    for (const path of paths) {
      expect((await invitee.agent.get(path)).statusCode).toBe(200);
      expect((await invitee.agent.get(path)).statusCode).toBe(200);
    }
    const list = async () =>
      ((await invitee.agent.get('/api/v1/portfolios')).json().portfolios as { id: string }[]).map(
        (p) => p.id,
      );
    expect(await list()).toContain(owner.portfolioId);
    expect((await owner.agent.delete(`/api/v1/shares/${granted.id}`)).statusCode).toBe(204);
    for (const path of paths) {
      const refused = await invitee.agent.get(path);
      expect(refused.statusCode, path).toBe(404);
      expect(refused.json().error.code).toBe('PORTFOLIO_NOT_FOUND');
    }
    expect(await list()).not.toContain(owner.portfolioId);
  });

  it("follow the owner's name into an invitee's list", async () => {
    const owner = await newUser();
    const invitee = await newUser();
    await share(owner, invitee.email, 'read');
    const ownerName = async () =>
      (
        (await invitee.agent.get('/api/v1/portfolios')).json().portfolios as {
          id: string;
          owner: { displayName: string } | null;
        }[]
      ).find((p) => p.id === owner.portfolioId)?.owner?.displayName;
    const before = await ownerName();
    expect(before).toEqual(expect.any(String));
    expect(await ownerName()).toBe(before);
    const renamed = await owner.agent.patch('/api/v1/profile', { fullName: 'Renamed Owner' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await ownerName()).toBe('Renamed Owner');
  });

  it('end a session signed out on one process on the other too', async () => {
    const user = await newUser();
    const onB = on(b, user.agent);
    expect((await onB.get('/api/v1/portfolios')).statusCode).toBe(200);
    expect((await onB.get('/api/v1/portfolios')).statusCode).toBe(200);
    expect((await user.agent.post('/api/v1/auth/logout')).statusCode).toBe(200);
    await expect
      .poll(async () => (await onB.get('/api/v1/portfolios')).statusCode, { timeout: 5_000 })
      .toBe(401);
  });
});
