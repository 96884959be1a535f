import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, holdingValuations } from '../../db/schema';
import { FakeClock } from '../../platform/clock';
import { Agent, registerUser } from '../../testing/agent';
import { insertPortfolio, insertShare, insertSimulation } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** The value history of holdings without a market (issue 13). */

let t: TestApp;
const clock = new FakeClock(new Date('2026-11-22T09:00:00.000Z'));
const TODAY = '2026-11-22';
let owner: Agent;
let reader: Agent;
let editor: Agent;
let stranger: Agent;
let ownerId: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'valuer@example.com'));
  ({ agent: reader } = await registerUser(t.app, 'reader@example.com'));
  ({ agent: editor } = await registerUser(t.app, 'editor@example.com'));
  ({ agent: stranger } = await registerUser(t.app, 'stranger@example.com'));
});
afterAll(() => t.close());

const flat = {
  class: 'real_estate',
  propertyName: 'Flat in Lyon',
  propertyType: 'apartment',
  address: '1 rue de la République',
  purchasePrice: '250000',
  currentValue: '270000',
  purchaseDate: '2020-03-15',
};

/** A shared portfolio (reader: read, editor: edit, all simulations) with a flat. */
async function fixture() {
  const portfolio = await insertPortfolio(db(), ownerId, { name: 'Homes' });
  for (const [email, level] of [
    ['reader@example.com', 'read'],
    ['editor@example.com', 'edit'],
  ] as const) {
    await insertShare(db(), {
      portfolioId: portfolio.id,
      ownerUserId: ownerId,
      email,
      permissionLevel: level,
      mode: 'all',
    });
  }
  const res = await owner.post(`/api/v1/portfolios/${portfolio.id}/holdings`, flat);
  expect(res.statusCode, res.body).toBe(201);
  return { portfolioId: portfolio.id, holdingId: res.json().holding.id as string };
}

const url = (holdingId: string, sim?: string) =>
  `/api/v1/holdings/${holdingId}/valuations${sim ? `?sim=${sim}` : ''}`;

