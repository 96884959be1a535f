import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * A class's gain on the summary card and its holding's gain in the table are one figure: both
 * rounded once from the exact value minus cost (docs/decisions.md, "Layout, dates and rounding").
 */

let t: TestApp;
let owner: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner } = await registerUser(t.app, 'gain-rounding@example.com'));
});
afterAll(() => t.close());

describe('a gain of half a cent', () => {
  it('is the same cent on the summary and on the holding', async () => {
    const portfolio = await owner.post('/api/v1/portfolios', {
      name: 'Cents',
      baseCurrency: 'EUR',
    });
    const id = portfolio.json().portfolio.id;
    // Cost 3 x 0.335 = 1.005, value 3 x 0.5 = 1.5: the gain is 0.495, 0.50 to the cent. The
    // rounded totals (1.01 and 1.50) would give 0.49.
    const created = await owner.post(`/api/v1/portfolios/${id}/holdings`, {
      class: 'market',
      symbol: 'CENT',
      name: 'Cent',
      quantity: '3',
      purchasePrice: '0.335',
      currentPrice: '0.5',
      purchaseDate: '2024-01-10',
      currency: 'EUR',
    });
    expect(created.statusCode).toBe(201);
    const [holding] = (await owner.get(`/api/v1/portfolios/${id}/holdings`)).json().holdings;
    const [market] = (await owner.get(`/api/v1/portfolios/${id}/summary`)).json().categories;
    expect(market).toMatchObject({ totalCost: '1.01', totalValue: '1.50', totalGain: '0.50' });
    expect(holding.gainLoss).toBe('0.50');
    expect(market.totalGain).toBe(holding.gainLoss);
  });
});
