import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fxRates, transactions } from '../../db/schema';
import { type Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A simulation's cash (spec 001, issue 13): answered, spent, refused when short. */

let t: TestApp;
let owner: Agent;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner } = await registerUser(t.app, 'cash@example.com'));
});
afterAll(() => t.close());

const stock = (extra: Record<string, unknown> = {}) => ({
  class: 'market',
  symbol: 'AAPL',
  name: 'Apple Inc.',
  quantity: '10',
  purchasePrice: '100',
  currentPrice: '110',
  purchaseDate: '2024-01-10',
  ...extra,
});

async function setup(
  baseCurrency = 'EUR',
  copyHoldings = false,
  before?: (id: string) => Promise<void>,
) {
  const portfolio = await owner.post('/api/v1/portfolios', { name: 'Cash', baseCurrency });
  const portfolioId = portfolio.json().portfolio.id as string;
  await before?.(portfolioId);
  const sim = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
    name: 'Sandbox',
    copyHoldings,
  });
  expect(sim.statusCode, sim.body).toBe(201);
  return { portfolioId, simId: sim.json().simulation.id as string, created: sim.json().simulation };
}

const cashOf = async (simId: string) =>
  (await owner.get(`/api/v1/simulations/${simId}`)).json().simulation;

describe('a simulation’s cash', () => {
  it('starts at the initial cash in the portfolio’s base currency, in every answer', async () => {
    const { portfolioId, simId, created } = await setup('USD');
    expect(created).toMatchObject({
      initialCash: '100000',
      cash: '100000.00',
      cashCurrency: 'USD',
    });
    expect(await cashOf(simId)).toMatchObject({ cash: '100000.00', cashCurrency: 'USD' });
    const list = await owner.get(`/api/v1/portfolios/${portfolioId}/simulations`);
    expect(list.json().simulations[0]).toMatchObject({ cash: '100000.00', cashCurrency: 'USD' });
    const portfolio = await owner.get(`/api/v1/portfolios/${portfolioId}`);
    expect(portfolio.json().portfolio.simulations[0].cash).toBe('100000.00');
  });

  it('pays buys and fees and receives sales and dividends, converted with each rate', async () => {
    const { portfolioId, simId } = await setup();
    // The opening buy: 10 x 100 = 1,000.
    const holding = await owner.post(
      `/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`,
      stock(),
    );
    expect(holding.statusCode, holding.body).toBe(201);
    const assetId = holding.json().holding.id;
    expect((await cashOf(simId)).cash).toBe('99000.00');
    const trade = (body: Record<string, unknown>) =>
      owner.post(`/api/v1/portfolios/${portfolioId}/transactions?sim=${simId}`, {
        assetId,
        tradeDate: '2024-02-01',
        ...body,
      });
    // 5 x 200 USD + 10 USD fees at 0.9: 909 EUR out.
    const buy = await trade({
      transactionType: 'buy',
      quantity: '5',
      price: '200',
      fees: '10',
      currency: 'USD',
      exchangeRateToBase: '0.9',
    });
    expect(buy.statusCode, buy.body).toBe(201);
    expect((await cashOf(simId)).cash).toBe('98091.00');
    // A sale of 3 x 150 - 5 fees: 445 in; a dividend of 20: 20 in; a fee of 1.5: out.
    expect(
      (await trade({ transactionType: 'sell', quantity: '3', price: '150', fees: '5' })).statusCode,
    ).toBe(201);
    expect(
      (await trade({ transactionType: 'dividend', quantity: '1', price: '20' })).statusCode,
    ).toBe(201);
    expect((await trade({ transactionType: 'fee', quantity: '1', price: '1.5' })).statusCode).toBe(
      201,
    );
    expect((await cashOf(simId)).cash).toBe('98554.50');
  });

  it('refuses a buy, a fee or a holding it cannot pay for, naming what is available', async () => {
    const { portfolioId, simId } = await setup('GBP');
    const holding = await owner.post(
      `/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`,
      stock(),
    );
    const assetId = holding.json().holding.id;
    const before = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.simulationId, simId));
    const buy = await owner.post(`/api/v1/portfolios/${portfolioId}/transactions?sim=${simId}`, {
      assetId,
      transactionType: 'buy',
      quantity: '1000',
      price: '100',
      tradeDate: '2024-02-01',
    });
    expect(buy.statusCode).toBe(400);
    expect(buy.json().error).toMatchObject({
      code: 'INSUFFICIENT_CASH',
      details: { available: '99000.00', currency: 'GBP' },
    });
    const fee = await owner.post(`/api/v1/portfolios/${portfolioId}/transactions?sim=${simId}`, {
      assetId,
      transactionType: 'fee',
      quantity: '1',
      price: '99000.01',
      tradeDate: '2024-02-01',
    });
    expect(fee.json().error.code).toBe('INSUFFICIENT_CASH');
    const flat = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`, {
      class: 'real_estate',
      propertyName: 'Castle',
      propertyType: 'house',
      address: 'Somewhere',
      purchasePrice: '2000000',
      currentValue: '2000000',
      purchaseDate: '2020-01-01',
    });
    expect(flat.statusCode).toBe(400);
    expect(flat.json().error.code).toBe('INSUFFICIENT_CASH');
    // Nothing of the refused writes stayed.
    const after = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.simulationId, simId));
    expect(after).toHaveLength(before.length);
    expect((await cashOf(simId)).cash).toBe('99000.00');
    // Spending exactly what is left is fine.
    const all = await owner.post(`/api/v1/portfolios/${portfolioId}/transactions?sim=${simId}`, {
      assetId,
      transactionType: 'buy',
      quantity: '990',
      price: '100',
      tradeDate: '2024-02-01',
    });
    expect(all.statusCode, all.body).toBe(201);
    expect((await cashOf(simId)).cash).toBe('0.00');
  });

  it('refuses an edit of a buy, or the deletion of a sale, that would overdraw', async () => {
    const { portfolioId, simId } = await setup();
    const holding = await owner.post(
      `/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`,
      stock(),
    );
    const assetId = holding.json().holding.id;
    const sale = await owner.post(`/api/v1/portfolios/${portfolioId}/transactions?sim=${simId}`, {
      assetId,
      transactionType: 'sell',
      quantity: '10',
      price: '500',
      tradeDate: '2024-03-01',
    });
    expect(sale.statusCode, sale.body).toBe(201);
    // 100,000 - 1,000 + 5,000 = 104,000; a buy of 103,000 leaves 1,000.
    const buy = await owner.post(`/api/v1/portfolios/${portfolioId}/transactions?sim=${simId}`, {
      assetId,
      transactionType: 'buy',
      quantity: '1030',
      price: '100',
      tradeDate: '2024-04-01',
    });
    expect(buy.statusCode, buy.body).toBe(201);
    const bigger = await owner.patch(
      `/api/v1/transactions/${buy.json().transaction.id}?sim=${simId}`,
      { quantity: '1050' },
    );
    expect(bigger.statusCode).toBe(400);
    expect(bigger.json().error).toMatchObject({
      code: 'INSUFFICIENT_CASH',
      details: { available: '1000.00' },
    });
    const smaller = await owner.patch(
      `/api/v1/transactions/${buy.json().transaction.id}?sim=${simId}`,
      { quantity: '1000' },
    );
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect((await cashOf(simId)).cash).toBe('4000.00');
    const undoSale = await owner.delete(
      `/api/v1/transactions/${sale.json().transaction.id}?sim=${simId}`,
    );
    expect(undoSale.statusCode).toBe(400);
    expect(undoSale.json().error.code).toBe('INSUFFICIENT_CASH');
  });

  it('is not tracked in the real portfolio, and copied holdings are the simulation’s start', async () => {
    const { simId } = await setup('EUR', true, async (portfolioId) => {
      const big = await owner.post(
        `/api/v1/portfolios/${portfolioId}/holdings`,
        stock({ quantity: '5000' }),
      );
      expect(big.statusCode, big.body).toBe(201);
    });
    expect((await cashOf(simId)).cash).toBe('100000.00');
  });

  it('converts a holding or a trade in another currency with the published rate when none is given', async () => {
    await db()
      .insert(fxRates)
      .values({ currency: 'USD', rateDate: '2024-01-02', rate: '1.25', source: 'ecb' })
      .onConflictDoNothing();
    const { portfolioId, simId } = await setup('EUR');
    // 10 x 100 USD bought 2024-01-10 at 0.8 EUR per USD: 800 EUR.
    const holding = await owner.post(
      `/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`,
      stock({ currency: 'USD' }),
    );
    expect(holding.statusCode, holding.body).toBe(201);
    expect((await cashOf(simId)).cash).toBe('99200.00');
    // A trade without currency or rate: the holding's currency, the published rate.
    const buy = await owner.post(`/api/v1/portfolios/${portfolioId}/transactions?sim=${simId}`, {
      assetId: holding.json().holding.id,
      transactionType: 'buy',
      quantity: '1',
      price: '100',
      tradeDate: '2024-02-01',
    });
    expect(buy.statusCode, buy.body).toBe(201);
    expect(buy.json().transaction).toMatchObject({ currency: 'USD', exchangeRateToBase: '0.8' });
    expect((await cashOf(simId)).cash).toBe('99120.00');
  });

  it("pays the opening purchase again in the corrected currency when a holding's currency is fixed", async () => {
    await db()
      .insert(fxRates)
      .values({ currency: 'USD', rateDate: '2024-01-02', rate: '1.25', source: 'ecb' })
      .onConflictDoNothing();
    const { portfolioId, simId } = await setup('EUR');
    const holding = await owner.post(
      `/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`,
      stock(),
    );
    expect((await cashOf(simId)).cash).toBe('99000.00');
    // The 10 x 100 were dollars: 800 EUR at the published rate, not 1,000.
    const fixed = await owner.patch(`/api/v1/holdings/${holding.json().holding.id}?sim=${simId}`, {
      currency: 'USD',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await cashOf(simId)).cash).toBe('99200.00');
  });

  it('refuses a whole import into a simulation that would overdraw, and accepts one that fits', async () => {
    const { portfolioId, simId } = await setup();
    const holding = await owner.post(
      `/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`,
      stock(),
    );
    expect(holding.statusCode, holding.body).toBe(201);
    const file = (quantity: string) =>
      [
        'assetSymbol,transactionType,quantity,price,fees,tradeDate',
        `AAPL,buy,${quantity},100,0,2024-02-01`,
        'AAPL,buy,1,100,0,2024-02-02',
      ].join('\n');
    const url = `/api/v1/portfolios/${portfolioId}/import?sim=${simId}`;
    const refused = await owner.post(url, { kind: 'transactions', csv: file('990'), commit: true });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.code).toBe('INSUFFICIENT_CASH');
    expect((await cashOf(simId)).cash).toBe('99000.00');
    const accepted = await owner.post(url, { kind: 'transactions', csv: file('10'), commit: true });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((await cashOf(simId)).cash).toBe('97900.00');
  });

  it('counts only the simulation’s active holdings in its statistics', async () => {
    const { portfolioId, simId } = await setup();
    const market = await owner.post(
      `/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`,
      stock(),
    );
    expect(market.statusCode, market.body).toBe(201);
    const savings = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings?sim=${simId}`, {
      class: 'savings',
      accountName: 'Livret A',
      bankName: 'La Banque Postale',
      accountType: 'livret_a',
      currentBalance: '500',
      openingDate: '2024-01-10',
    });
    expect(savings.statusCode, savings.body).toBe(201);
    const stats = async () => (await owner.get(`/api/v1/simulations/${simId}/stats`)).json().stats;
    expect(await stats()).toMatchObject({ totalAssets: 2 });
    // A savings account is removed softly: it stays in the table, inactive, and counts no more.
    const removed = await owner.delete(
      `/api/v1/holdings/${savings.json().holding.id}?sim=${simId}`,
    );
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await stats()).toMatchObject({ totalAssets: 1, totalValue: '1100' });
  });
});