describe('a holding’s value history', () => {
  it('starts with the purchase value at the purchase date and today’s value', async () => {
    const { holdingId } = await fixture();
    const res = await owner.get(url(holdingId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      currency: 'EUR',
      valuations: [
        { id: expect.any(String), date: TODAY, value: '270000.00' },
        { id: expect.any(String), date: '2020-03-15', value: '250000.00' },
      ],
    });
  });

  it('dates the current value given when the holding is added, on or after the purchase', async () => {
    const portfolio = await insertPortfolio(db(), ownerId, { name: 'Dated' });
    const add = (body: Record<string, unknown>) =>
      owner.post(`/api/v1/portfolios/${portfolio.id}/holdings`, body);
    const res = await add({ ...flat, currentValueDate: '2025-06-30' });
    expect(res.statusCode, res.body).toBe(201);
    const list = (await owner.get(url(res.json().holding.id))).json().valuations;
    expect(list).toEqual([
      { id: expect.any(String), date: '2025-06-30', value: '270000.00' },
      { id: expect.any(String), date: '2020-03-15', value: '250000.00' },
    ]);
    // A stake's valuation and an asset's current price are dated the same way.
    const stake = await add({
      class: 'crowdfunding',
      platform: 'Enerfip',
      projectName: 'Solar farm',
      amountInvested: '1000',
      valuation: '1100',
      investmentDate: '2024-02-01',
      currentValueDate: '2025-01-31',
    });
    expect(stake.statusCode, stake.body).toBe(201);
    expect(
      (await owner.get(url(stake.json().holding.id)))
        .json()
        .valuations.map((point: { date: string }) => point.date),
    ).toEqual(['2025-01-31', '2024-02-01']);

    // Dated on the purchase day itself: that day's value is the one typed (the cost stays 1,000).
    const sameDay = await add({
      class: 'crowdfunding',
      platform: 'Enerfip',
      projectName: 'Wind farm',
      amountInvested: '1000',
      valuation: '1050',
      investmentDate: '2024-02-01',
      currentValueDate: '2024-02-01',
    });
    expect(sameDay.statusCode, sameDay.body).toBe(201);
    expect((await owner.get(url(sameDay.json().holding.id))).json().valuations).toEqual([
      { id: expect.any(String), date: '2024-02-01', value: '1050.00' },
    ]);

    for (const [currentValueDate, message] of [
      ['2019-12-31', 'The value’s date cannot be before the purchase date'],
      ['2999-01-01', 'Date cannot be in the future'],
      ['30/06/2025', 'Invalid date format'],
    ]) {
      const refused = await add({ ...flat, propertyName: 'Refused', currentValueDate });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `currentValueDate: ${message}`,
      });
    }
    const names = (await owner.get(`/api/v1/portfolios/${portfolio.id}/holdings`))
      .json()
      .holdings.map((holding: { name: string }) => holding.name);
    expect(names).not.toContain('Refused');
  });

  it('adds a point (one per day, replaced), newest first; the newest is the current value', async () => {
    const { holdingId } = await fixture();
    const first = await owner.post(url(holdingId), { date: '2024-06-30', value: '265000.5' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().valuation).toMatchObject({ date: '2024-06-30', value: '265000.50' });
    const again = await owner.post(url(holdingId), { date: '2024-06-30', value: 260000 });
    expect(again.statusCode, again.body).toBe(201);
    const list = (await owner.get(url(holdingId))).json().valuations;
    expect(list.map((v: { date: string }) => v.date)).toEqual([TODAY, '2024-06-30', '2020-03-15']);
    expect(list[1].value).toBe('260000.00');
    // A point for today moves the current value.
    await owner.post(url(holdingId), { date: TODAY, value: '280000' });
    const holding = (await owner.get(`/api/v1/holdings/${holdingId}`)).json().holding;
    expect(holding.marketValue).toBe('280000.00');
  });

  it('deletes a point; the newest remaining one is the current value again', async () => {
    const { holdingId } = await fixture();
    const today = (await owner.get(url(holdingId))).json().valuations[0];
    const res = await owner.delete(`/api/v1/holdings/${holdingId}/valuations/${today.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const holding = (await owner.get(`/api/v1/holdings/${holdingId}`)).json().holding;
    expect(holding.marketValue).toBe('250000.00');
    const missing = await owner.delete(`/api/v1/holdings/${holdingId}/valuations/${today.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('VALUATION_NOT_FOUND');
  });

  it('records today’s point when the current value is edited, in the same transaction', async () => {
    const { holdingId } = await fixture();
    const res = await owner.patch(`/api/v1/holdings/${holdingId}`, { currentPrice: '275000' });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await owner.get(url(holdingId))).json().valuations;
    expect(list[0]).toMatchObject({ date: TODAY, value: '275000.00' });
    expect(list).toHaveLength(2);
    // A refused change writes no point either (one transaction).
    const refused = await owner.patch(`/api/v1/holdings/${holdingId}`, {
      currentPrice: '276000',
      quantity: '2',
    });
    expect(refused.statusCode).toBe(400);
    expect((await owner.get(url(holdingId))).json().valuations[0].value).toBe('275000.00');
  });

  it('is refused for market, crypto and savings holdings with a clear code', async () => {
    const { portfolioId } = await fixture();
    const res = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
      class: 'market',
      symbol: 'AAPL',
      name: 'Apple Inc.',
      quantity: '10',
      purchasePrice: '150',
      currentPrice: '180',
      purchaseDate: '2024-01-10',
    });
    const id = res.json().holding.id;
    for (const call of [
      owner.get(url(id)),
      owner.post(url(id), { date: '2024-06-30', value: '1' }),
    ]) {
      const answer = await call;
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('VALUATIONS_NOT_SUPPORTED');
    }
    const rows = await db()
      .select()
      .from(holdingValuations)
      .where(eq(holdingValuations.holdingId, id));
    expect(rows).toHaveLength(0);
  });

  it('answers 4xx, never 500, to bad input', async () => {
    const { holdingId } = await fixture();
    const bad: unknown[] = [
      {},
      { date: '2024-01-01' },
      { value: '1' },
      { date: '2999-01-01', value: '1' },
      { date: '1899-12-31', value: '1' },
      { date: '2024-02-30', value: '1' },
      { date: 'yesterday', value: '1' },
      { date: '2024-01-01', value: '-1' },
      { date: '2024-01-01', value: 'abc' },
      { date: '2024-01-01', value: '1.234' },
      { date: '2024-01-01', value: '1e5' },
      { date: '2024-01-01', value: '99999999999999999999' },
      { date: '2024-01-01', value: null },
      { date: '2024-01-01', value: '' },
      { date: 20240101, value: '1' },
      'text',
    ];
    for (const body of bad) {
      const res = await owner.post(url(holdingId), body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const future = await owner.post(url(holdingId), { date: '2999-01-01', value: '1' });
    expect(future.json().error.code).toBe('VALIDATION_ERROR');
    const notUuid = await owner.delete(`/api/v1/holdings/${holdingId}/valuations/not-a-uuid`);
    expect(notUuid.statusCode).toBe(400);
    const zero = await owner.post(url(holdingId), { date: '2024-01-01', value: '0' });
    expect(zero.statusCode, zero.body).toBe(201);
  });
});

