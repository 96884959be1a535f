import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxCalculations, transactionLots, transactions } from '../../db/schema';
import { type Agent, registerUser } from '../../testing/agent';
import { insertPortfolio, insertShare, insertSimulation } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Transactions, lots and their tax (issue 6 review): the total a sale answers on create and on
 * read, buys a sale used, a specific-lot sale's lots, savings accounts, the lots' method and
 * currency, settlement offsets, exchange-rate messages and every by-id path's view (?sim=).
 */

let t: TestApp;
let owner: Agent;
let reader: Agent;
let stranger: Agent;
let ownerId: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'ledger-owner@example.com'));
  ({ agent: reader } = await registerUser(t.app, 'ledger-reader@example.com'));
  ({ agent: stranger } = await registerUser(t.app, 'ledger-stranger@example.com'));
});
afterAll(() => t.close());

async function portfolio() {
  return (await insertPortfolio(db(), ownerId, { name: 'Ledger' })).id;
}

const market = (extra: Record<string, unknown> = {}) => ({
  class: 'market',
  symbol: 'MC.PA',
  name: 'LVMH',
  quantity: '10',
  purchasePrice: '100',
  currentPrice: '120',
  purchaseDate: '2024-01-10',
  ...extra,
});
const savingsAccount = (extra: Record<string, unknown> = {}) => ({
  class: 'savings',
  accountName: 'Livret',
  bankName: 'Banque',
  accountType: 'savings',
  currentBalance: '1000',
  openingDate: '2024-01-01',
  ...extra,
});

const q = (sim?: string) => (sim ? `?sim=${sim}` : '');

async function add(portfolioId: string, body: Record<string, unknown>, sim?: string) {
  const res = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings${q(sim)}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().holding as { id: string };
}

function trade(portfolioId: string, body: Record<string, unknown>, sim?: string) {
  return owner.post(`/api/v1/portfolios/${portfolioId}/transactions${q(sim)}`, body);
}

async function recorded(portfolioId: string, body: Record<string, unknown>, sim?: string) {
  const res = await trade(portfolioId, body, sim);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transaction;
}

async function openingBuy(holdingId: string) {
  const [row] = await db()
    .select()
    .from(transactions)
    .where(eq(transactions.holdingId, holdingId))
    .orderBy(asc(transactions.createdAt));
  if (!row) throw new Error('no opening buy');
  return row;
}

/** Everything the ledger keeps about a holding, to prove a refused change changed nothing. */
async function ledgerState(holdingId: string) {
  return {
    transactions: await db()
      .select()
      .from(transactions)
      .where(eq(transactions.holdingId, holdingId))
      .orderBy(asc(transactions.id)),
    lots: await db()
      .select()
      .from(transactionLots)
      .where(eq(transactionLots.holdingId, holdingId))
      .orderBy(asc(transactionLots.id)),
    tax: await db()
      .select()
      .from(taxCalculations)
      .innerJoin(transactions, eq(transactions.id, taxCalculations.transactionId))
      .where(eq(transactions.holdingId, holdingId))
      .orderBy(asc(taxCalculations.id)),
  };
}

