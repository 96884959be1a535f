import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Holding } from '@/contracts/holdings';
import { FakeClock } from '../../platform/clock';
import { type Agent, registerUser } from '../../testing/agent';
import { insertAppleInUsd } from '../../testing/market-data';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Holdings are answered at market prices (issue 13): a market holding whose symbol has stored
 * closes in its own currency is counted at its last close, with the day's change; otherwise at
 * the price typed on it, shown as such with its date. Closes in another currency are never
 * relabelled.
 */

let t: TestApp;
let owner: Agent;
let portfolioId: string;
const clock = new FakeClock(new Date('2024-03-01T12:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ agent: owner } = await registerUser(t.app, 'market-prices@example.com'));
  await insertAppleInUsd(t.database.db);
  const portfolio = await owner.post('/api/v1/portfolios', { name: 'Priced' });
  portfolioId = portfolio.json().portfolio.id;
});
afterAll(() => t.close());

const add = async (body: Record<string, unknown>) => {
  const res = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
    class: 'market',
    name: 'Apple',
    quantity: '10',
    purchasePrice: '100',
    currentPrice: '100',
    purchaseDate: '2024-01-10',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().holding as Holding;
};

describe('holdings at market prices', () => {
  it('counts a holding at its last close, with the day’s change, everywhere it is answered', async () => {
    const created = await add({ symbol: 'AAPL', currency: 'USD' });
    const expected = {
      currentPrice: '100',
      lastPrice: '160',
      priceSource: 'market',
      priceDate: '2024-03-01',
      costBasis: '1000.00',
      marketValue: '1600.00',
      // 10 x (160 - 150).
      dayChange: '100.00',
      gainLoss: '600.00',
      gainLossPercent: '60.00',
    };
    expect(created).toMatchObject(expected);
    const one = await owner.get(`/api/v1/holdings/${created.id}`);
    expect(one.json().holding).toMatchObject(expected);
    const list = await owner.get(`/api/v1/portfolios/${portfolioId}/holdings`);
    const listed = (list.json().holdings as Holding[]).find((h) => h.id === created.id);
    expect(listed).toMatchObject(expected);
  });

  it('keeps the typed price when the closes are in another currency, or there are none', async () => {
    const inEuros = await add({ symbol: 'AAPL', currency: 'EUR', name: 'Apple in euros' });
    expect(inEuros).toMatchObject({
      lastPrice: '100',
      priceSource: 'manual',
      priceDate: '2024-03-01',
      marketValue: '1000.00',
      dayChange: null,
    });
    const unknown = await add({ symbol: 'NOPE', currency: 'USD', name: 'No closes' });
    expect(unknown).toMatchObject({ lastPrice: '100', priceSource: 'manual', dayChange: null });
  });
});