describe('who may see and change it', () => {
  it('lets a read invitee list but not write (403), an edit invitee write, a stranger nothing (404)', async () => {
    const { holdingId } = await fixture();
    expect((await reader.get(url(holdingId))).statusCode).toBe(200);
    const write = await reader.post(url(holdingId), { date: '2024-01-01', value: '1' });
    expect(write.statusCode).toBe(403);
    const point = (await owner.get(url(holdingId))).json().valuations[0];
    const remove = await reader.delete(`/api/v1/holdings/${holdingId}/valuations/${point.id}`);
    expect(remove.statusCode).toBe(403);
    const byEditor = await editor.post(url(holdingId), { date: '2024-01-01', value: '1' });
    expect(byEditor.statusCode, byEditor.body).toBe(201);
    for (const call of [
      stranger.get(url(holdingId)),
      stranger.post(url(holdingId), { date: '2024-01-01', value: '1' }),
      stranger.delete(`/api/v1/holdings/${holdingId}/valuations/${point.id}`),
    ]) {
      const res = await call;
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('HOLDING_NOT_FOUND');
    }
    const anonymous = await new Agent(t.app).get(url(holdingId));
    expect(anonymous.statusCode).toBe(401);
    // Nothing the refused calls sent was written.
    const rows = await db()
      .select()
      .from(holdingValuations)
      .where(eq(holdingValuations.holdingId, holdingId));
    expect(rows).toHaveLength(3);
  });
});

describe('simulations', () => {
  it('copies the value history, and a point added in a simulation stays there', async () => {
    const { portfolioId, holdingId } = await fixture();
    const created = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
      name: 'What if',
      copyHoldings: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const sim = created.json().simulation.id as string;
    const [copy] = await db().select().from(holdings).where(eq(holdings.simulationId, sim));
    expect(copy).toBeDefined();
    const copied = await owner.get(url(copy!.id, sim));
    expect(copied.json().valuations).toHaveLength(2);
    const added = await owner.post(url(copy!.id, sim), { date: '2025-01-01', value: '300000' });
    expect(added.statusCode, added.body).toBe(201);
    expect((await owner.get(url(copy!.id, sim))).json().valuations).toHaveLength(3);
    expect((await owner.get(url(holdingId))).json().valuations).toHaveLength(2);
    // The holding of another view is not found by id: the view decides.
    expect((await owner.get(url(copy!.id))).statusCode).toBe(404);
    expect(
      (await owner.post(url(holdingId, sim), { date: '2025-01-01', value: '1' })).statusCode,
    ).toBe(404);
    // Deleting the simulation takes its points with it.
    await owner.delete(`/api/v1/simulations/${sim}`);
    const left = await db()
      .select()
      .from(holdingValuations)
      .where(eq(holdingValuations.simulationId, sim));
    expect(left).toHaveLength(0);
  });

  it('adds points to a holding created inside a simulation only there', async () => {
    const portfolio = await insertPortfolio(db(), ownerId, { name: 'Sandbox' });
    const simulation = await insertSimulation(db(), portfolio.id, ownerId);
    const res = await owner.post(
      `/api/v1/portfolios/${portfolio.id}/holdings?sim=${simulation.id}`,
      {
        ...flat,
        purchasePrice: '50000',
        currentValue: '52000',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const rows = await db()
      .select()
      .from(holdingValuations)
      .where(eq(holdingValuations.holdingId, res.json().holding.id));
    expect(rows.every((row) => row.simulationId === simulation.id)).toBe(true);
    expect(rows).toHaveLength(2);
  });
});