describe('a sale’s tax total', () => {
  it('is the sum of its lines as shown, the same on create, on read and in the list', async () => {
    const id = await portfolio();
    const holding = await add(id, market({ quantity: '1', purchasePrice: '1' }));
    await recorded(id, {
      assetId: holding.id,
      transactionType: 'buy',
      quantity: '1',
      price: '1',
      tradeDate: '2024-02-01',
    });
    // Two lots of 1 at 1, sold at 10.005: each line's proceeds 10.005 -> 10.01, gain 9.005 ->
    // 9.01, tax 2.7015 -> 2.70. Summed at full precision the total would say 20.01 and 18.01.
    const sale = await recorded(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '2',
      price: '10.005',
      tradeDate: '2024-03-01',
    });
    expect(sale.tax.lots.map((line: Record<string, string>) => line.proceeds)).toEqual([
      '10.01',
      '10.01',
    ]);
    const total = { proceeds: '20.02', costBasis: '2.00', gainLoss: '18.02', taxAmount: '5.40' };
    expect(sale.tax.total).toEqual(total);
    expect(sale.taxTotal).toEqual(total);
    const detail = (await owner.get(`/api/v1/transactions/${sale.id}`)).json().transaction;
    expect(detail.tax).toEqual(sale.tax);
    const list = (await owner.get(`/api/v1/portfolios/${id}/transactions`)).json().transactions;
    const row = list.find((item: { id: string }) => item.id === sale.id);
    expect(row.taxTotal).toEqual(total);
    expect(row.tax).toBeNull();
    // Purchases carry no tax.
    expect(
      list.filter((item: { transactionType: string }) => item.transactionType === 'buy'),
    ).toEqual([
      expect.objectContaining({ taxTotal: null, tax: null }),
      expect.objectContaining({ taxTotal: null, tax: null }),
    ]);
  });

  it('is none for a cancelled sale, in its preview as when it is recorded', async () => {
    const id = await portfolio();
    const holding = await add(id, market({ quantity: '2', purchasePrice: '1' }));
    const sale = {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '1',
      price: '10',
      tradeDate: '2024-03-01',
    };
    const live = await owner.post(`/api/v1/portfolios/${id}/transactions/preview`, sale);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().tax.total.gainLoss).toBe('9.00');
    const preview = await owner.post(`/api/v1/portfolios/${id}/transactions/preview`, {
      ...sale,
      status: 'cancelled',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ tax: null });
    const recordedSale = await recorded(id, { ...sale, status: 'cancelled' });
    expect(recordedSale.tax).toBeNull();
    // A cancelled sale of more than is held previews as nothing too (it sells nothing).
    const tooMuch = await owner.post(`/api/v1/portfolios/${id}/transactions/preview`, {
      ...sale,
      quantity: '50',
      status: 'cancelled',
    });
    expect(tooMuch.json()).toEqual({ tax: null });
  });
});

