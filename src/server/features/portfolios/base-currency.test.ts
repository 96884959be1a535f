import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '@/contracts/validation-messages';
import { portfolios, userPreferences } from '../../db/schema';
import { ensureDefaultPortfolio } from '../auth';
import { registerUser } from '../../testing/agent';
import { insertPortfolio, insertShare } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A portfolio's base currency (issue 13): default, explicit, changed, refused. */

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function newUser() {
  counter += 1;
  const email = `currency${counter}@example.com`;
  return { email, ...(await registerUser(t.app, email)) };
}

describe('a portfolio’s base currency', () => {
  it('defaults to the owner’s preferred currency, and is answered everywhere', async () => {
    const { agent } = await newUser();
    const settings = await agent.patch('/api/v1/settings', { preferences: { currency: 'GBP' } });
    expect(settings.statusCode, settings.body).toBe(200);
    const created = await agent.post('/api/v1/portfolios', { name: 'Pounds' });
    expect(created.statusCode, created.body).toBe(201);
    const portfolio = created.json().portfolio;
    expect(portfolio.baseCurrency).toBe('GBP');
    const one = await agent.get(`/api/v1/portfolios/${portfolio.id}`);
    expect(one.json().portfolio.baseCurrency).toBe('GBP');
    const list = await agent.get('/api/v1/portfolios');
    for (const item of list.json().portfolios) expect(item.baseCurrency).toMatch(/^[A-Z]{3}$/);
  });

  it('is the one given when given', async () => {
    const { agent } = await newUser();
    const created = await agent.post('/api/v1/portfolios', {
      name: 'Dollars',
      baseCurrency: 'USD',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().portfolio.baseCurrency).toBe('USD');
  });

  it('of the default portfolio made at first sign-in is the owner’s preferred currency', async () => {
    const { userId } = await newUser();
    // An account from before portfolios existed, whose owner prefers Canadian dollars.
    await db().delete(portfolios).where(eq(portfolios.userId, userId));
    await db()
      .update(userPreferences)
      .set({ currency: 'CAD' })
      .where(eq(userPreferences.userId, userId));
    await db().transaction((tx) => ensureDefaultPortfolio(tx, userId, new Date()));
    const [row] = await db().select().from(portfolios).where(eq(portfolios.userId, userId));
    expect(row?.baseCurrency).toBe('CAD');
  });

  it('can be changed by the owner', async () => {
    const { agent } = await newUser();
    const created = await agent.post('/api/v1/portfolios', { name: 'Move', baseCurrency: 'EUR' });
    const id = created.json().portfolio.id;
    const changed = await agent.patch(`/api/v1/portfolios/${id}`, { baseCurrency: 'CAD' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().portfolio.baseCurrency).toBe('CAD');
    const [row] = await db().select().from(portfolios).where(eq(portfolios.id, id));
    expect(row?.baseCurrency).toBe('CAD');
  });

  it('refuses a currency Cairn does not keep, with the translated message (400)', async () => {
    const { agent } = await newUser();
    const created = await agent.post('/api/v1/portfolios', { name: 'Yen', baseCurrency: 'JPY' });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.code).toBe('VALIDATION_ERROR');
    expect(created.json().error.message).toContain(M.currencyInvalid);
    const ok = await agent.post('/api/v1/portfolios', { name: 'Euro' });
    const id = ok.json().portfolio.id;
    for (const bad of ['eur', '', 12, null]) {
      const res = await agent.patch(`/api/v1/portfolios/${id}`, { baseCurrency: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.message).toContain(M.currencyInvalid);
    }
  });

  it('cannot be changed by anyone but the owner (404 for a stranger, 403 for an invitee)', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const editor = await newUser();
    const portfolio = await insertPortfolio(db(), owner.userId, { name: 'Mine' });
    await insertShare(db(), {
      portfolioId: portfolio.id,
      ownerUserId: owner.userId,
      email: editor.email,
      permissionLevel: 'edit',
    });
    const byStranger = await stranger.agent.patch(`/api/v1/portfolios/${portfolio.id}`, {
      baseCurrency: 'USD',
    });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().error.code).toBe('PORTFOLIO_NOT_FOUND');
    const byEditor = await editor.agent.patch(`/api/v1/portfolios/${portfolio.id}`, {
      baseCurrency: 'USD',
    });
    expect(byEditor.statusCode).toBe(403);
    const [row] = await db().select().from(portfolios).where(eq(portfolios.id, portfolio.id));
    expect(row?.baseCurrency).toBe('EUR');
  });
});
