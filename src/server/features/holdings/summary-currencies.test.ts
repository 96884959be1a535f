import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fxRates } from '../../db/schema';
import { type Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** Amounts of different currencies are converted or listed apart, never added one for one. */

let t: TestApp;
let owner: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner } = await registerUser(t.app, 'currencies@example.com'));
});
afterAll(() => t.close());

const stock = (symbol: string, currency: string, currentPrice: string) => ({
  class: 'market',
  symbol,
  name: symbol,
  quantity: '10',
  purchasePrice: '100',
  currentPrice,
  purchaseDate: '2024-01-10',
  currency,
});

describe('the holdings summary of a EUR portfolio with a EUR and a USD holding', () => {
  it('does not add them one for one: without a rate the dollars are listed apart', async () => {
    const portfolio = await owner.post('/api/v1/portfolios', {
      name: 'Mixed',
      baseCurrency: 'EUR',
    });
    const id = portfolio.json().portfolio.id;
    // 1,100 EUR and 1,250 USD: their plain sum, 2,350, is neither.
    expect(
      (await owner.post(`/api/v1/portfolios/${id}/holdings`, stock('AIR', 'EUR', '110')))
        .statusCode,
    ).toBe(201);
    expect(
      (await owner.post(`/api/v1/portfolios/${id}/holdings`, stock('AAPL', 'USD', '125')))
        .statusCode,
    ).toBe(201);
    const summary = (await owner.get(`/api/v1/portfolios/${id}/summary`)).json();
    expect(
      summary.categories.map((row: { currency: string; totalValue: string }) => [
        row.currency,
        row.totalValue,
      ]),
    ).toEqual([
      ['EUR', '1100.00'],
      ['USD', '1250.00'],
    ]);
    expect(summary.totals.totalValue).not.toBe('2350.00');
    expect(summary.totals).toMatchObject({
      currency: 'EUR',
      totalValue: '1100.00',
      totalCost: '1000.00',
      rates: [],
      unconverted: [{ currency: 'USD', totalValue: '1250.00', totalCost: '1000.00' }],
    });

    // With the ECB's rate (1 EUR = 1.25 USD), the dollars are converted: 1,250 USD = 1,000 EUR.
    await t.database.db
      .insert(fxRates)
      .values({ currency: 'USD', rateDate: '2026-01-02', rate: '1.25', source: 'ecb' });
    const converted = (await owner.get(`/api/v1/portfolios/${id}/summary`)).json().totals;
    expect(converted).toMatchObject({
      currency: 'EUR',
      totalValue: '2100.00',
      totalCost: '1800.00',
      rates: [{ currency: 'USD', rate: '0.8', rateDate: '2026-01-02' }],
      unconverted: [],
    });

    // A simulation's value is converted the same way.
    const sim = await owner.post(`/api/v1/portfolios/${id}/simulations`, {
      name: 'Copy',
      copyHoldings: true,
    });
    const stats = (await owner.get(`/api/v1/simulations/${sim.json().simulation.id}/stats`)).json()
      .stats;
    expect(stats).toMatchObject({ totalValue: '2100', currency: 'EUR', unconverted: [] });
  });
});