describe('a buy a later sale used', () => {
  async function consumed() {
    const id = await portfolio();
    const holding = await add(id, market());
    const buy = await openingBuy(holding.id);
    const later = await recorded(id, {
      assetId: holding.id,
      transactionType: 'buy',
      quantity: '5',
      price: '120',
      tradeDate: '2024-06-01',
    });
    const sale = await recorded(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '4',
      price: '150',
      tradeDate: '2024-07-01',
    });
    return { id, holding, buy, later, sale };
  }

  it('keeps its quantity, price, fees, trade date and status in the ledger: 409, nothing changed', async () => {
    const { holding, buy, sale } = await consumed();
    const before = await ledgerState(holding.id);
    for (const change of [
      { quantity: '12' },
      { quantity: '3' },
      { price: '90' },
      { fees: '2' },
      { tradeDate: '2024-01-05' },
      { tradeDate: '2024-08-01' },
      { status: 'cancelled' },
    ]) {
      const res = await owner.patch(`/api/v1/transactions/${buy.id}`, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'LOT_CONSUMED',
        message:
          'This purchase cannot be changed or deleted: a later sale used its shares. Delete that sale first.',
      });
    }
    expect(await ledgerState(holding.id)).toEqual(before);
    const tax = (await owner.get(`/api/v1/transactions/${sale.id}`)).json().transaction.tax;
    expect(tax.total.costBasis).toBe('400.00');
  });

  it('still takes harmless changes: notes, broker, settlement date, pending and back, the same figures', async () => {
    const { holding, buy } = await consumed();
    const lotsBefore = (await ledgerState(holding.id)).lots;
    for (const change of [
      { notes: 'Bought on a dip' },
      { broker: 'Boursorama' },
      { settlementDate: '2024-01-15' },
      { status: 'pending' },
      { status: 'completed' },
      { quantity: '10.000', price: '100' },
    ]) {
      const res = await owner.patch(`/api/v1/transactions/${buy.id}`, change);
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(200);
    }
    const after = await ledgerState(holding.id);
    expect(after.lots.map((lot) => [lot.id, lot.remainingQuantity])).toEqual(
      lotsBefore.map((lot) => [lot.id, lot.remainingQuantity]),
    );
    expect(after.transactions.find((row) => row.id === buy.id)).toMatchObject({
      notes: 'Bought on a dip',
      broker: 'Boursorama',
      settlementDate: '2024-01-15',
      status: 'completed',
    });
  });

  it('can be changed freely while no sale uses it, and once the sale is gone', async () => {
    const { holding, buy, later, sale } = await consumed();
    // The later buy is untouched by the FIFO sale: its price can change.
    const repriced = await owner.patch(`/api/v1/transactions/${later.id}`, { price: '110' });
    expect(repriced.statusCode).toBe(200);
    expect((await owner.delete(`/api/v1/transactions/${sale.id}`)).statusCode).toBe(204);
    const res = await owner.patch(`/api/v1/transactions/${buy.id}`, { quantity: '12' });
    expect(res.statusCode).toBe(200);
    expect((await owner.get(`/api/v1/holdings/${holding.id}`)).json().holding.quantity).toBe('17');
  });

  it('is locked too when a sale counted it without taking from it (average cost), or would move onto it', async () => {
    // Average cost: buy A 10 @ 100, buy B 10 @ 200, sell 5 @ 300 at the average 150. The sale
    // takes from A only, but B is in its average: repricing or deleting B would rewrite its tax.
    const id = await portfolio();
    const holding = await add(id, market());
    const b = await recorded(id, {
      assetId: holding.id,
      transactionType: 'buy',
      quantity: '10',
      price: '200',
      tradeDate: '2024-02-01',
    });
    const sale = await recorded(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '5',
      price: '300',
      tradeDate: '2024-03-01',
      costBasisMethod: 'average_cost',
    });
    expect(sale.tax.total).toMatchObject({ costBasis: '750.00', taxAmount: '225.00' });
    const before = await ledgerState(holding.id);
    const repriced = await owner.patch(`/api/v1/transactions/${b.id}`, { price: '1000' });
    expect(repriced.statusCode, repriced.body).toBe(409);
    expect(repriced.json().error.code).toBe('LOT_CONSUMED');
    const deleted = await owner.delete(`/api/v1/transactions/${b.id}`);
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(await ledgerState(holding.id)).toEqual(before);

    // FIFO: a buy after the sale is free, until moved before it (the sale would take from it).
    const { id: otherId, holding: other, later } = await consumed();
    const unused = await recorded(otherId, {
      assetId: other.id,
      transactionType: 'buy',
      quantity: '3',
      price: '90',
      tradeDate: '2024-08-01',
    });
    expect(
      (await owner.patch(`/api/v1/transactions/${unused.id}`, { price: '95' })).statusCode,
    ).toBe(200);
    const otherBefore = await ledgerState(other.id);
    const moved = await owner.patch(`/api/v1/transactions/${unused.id}`, {
      tradeDate: '2023-12-01',
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(await ledgerState(other.id)).toEqual(otherBefore);
    // The later buy of `consumed` is after the sale's FIFO lot: still free to reprice.
    expect(
      (await owner.patch(`/api/v1/transactions/${later.id}`, { price: '125' })).statusCode,
    ).toBe(200);
  });

  it('answers a read invitee 403 and a stranger 404, before saying anything about the lot', async () => {
    const { id, buy } = await consumed();
    await insertShare(db(), {
      portfolioId: id,
      ownerUserId: ownerId,
      email: 'ledger-reader@example.com',
      permissionLevel: 'read',
    });
    const read = await reader.patch(`/api/v1/transactions/${buy.id}`, { quantity: '12' });
    expect(read.statusCode).toBe(403);
    const hidden = await stranger.patch(`/api/v1/transactions/${buy.id}`, { quantity: '12' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('TRANSACTION_NOT_FOUND');
  });
});

describe('changing a specific-lot sale', () => {
  async function specificSale() {
    const id = await portfolio();
    const holding = await add(id, market());
    const a = await openingBuy(holding.id);
    const b = await recorded(id, {
      assetId: holding.id,
      transactionType: 'buy',
      quantity: '5',
      price: '200',
      tradeDate: '2024-03-01',
    });
    const sale = await recorded(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '4',
      price: '250',
      tradeDate: '2024-04-01',
      costBasisMethod: 'specific_id',
      selectedLots: [{ lotId: b.id, quantity: '4' }],
    });
    return { id, holding, a, b, sale };
  }

  it('changes its quantity together with its lots (checked as on create)', async () => {
    const { holding, a, b, sale } = await specificSale();
    const res = await owner.patch(`/api/v1/transactions/${sale.id}`, {
      quantity: '6',
      selectedLots: [
        { lotId: b.id, quantity: '5' },
        { lotId: a.id, quantity: '1' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // 5 x (250 - 200) + 1 x (250 - 100) = 400 gain.
    expect(res.json().transaction.tax.total).toMatchObject({
      costBasis: '1100.00',
      gainLoss: '400.00',
    });
    const lots = (await owner.get(`/api/v1/holdings/${holding.id}/lots`)).json().lots;
    expect(lots.map((lot: { remainingQuantity: string }) => lot.remainingQuantity)).toEqual([
      '9',
      '0',
    ]);
    const [row] = await db().select().from(transactions).where(eq(transactions.id, sale.id));
    expect(row?.selectedLots).toEqual([
      { lotId: b.id, quantity: '5' },
      { lotId: a.id, quantity: '1' },
    ]);
  });

  it('refuses a new quantity its lots do not cover, and lots that do not add up, changing nothing', async () => {
    const { holding, a, b, sale } = await specificSale();
    const before = await ledgerState(holding.id);
    const uncovered = await owner.patch(`/api/v1/transactions/${sale.id}`, { quantity: '6' });
    expect(uncovered.statusCode).toBe(422);
    expect(uncovered.json().error).toMatchObject({
      code: 'INSUFFICIENT_LOT_QUANTITY',
      message: 'Insufficient lot quantity to complete sale',
    });
    const tooMuch = await owner.patch(`/api/v1/transactions/${sale.id}`, {
      selectedLots: [
        { lotId: b.id, quantity: '4' },
        { lotId: a.id, quantity: '1' },
      ],
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe('SELECTED_LOTS_MISMATCH');
    const empty = await owner.patch(`/api/v1/transactions/${sale.id}`, { selectedLots: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('selectedLots: Choose the lots to sell');
    expect(await ledgerState(holding.id)).toEqual(before);
  });

  it('refuses lots for any other transaction', async () => {
    const { id, holding, a } = await specificSale();
    const fifo = await recorded(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '1',
      price: '250',
      tradeDate: '2024-05-01',
    });
    const res = await owner.patch(`/api/v1/transactions/${fifo.id}`, {
      selectedLots: [{ lotId: a.id, quantity: '1' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'selectedLots: Lots are chosen only for a sale by specific lots',
    });
  });
});

describe('savings accounts in the ledger', () => {
  it('refuses buying, selling and transferring one (a deposit or withdrawal moves it)', async () => {
    const id = await portfolio();
    const account = await add(id, savingsAccount());
    const before = await ledgerState(account.id);
    for (const transactionType of ['buy', 'sell', 'transfer']) {
      const res = await trade(id, {
        assetId: account.id,
        transactionType,
        quantity: '100',
        price: '1',
        tradeDate: '2024-03-01',
      });
      expect(res.statusCode, transactionType).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'SAVINGS_TRADE_REFUSED',
        details: { type: transactionType },
      });
    }
    const preview = await owner.post(`/api/v1/portfolios/${id}/transactions/preview`, {
      assetId: account.id,
      transactionType: 'sell',
      quantity: '100',
      price: '1',
      tradeDate: '2024-03-01',
    });
    expect(preview.statusCode).toBe(422);
    expect(preview.json().error.code).toBe('SAVINGS_TRADE_REFUSED');
    expect(await ledgerState(account.id)).toEqual(before);
    // The opening buy the account was added with is there, and a fee can still be recorded.
    expect(before.transactions.map((row) => row.transactionType)).toEqual(['buy']);
    const fee = await trade(id, {
      assetId: account.id,
      transactionType: 'fee',
      quantity: '1',
      price: '2',
      tradeDate: '2024-03-01',
    });
    expect(fee.statusCode).toBe(201);
  });

  it('leaves the lists, the totals and the by-id paths with the account when it is deleted', async () => {
    const id = await portfolio();
    const account = await add(id, savingsAccount());
    const stock = await add(id, market());
    const opening = await openingBuy(account.id);
    const count = async () =>
      (await owner.get(`/api/v1/portfolios/${id}/transactions/totals`)).json().count;
    expect(await count()).toBe(2);
    expect((await owner.delete(`/api/v1/holdings/${account.id}`)).statusCode).toBe(204);
    const list = (await owner.get(`/api/v1/portfolios/${id}/transactions`)).json().transactions;
    expect(list.map((row: { assetId: string }) => row.assetId)).toEqual([stock.id]);
    expect(await count()).toBe(1);
    for (const res of [
      await owner.get(`/api/v1/transactions/${opening.id}`),
      await owner.patch(`/api/v1/transactions/${opening.id}`, { notes: 'x' }),
      await owner.delete(`/api/v1/transactions/${opening.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('TRANSACTION_NOT_FOUND');
    }
    const [kept] = await db().select().from(transactions).where(eq(transactions.id, opening.id));
    expect(kept?.notes).toBeNull();
  });

  it('settles on the opening date, never before the trade date', async () => {
    const id = await portfolio();
    const account = await add(id, savingsAccount({ openingDate: '2024-01-01' }));
    expect((await openingBuy(account.id)).settlementDate).toBe('2024-01-01');
    // Recorded before the account opened: it settles when the account opened.
    const early = await recorded(id, {
      assetId: account.id,
      transactionType: 'fee',
      quantity: '1',
      price: '3',
      tradeDate: '2023-12-20',
    });
    expect(early.settlementDate).toBe('2024-01-01');
    // Recorded later than the opening: settlement cannot be before the trade date (spec 002,
    // section 5; the database checks it), so it settles that day.
    const later = await recorded(id, {
      assetId: account.id,
      transactionType: 'interest',
      quantity: '1',
      price: '12.5',
      tradeDate: '2024-06-30',
    });
    expect(later.settlementDate).toBe('2024-06-30');
    // Moving the early one's trade date recomputes its settlement the same way.
    const moved = await owner.patch(`/api/v1/transactions/${early.id}`, {
      tradeDate: '2023-11-02',
    });
    expect(moved.json().transaction.settlementDate).toBe('2024-01-01');
  });
});

describe('the lots', () => {
  it('name the method of the last sale that used them (none while untouched) and their buy’s currency', async () => {
    const id = await portfolio();
    const holding = await add(id, market());
    await recorded(id, {
      assetId: holding.id,
      transactionType: 'buy',
      quantity: '5',
      price: '130',
      currency: 'USD',
      exchangeRateToBase: '0.9',
      tradeDate: '2024-02-01',
    });
    const lots = async () =>
      (await owner.get(`/api/v1/holdings/${holding.id}/lots`))
        .json()
        .lots.map((lot: Record<string, string>) => [
          lot.costBasisMethod,
          lot.currency,
          lot.acquisitionPrice,
        ]);
    expect(await lots()).toEqual([
      [null, 'EUR', '100'],
      [null, 'USD', '130'],
    ]);
    await recorded(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '2',
      price: '150',
      tradeDate: '2024-03-01',
      costBasisMethod: 'lifo',
    });
    expect((await lots()).map(([method]: string[]) => method)).toEqual([null, 'lifo']);
    await recorded(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '1',
      price: '150',
      tradeDate: '2024-04-01',
      costBasisMethod: 'average_cost',
    });
    expect((await lots()).map(([method]: string[]) => method)).toEqual(['average_cost', 'lifo']);
  });
});

describe('exchange rates', () => {
  it('answers the spec’s messages for a rate of zero or below', async () => {
    const id = await portfolio();
    const holding = await add(id, market());
    const base = {
      assetId: holding.id,
      transactionType: 'buy',
      quantity: '1',
      price: '1',
      tradeDate: '2024-03-01',
    };
    for (const [rate, message] of [
      ['0', 'exchangeRateToBase: Exchange rate cannot be zero'],
      ['0.000', 'exchangeRateToBase: Exchange rate cannot be zero'],
      ['-1.2', 'exchangeRateToBase: Exchange rate cannot be negative'],
    ]) {
      const res = await trade(id, { ...base, exchangeRateToBase: rate });
      expect(res.statusCode, rate).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });
});

describe('the view a by-id path names (?sim=)', () => {
  it('reads and moves a savings account only in its own view; anything else is not found', async () => {
    const id = await portfolio();
    const sim = await insertSimulation(db(), id, ownerId, 'What if');
    const real = await add(id, savingsAccount({ minimumBalance: '2000' }));
    const inSim = await add(id, savingsAccount({ accountName: 'Simulated' }), sim.id);
    const balance = async (holdingId: string, view?: string) =>
      (await owner.get(`/api/v1/holdings/${holdingId}${q(view)}`)).json().holding.quantity;
    const deposit = { transactionType: 'deposit', amount: '10', transactionDate: '2024-06-01' };
    const rate = { interestRate: '2', startDate: '2024-06-01' };
    for (const [holdingId, wrongView] of [
      [real.id, sim.id],
      [inSim.id, undefined],
    ] as const) {
      const base = `/api/v1/holdings/${holdingId}/savings`;
      expect((await owner.get(`${base}${q(wrongView)}`)).statusCode).toBe(404);
      expect((await owner.post(`${base}/transactions${q(wrongView)}`, deposit)).statusCode).toBe(
        404,
      );
      expect((await owner.post(`${base}/rate${q(wrongView)}`, rate)).statusCode).toBe(404);
    }
    expect(await balance(real.id)).toBe('1000');
    expect(await balance(inSim.id, sim.id)).toBe('1000');

    // The balance is below its minimum: an alert, acknowledged only from the account's view.
    const detail = (await owner.get(`/api/v1/holdings/${real.id}/savings`)).json();
    const alert = detail.alerts.find((a: { kind: string }) => a.kind === 'below_minimum');
    expect(alert).toBeDefined();
    const acknowledge = (view?: string) =>
      owner.post(`/api/v1/savings-alerts/${alert.id}/acknowledge${q(view)}`, {});
    expect((await acknowledge(sim.id)).statusCode).toBe(404);
    expect((await acknowledge()).statusCode).toBe(204);

    const moved = await owner.post(
      `/api/v1/holdings/${inSim.id}/savings/transactions${q(sim.id)}`,
      deposit,
    );
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await balance(inSim.id, sim.id)).toBe('1010');
    expect(await balance(real.id)).toBe('1000');
  });

  it('reads, changes and deletes a transaction only in its own view; anything else is not found', async () => {
    const id = await portfolio();
    const simA = await insertSimulation(db(), id, ownerId, 'A');
    const real = await add(id, market({ symbol: 'REAL' }));
    const inA = await add(id, market({ symbol: 'SIMA' }), simA.id);
    const realBuy = await openingBuy(real.id);
    const simBuy = await openingBuy(inA.id);
    const realBefore = await ledgerState(real.id);
    const simBefore = await ledgerState(inA.id);

    const miss = async (res: { statusCode: number; json: () => { error: { code: string } } }) => {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('TRANSACTION_NOT_FOUND');
    };
    await miss(await owner.get(`/api/v1/transactions/${realBuy.id}?sim=${simA.id}`));
    await miss(
      await owner.patch(`/api/v1/transactions/${realBuy.id}?sim=${simA.id}`, { notes: 'x' }),
    );
    await miss(await owner.delete(`/api/v1/transactions/${realBuy.id}?sim=${simA.id}`));
    await miss(await owner.get(`/api/v1/transactions/${simBuy.id}`));
    await miss(await owner.patch(`/api/v1/transactions/${simBuy.id}`, { notes: 'x' }));
    await miss(await owner.delete(`/api/v1/transactions/${simBuy.id}`));
    expect(await ledgerState(real.id)).toEqual(realBefore);
    expect(await ledgerState(inA.id)).toEqual(simBefore);

    expect((await owner.get(`/api/v1/transactions/${realBuy.id}`)).statusCode).toBe(200);
    const read = await owner.get(`/api/v1/transactions/${simBuy.id}?sim=${simA.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().transaction.simulationId).toBe(simA.id);
    const changed = await owner.patch(`/api/v1/transactions/${simBuy.id}?sim=${simA.id}`, {
      notes: 'In the simulation',
    });
    expect(changed.statusCode).toBe(200);

    // Lots: the same rule.
    const lots = (path: string) => owner.get(path);
    const hidden = await lots(`/api/v1/holdings/${real.id}/lots?sim=${simA.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('HOLDING_NOT_FOUND');
    expect((await lots(`/api/v1/holdings/${inA.id}/lots`)).statusCode).toBe(404);
    expect((await lots(`/api/v1/holdings/${inA.id}/lots?sim=${simA.id}`)).statusCode).toBe(200);
    expect((await lots(`/api/v1/holdings/${real.id}/lots`)).statusCode).toBe(200);

    expect(
      (await owner.delete(`/api/v1/transactions/${simBuy.id}?sim=${simA.id}`)).statusCode,
    ).toBe(204);
  });

  it('keeps two simulations apart: list, create and by id', async () => {
    const id = await portfolio();
    const simA = await insertSimulation(db(), id, ownerId, 'A');
    const simB = await insertSimulation(db(), id, ownerId, 'B');
    const inA = await add(id, market({ symbol: 'SIMA' }), simA.id);
    const inB = await add(id, market({ symbol: 'SIMB' }), simB.id);
    const saleA = await recorded(
      id,
      {
        assetId: inA.id,
        transactionType: 'sell',
        quantity: '3',
        price: '150',
        tradeDate: '2024-05-01',
      },
      simA.id,
    );
    const list = async (sim: string) =>
      (await owner.get(`/api/v1/portfolios/${id}/transactions?sim=${sim}`))
        .json()
        .transactions.map((row: { assetSymbol: string; transactionType: string }) => [
          row.assetSymbol,
          row.transactionType,
        ]);
    expect(await list(simA.id)).toEqual([
      ['SIMA', 'sell'],
      ['SIMA', 'buy'],
    ]);
    expect(await list(simB.id)).toEqual([['SIMB', 'buy']]);
    const totals = (
      await owner.get(`/api/v1/portfolios/${id}/transactions/totals?sim=${simB.id}`)
    ).json();
    expect(totals).toMatchObject({ count: 1, byCurrency: [{ currency: 'EUR', sold: '0.00' }] });

    // Creating in B with A's holding: not found, nothing written.
    const cross = await trade(
      id,
      {
        assetId: inA.id,
        transactionType: 'buy',
        quantity: '1',
        price: '1',
        tradeDate: '2024-06-01',
      },
      simB.id,
    );
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.code).toBe('HOLDING_NOT_FOUND');
    const previewCross = await owner.post(
      `/api/v1/portfolios/${id}/transactions/preview?sim=${simB.id}`,
      {
        assetId: inA.id,
        transactionType: 'sell',
        quantity: '1',
        price: '1',
        tradeDate: '2024-06-01',
      },
    );
    expect(previewCross.statusCode).toBe(404);
    expect(await list(simA.id)).toHaveLength(2);

    // By id: A's sale is not B's.
    expect((await owner.get(`/api/v1/transactions/${saleA.id}?sim=${simB.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await owner.patch(`/api/v1/transactions/${saleA.id}?sim=${simB.id}`, { notes: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await owner.delete(`/api/v1/transactions/${saleA.id}?sim=${simB.id}`)).statusCode).toBe(
      404,
    );
    expect((await owner.get(`/api/v1/holdings/${inA.id}/lots?sim=${simB.id}`)).statusCode).toBe(
      404,
    );
    expect((await owner.get(`/api/v1/holdings/${inB.id}/lots?sim=${simA.id}`)).statusCode).toBe(
      404,
    );
    expect((await owner.get(`/api/v1/holdings/${inB.id}/lots?sim=${simB.id}`)).statusCode).toBe(
      200,
    );
    const stillThere = await owner.get(`/api/v1/transactions/${saleA.id}?sim=${simA.id}`);
    expect(stillThere.statusCode).toBe(200);
    expect(stillThere.json().transaction.tax.total.gainLoss).toBe('150.00');
  });
});
