import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdings,
  lotAllocations,
  savingsInterestRates,
  subscriptions,
  taxCalculations,
  transactionAuditTrail,
  transactionLots,
  transactions,
} from '../../db/schema';
import { type Agent, registerUser } from '../../testing/agent';
import { insertPortfolio, insertSimulation } from '../../testing/portfolios';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { TestSocket } from '../../testing/ws-client';
import { rebuildHolding } from '../ledger';

let t: TestApp;
let owner: Agent;
let ownerId: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'holder@example.com'));
});
afterAll(() => t.close());

/** A fresh portfolio of the owner (each test its own, so counts and limits are its own). */
async function portfolio() {
  return (await insertPortfolio(db(), ownerId, { name: 'Test' })).id;
}

const market = (extra: Record<string, unknown> = {}) => ({
  class: 'market',
  symbol: 'AAPL',
  name: 'Apple Inc.',
  quantity: '10',
  purchasePrice: '150',
  currentPrice: '180.5',
  purchaseDate: '2024-01-10',
  sector: 'Technology',
  exchange: 'NASDAQ',
  ...extra,
});

async function add(portfolioId: string, body: Record<string, unknown>, sim?: string) {
  const res = await owner.post(
    `/api/v1/portfolios/${portfolioId}/holdings${sim ? `?sim=${sim}` : ''}`,
    body,
  );
  return res;
}

async function trade(portfolioId: string, body: Record<string, unknown>, sim?: string) {
  return owner.post(
    `/api/v1/portfolios/${portfolioId}/transactions${sim ? `?sim=${sim}` : ''}`,
    body,
  );
}

describe('adding holdings of every class', () => {
  it('stores each class with its opening buy and totals them per category and currency', async () => {
    const id = await portfolio();
    const bodies = [
      market(),
      {
        class: 'crypto',
        symbol: 'btc',
        name: 'Bitcoin',
        quantity: '0.5',
        purchasePrice: '30000',
        currentPrice: '60000',
        purchaseDate: '2023-05-01',
        walletAddress: 'bc1qxyz',
      },
      {
        class: 'real_estate',
        propertyName: 'Flat in Lyon',
        propertyType: 'apartment',
        address: '1 rue de la République',
        purchasePrice: '250000',
        currentValue: '270000',
        rentalIncome: '900',
        purchaseDate: '2020-03-15',
        city: 'Lyon',
      },
      {
        class: 'crowdfunding',
        platform: 'Enerfip',
        projectName: 'Solar farm',
        amountInvested: '1000',
        expectedReturn: '7',
        duration: 36,
        investmentDate: '2024-02-01',
      },
      {
        class: 'savings',
        accountName: 'Livret A',
        bankName: 'La Banque Postale',
        accountType: 'livret_a',
        currentBalance: '5000',
        openingDate: '2019-01-01',
        interestRate: '3',
      },
      {
        class: 'generic',
        type: 'bond',
        name: 'OAT 2030',
        quantity: '2',
        purchasePrice: '980',
        currentPrice: '1000',
        purchaseDate: '2024-06-01',
      },
    ];
    for (const body of bodies) {
      const res = await add(id, body);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
    }
    const list = (await owner.get(`/api/v1/portfolios/${id}/holdings`)).json().holdings;
    expect(list).toHaveLength(6);
    const crypto = list.find((h: { class: string }) => h.class === 'crypto');
    expect(crypto).toMatchObject({ symbol: 'BTC', currency: 'USD', quantity: '0.5' });
    const estate = list.find((h: { class: string }) => h.class === 'real_estate');
    expect(estate).toMatchObject({
      name: 'Flat in Lyon',
      status: 'active',
      quantity: '1',
      marketValue: '270000.00',
      gainLoss: '20000.00',
      details: expect.objectContaining({ rentalIncome: '900', city: 'Lyon' }),
    });
    const savings = list.find((h: { class: string }) => h.class === 'savings');
    expect(savings.details).toMatchObject({
      isTaxExempt: true,
      taxRate: '0',
      interestRate: '0.03',
      compoundingFrequency: 'monthly',
    });
    const [rate] = await db()
      .select()
      .from(savingsInterestRates)
      .where(eq(savingsInterestRates.holdingId, savings.id));
    expect(rate).toMatchObject({ startDate: '2019-01-01', endDate: null });
    expect(Number(rate?.interestRate)).toBe(0.03);

    const summary = (await owner.get(`/api/v1/portfolios/${id}/summary`)).json();
    expect(summary.categories).toContainEqual(
      expect.objectContaining({
        class: 'market',
        category: 'market_investment',
        currency: 'EUR',
        itemCount: 1,
        totalCost: '1500.00',
        totalValue: '1805.00',
      }),
    );
    expect(summary.categories).toContainEqual(
      expect.objectContaining({
        class: 'generic',
        category: 'other',
        currency: 'USD',
        totalCost: '1960.00',
        totalValue: '2000.00',
      }),
    );
    expect(summary.limits).toEqual({ tier: 'free', assetLimit: 10, assetCount: 6 });

    // Each one has its opening buy, settled per its class's offset.
    const opening = await db().select().from(transactions).where(eq(transactions.portfolioId, id));
    expect(opening).toHaveLength(6);
    const settlement = Object.fromEntries(
      opening.map((row) => [row.assetType, [row.tradeDate, row.settlementDate]]),
    );
    expect(settlement).toEqual({
      market_investment: ['2024-01-10', '2024-01-12'],
      crypto_investment: ['2023-05-01', '2023-05-02'],
      real_estate_investment: ['2020-03-15', '2020-03-15'],
      crowdfunding_investment: ['2024-02-01', '2024-02-01'],
      savings_account: ['2019-01-01', '2019-01-01'],
      generic_asset: ['2024-06-01', '2024-06-02'],
    });
    // Filter by class.
    const onlyCrypto = (await owner.get(`/api/v1/portfolios/${id}/holdings?class=crypto`)).json();
    expect(onlyCrypto.holdings.map((h: { name: string }) => h.name)).toEqual(['Bitcoin']);
  });

  it('answers the spec’s messages and saves nothing when a holding is invalid', async () => {
    const id = await portfolio();
    const cases: [Record<string, unknown>, string][] = [
      [
        market({ symbol: 'aapl' }),
        'symbol: Symbol must contain only uppercase letters, numbers, dots, and hyphens',
      ],
      [market({ symbol: 'ABCDEFGHIJK' }), 'symbol: Symbol cannot exceed 10 characters'],
      [market({ name: ' ' }), 'name: Asset name is required'],
      [market({ quantity: '0' }), 'quantity: Share quantity must be positive'],
      [market({ purchasePrice: '-1' }), 'purchasePrice: Purchase price must be positive'],
      [market({ currentPrice: '0' }), 'currentPrice: Current price must be positive'],
      [market({ purchaseDate: undefined }), 'purchaseDate: Purchase date is required'],
      [
        {
          class: 'crowdfunding',
          platform: 'X',
          projectName: 'Y',
          amountInvested: '10.123',
          investmentDate: '2024-01-01',
        },
        'amountInvested: Amount cannot have more than 2 decimal places',
      ],
      [
        {
          class: 'crowdfunding',
          platform: 'X',
          projectName: 'Y',
          amountInvested: '10',
          equityPercentage: '120',
          investmentDate: '2024-01-01',
        },
        'equityPercentage: Percentage cannot exceed 100%',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await add(id, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect(await db().select().from(holdings).where(eq(holdings.portfolioId, id))).toEqual([]);
  });
});

describe('buy 10, buy 5, sell 12 FIFO', () => {
  it('consumes the first lot whole and 2 of the second, and estimates the tax per lot', async () => {
    const id = await portfolio();
    const holding = (
      await add(id, market({ quantity: '10', purchasePrice: '100', purchaseDate: '2024-01-10' }))
    ).json().holding;
    const second = await trade(id, {
      assetId: holding.id,
      transactionType: 'buy',
      quantity: '5',
      price: '120',
      tradeDate: '2024-06-01',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().transaction).toMatchObject({
      fees: '0',
      currency: 'EUR',
      exchangeRateToBase: '1',
      settlementDate: '2024-06-03',
      status: 'completed',
      tax: null,
    });
    const sale = await trade(id, {
      assetId: holding.id,
      assetType: 'market_investment',
      transactionType: 'sell',
      quantity: '12',
      price: '150',
      tradeDate: '2025-03-01',
    });
    expect(sale.statusCode).toBe(201);
    const sold = sale.json().transaction;
    expect(sold.costBasisMethod).toBe('fifo');
    // Lot 1: 10 x 150 = 1500 - 1000 = 500 over 416 days: long term, 17.2% = 86.00.
    // Lot 2: 2 x 150 = 300 - 240 = 60 over 273 days: short term, 30% = 18.00.
    expect(sold.tax.lots).toEqual([
      expect.objectContaining({
        lotNumber: 1,
        quantity: '10',
        proceeds: '1500.00',
        costBasis: '1000.00',
        gainLoss: '500.00',
        holdingPeriodDays: 416,
        isLongTerm: true,
        taxRate: '0.172',
        taxAmount: '86.00',
      }),
      expect.objectContaining({
        lotNumber: 2,
        quantity: '2',
        proceeds: '300.00',
        costBasis: '240.00',
        gainLoss: '60.00',
        holdingPeriodDays: 273,
        isLongTerm: false,
        taxRate: '0.3',
        taxAmount: '18.00',
      }),
    ]);
    expect(sold.tax.total).toEqual({
      proceeds: '1800.00',
      costBasis: '1240.00',
      gainLoss: '560.00',
      taxAmount: '104.00',
    });
    const lots = (await owner.get(`/api/v1/holdings/${holding.id}/lots`)).json().lots;
    expect(
      lots.map((lot: Record<string, string>) => [
        lot.lotNumber,
        lot.originalQuantity,
        lot.remainingQuantity,
        lot.status,
      ]),
    ).toEqual([
      [1, '10', '0', 'depleted'],
      [2, '5', '3', 'active'],
    ]);
    expect(lots[1].remainingCost).toBe('360.00');
    const after = (await owner.get(`/api/v1/holdings/${holding.id}`)).json().holding;
    expect(after).toMatchObject({ quantity: '3', purchasePrice: '120' });
    // Written to tax_calculations, one row per lot, FR, 2025.
    const taxRows = await db()
      .select()
      .from(taxCalculations)
      .where(eq(taxCalculations.transactionId, sold.id));
    expect(taxRows.map((row) => [row.taxJurisdiction, row.taxYear, row.taxAmount])).toEqual(
      expect.arrayContaining([
        ['FR', 2025, '86.00'],
        ['FR', 2025, '18.00'],
      ]),
    );
    // The detail answer reads the same estimate back.
    const detail = (await owner.get(`/api/v1/transactions/${sold.id}`)).json().transaction;
    expect(detail.tax.total).toEqual(sold.tax.total);
  });

  it('previews a sale without saving it', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '10', purchasePrice: '100' }))).json()
      .holding;
    const before = await db().select().from(transactions).where(eq(transactions.portfolioId, id));
    const res = await owner.post(`/api/v1/portfolios/${id}/transactions/preview`, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '4',
      price: '110',
      fees: '2',
      tradeDate: '2024-02-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tax.total).toEqual({
      proceeds: '438.00',
      costBasis: '400.00',
      gainLoss: '38.00',
      taxAmount: '11.40',
    });
    expect(await db().select().from(transactions).where(eq(transactions.portfolioId, id))).toEqual(
      before,
    );
  });
});

describe('the ledger’s rules', () => {
  it('refuses a sale above what is held, with the figures, and saves nothing', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '10' }))).json().holding;
    const res = await trade(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '10.5',
      price: '150',
      tradeDate: '2024-03-01',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient balance. Available: 10, Requested: 10.5',
      details: { available: '10', requested: '10.5' },
    });
    // A sale dated before the purchase sees nothing held.
    const early = await trade(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '1',
      price: '150',
      tradeDate: '2023-12-31',
    });
    expect(early.json().error.message).toBe('Insufficient balance. Available: 0, Requested: 1');
    expect(
      await db().select().from(transactions).where(eq(transactions.holdingId, holding.id)),
    ).toHaveLength(1);
  });

  it('names an unsupported type, and checks fees, price and dates', async () => {
    const id = await portfolio();
    const holding = (await add(id, market())).json().holding;
    const base = {
      assetId: holding.id,
      transactionType: 'buy',
      quantity: '1',
      price: '1',
      tradeDate: '2024-03-01',
    };
    const bad = await trade(id, { ...base, transactionType: 'swap' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'UNSUPPORTED_TRANSACTION_TYPE',
      message: 'Unsupported transaction type: swap',
      details: { type: 'swap' },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ assetId: undefined }, 'assetId: Asset ID is required'],
      [{ quantity: '0' }, 'quantity: Quantity must be positive'],
      [{ price: '-1' }, 'price: Price cannot be negative'],
      [{ fees: '-0.5' }, 'fees: Fees cannot be negative'],
      [
        { settlementDate: '2024-02-28' },
        'settlementDate: Settlement date cannot be before trade date',
      ],
    ];
    for (const [change, message] of cases) {
      const res = await trade(id, { ...base, ...change });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const mismatch = await trade(id, { ...base, assetType: 'crypto_investment' });
    expect(mismatch.json().error.code).toBe('ASSET_TYPE_MISMATCH');
  });

  it('deleting a sale gives its lots back; a buy a sale used cannot be deleted until then', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '10', purchasePrice: '100' }))).json()
      .holding;
    const [opening] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.holdingId, holding.id));
    const sale = (
      await trade(id, {
        assetId: holding.id,
        transactionType: 'sell',
        quantity: '10',
        price: '120',
        tradeDate: '2024-05-01',
      })
    ).json().transaction;
    const [depleted] = await db()
      .select()
      .from(transactionLots)
      .where(eq(transactionLots.holdingId, holding.id));
    expect(depleted).toMatchObject({ remainingQuantity: '0', status: 'depleted' });

    const refused = await owner.delete(`/api/v1/transactions/${opening?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'LOT_CONSUMED',
      message:
        'This purchase cannot be changed or deleted: a later sale used its shares. Delete that sale first.',
    });

    expect((await owner.delete(`/api/v1/transactions/${sale.id}`)).statusCode).toBe(204);
    const [restored] = await db()
      .select()
      .from(transactionLots)
      .where(eq(transactionLots.holdingId, holding.id));
    expect(restored).toMatchObject({ remainingQuantity: '10', status: 'active' });
    expect(
      await db().select().from(taxCalculations).where(eq(taxCalculations.transactionId, sale.id)),
    ).toEqual([]);
    expect(
      await db().select().from(lotAllocations).where(eq(lotAllocations.sellTransactionId, sale.id)),
    ).toEqual([]);

    expect((await owner.delete(`/api/v1/transactions/${opening?.id}`)).statusCode).toBe(204);
    expect(
      await db().select().from(transactionLots).where(eq(transactionLots.holdingId, holding.id)),
    ).toEqual([]);
    expect((await owner.get(`/api/v1/holdings/${holding.id}`)).json().holding.quantity).toBe('0');
  });

  it('sells specific lots, and replays when a buy is cancelled or back-dated', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '10', purchasePrice: '100' }))).json()
      .holding;
    const second = (
      await trade(id, {
        assetId: holding.id,
        transactionType: 'buy',
        quantity: '5',
        price: '200',
        tradeDate: '2024-03-01',
      })
    ).json().transaction;
    const mismatch = await trade(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '4',
      price: '250',
      tradeDate: '2024-04-01',
      costBasisMethod: 'specific_id',
      selectedLots: [{ lotId: second.id, quantity: '3' }],
    });
    expect(mismatch.json().error.code).toBe('INSUFFICIENT_LOT_QUANTITY');
    const sale = await trade(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '4',
      price: '250',
      tradeDate: '2024-04-01',
      costBasisMethod: 'specific_id',
      selectedLots: [{ lotId: second.id, quantity: '4' }],
    });
    expect(sale.statusCode).toBe(201);
    expect(sale.json().transaction.tax.total).toMatchObject({
      costBasis: '800.00',
      gainLoss: '200.00',
    });

    // Cancelling the second buy would leave the specific-lot sale without its lot: refused.
    const cancel = await owner.patch(`/api/v1/transactions/${second.id}`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('LOT_CONSUMED');
    const [kept] = await db().select().from(transactions).where(eq(transactions.id, second.id));
    expect(kept?.status).toBe('completed');

    // A status that keeps the ledger whole is fine, and audited.
    const pending = await owner.patch(`/api/v1/transactions/${sale.json().transaction.id}`, {
      notes: 'Sold to rebalance',
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().transaction.notes).toBe('Sold to rebalance');
  });
});

describe('the audit trail', () => {
  it('records each create, update and delete with session, ip and user agent', async () => {
    const id = await portfolio();
    const holding = (await add(id, market())).json().holding;
    const buy = (
      await trade(id, {
        assetId: holding.id,
        transactionType: 'buy',
        quantity: '1',
        price: '10',
        tradeDate: '2024-03-01',
      })
    ).json().transaction;
    await owner.patch(`/api/v1/transactions/${buy.id}`, { status: 'pending' });
    await owner.delete(`/api/v1/transactions/${buy.id}`);
    const rows = await db()
      .select()
      .from(transactionAuditTrail)
      .where(eq(transactionAuditTrail.entityId, buy.id))
      .orderBy(transactionAuditTrail.createdAt);
    expect(rows.map((row) => row.actionType).sort()).toEqual(['create', 'delete', 'update']);
    for (const row of rows) {
      expect(row.userId).toBe(ownerId);
      expect(row.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.ipAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(row.userAgent).toContain('Chrome');
    }
  });
});

describe('the plan’s asset limit', () => {
  it('allows 10 assets on the free plan, refuses the 11th, and none on pro', async () => {
    const id = await portfolio();
    for (let i = 0; i < 10; i += 1) {
      expect((await add(id, market({ symbol: `S${i}` }))).statusCode).toBe(201);
    }
    const refused = await add(id, market({ symbol: 'S10' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'TIER_ASSET_LIMIT',
      message: 'Your Free plan allows 10 assets per portfolio. Upgrade your plan to add more.',
      details: { tier: 'free', limit: 10 },
    });
    expect(await db().select().from(holdings).where(eq(holdings.portfolioId, id))).toHaveLength(10);
    await db().update(subscriptions).set({ tier: 'pro' }).where(eq(subscriptions.userId, ownerId));
    try {
      expect((await add(id, market({ symbol: 'S10' }))).statusCode).toBe(201);
    } finally {
      await db()
        .update(subscriptions)
        .set({ tier: 'free' })
        .where(eq(subscriptions.userId, ownerId));
    }
  });
});

describe('simulation scoping', () => {
  it('keeps real and simulated holdings and transactions apart', async () => {
    const id = await portfolio();
    const simA = await insertSimulation(db(), id, ownerId, 'A');
    const simB = await insertSimulation(db(), id, ownerId, 'B');
    const real = (await add(id, market({ symbol: 'REAL' }))).json().holding;
    const inA = (await add(id, market({ symbol: 'SIMA' }), simA.id)).json().holding;
    expect(inA.simulationId).toBe(simA.id);
    const names = async (sim?: string) =>
      (await owner.get(`/api/v1/portfolios/${id}/holdings${sim ? `?sim=${sim}` : ''}`))
        .json()
        .holdings.map((h: { symbol: string }) => h.symbol);
    expect(await names()).toEqual(['REAL']);
    expect(await names(simA.id)).toEqual(['SIMA']);
    expect(await names(simB.id)).toEqual([]);
    const txs = async (sim?: string) =>
      (await owner.get(`/api/v1/portfolios/${id}/transactions${sim ? `?sim=${sim}` : ''}`))
        .json()
        .transactions.map((row: { assetSymbol: string }) => row.assetSymbol);
    expect(await txs()).toEqual(['REAL']);
    expect(await txs(simA.id)).toEqual(['SIMA']);
    // A transaction in one scope cannot name a holding of another.
    const cross = await trade(
      id,
      {
        assetId: real.id,
        transactionType: 'buy',
        quantity: '1',
        price: '1',
        tradeDate: '2024-03-01',
      },
      simA.id,
    );
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.code).toBe('HOLDING_NOT_FOUND');
    // A simulation of another portfolio is not a scope of this one.
    const other = await portfolio();
    const foreign = await insertSimulation(db(), other, ownerId, 'Elsewhere');
    const wrong = await owner.get(`/api/v1/portfolios/${id}/holdings?sim=${foreign.id}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('SIMULATION_NOT_FOUND');
    // In simulation mode a real holding cannot be deleted; the simulated one can.
    const refused = await owner.delete(`/api/v1/holdings/${real.id}?sim=${simA.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'REAL_ASSET_IN_SIMULATION',
      message:
        'Cannot delete real assets in simulation mode. Switch to real portfolio to delete real assets.',
    });
    expect((await owner.delete(`/api/v1/holdings/${inA.id}?sim=${simA.id}`)).statusCode).toBe(204);
    expect((await owner.delete(`/api/v1/holdings/${real.id}`)).statusCode).toBe(204);
    expect(await db().select().from(transactions).where(eq(transactions.portfolioId, id))).toEqual(
      [],
    );
  });

  it('copies the real holdings with their ledger into a new simulation on request', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '10', purchasePrice: '100' }))).json()
      .holding;
    await trade(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '4',
      price: '150',
      tradeDate: '2024-05-01',
    });
    const res = await owner.post(`/api/v1/portfolios/${id}/simulations`, {
      name: 'What if',
      copyHoldings: true,
    });
    expect(res.statusCode).toBe(201);
    const sim = res.json().simulation.id;
    const copied = (await owner.get(`/api/v1/portfolios/${id}/holdings?sim=${sim}`)).json()
      .holdings;
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({ symbol: 'AAPL', quantity: '6', simulationId: sim });
    expect(copied[0].id).not.toBe(holding.id);
    const lots = (await owner.get(`/api/v1/holdings/${copied[0].id}/lots?sim=${sim}`)).json().lots;
    expect(lots.map((lot: { remainingQuantity: string }) => lot.remainingQuantity)).toEqual(['6']);
    const { stats } = (await owner.get(`/api/v1/simulations/${sim}/stats`)).json();
    expect(stats).toMatchObject({ totalAssets: 1, totalTransactions: 2, totalValue: '1083' });
    // Selling in the simulation leaves the real holding alone.
    await trade(
      id,
      {
        assetId: copied[0].id,
        transactionType: 'sell',
        quantity: '6',
        price: '1',
        tradeDate: '2024-06-01',
      },
      sim,
    );
    expect((await owner.get(`/api/v1/holdings/${holding.id}`)).json().holding.quantity).toBe('6');
  });

  it('copies a long ledger into a simulation, lot for lot (replayed on a compute worker)', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '10', purchasePrice: '100' }))).json()
      .holding;
    // 3,200 more trades (more than one value list can carry), ten a day recorded a microsecond
    // apart (a day's order rests on it): buys, and every fourth a FIFO sale.
    await db().execute(sql`
      insert into transactions (user_id, portfolio_id, holding_id, asset_type, transaction_type,
        quantity, price, trade_date, settlement_date, cost_basis_method, created_at)
      select ${ownerId}, ${id}, ${holding.id}, 'market_investment',
        case when n % 4 = 0 then 'sell' else 'buy' end, 1 + n % 3,
        10 + n % 7, date '2024-02-01' + n / 10, date '2024-02-01' + n / 10,
        case when n % 4 = 0 then 'fifo' end,
        timestamptz '2024-01-01 00:00:00+00' + n * interval '1 microsecond'
      from generate_series(1, 3200) as n`);
    const [row] = await db().select().from(holdings).where(eq(holdings.id, holding.id));
    if (!row) throw new Error('no holding');
    await db().transaction((tx) => rebuildHolding(tx, row, new Date()));
    // And a sale of a lot named by its buy (the last one: FIFO sales took the first).
    const [named] = await db()
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.holdingId, holding.id), eq(transactions.transactionType, 'buy')))
      .orderBy(desc(transactions.tradeDate), desc(transactions.createdAt))
      .limit(1);
    const specific = await trade(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '1',
      price: '30',
      tradeDate: '2025-03-01',
      costBasisMethod: 'specific_id',
      selectedLots: [{ lotId: named?.id, quantity: '1' }],
    });
    expect(specific.statusCode, specific.body).toBe(201);
    const real = (await owner.get(`/api/v1/holdings/${holding.id}/lots`)).json().lots;
    const res = await owner.post(`/api/v1/portfolios/${id}/simulations`, {
      name: 'Long what if',
      copyHoldings: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sim = res.json().simulation.id;
    const [copy] = (await owner.get(`/api/v1/portfolios/${id}/holdings?sim=${sim}`)).json()
      .holdings;
    const copied = (await owner.get(`/api/v1/holdings/${copy.id}/lots?sim=${sim}`)).json().lots;
    const figures = (lots: Record<string, unknown>[]) =>
      lots.map(({ lotNumber, acquisitionDate, remainingQuantity, acquisitionPrice }) => ({
        lotNumber,
        acquisitionDate,
        remainingQuantity,
        acquisitionPrice,
      }));
    expect(real.length).toBeGreaterThan(100);
    expect(figures(copied)).toEqual(figures(real));
    expect(copy.quantity).toBe(
      (await owner.get(`/api/v1/holdings/${holding.id}`)).json().holding.quantity,
    );
  });
});

describe('deleting', () => {
  it('deletes a savings account softly, and anything else with its ledger', async () => {
    const id = await portfolio();
    const savings = (
      await add(id, {
        class: 'savings',
        accountName: 'PEL',
        bankName: 'Crédit Agricole',
        accountType: 'pel',
        currentBalance: '1000',
        openingDate: '2022-01-01',
      })
    ).json().holding;
    expect((await owner.delete(`/api/v1/holdings/${savings.id}`)).statusCode).toBe(204);
    const [row] = await db().select().from(holdings).where(eq(holdings.id, savings.id));
    expect(row?.isActive).toBe(false);
    expect((await owner.get(`/api/v1/portfolios/${id}/holdings`)).json().holdings).toEqual([]);
    expect((await owner.get(`/api/v1/holdings/${savings.id}`)).statusCode).toBe(404);
  });
});

describe('a failure in the middle of a sale', () => {
  it('leaves no partial rows: no transaction, no lot change, no tax row', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '10', purchasePrice: '100' }))).json()
      .holding;
    // A first sale, so the holding has allocation and tax rows a failed replay must leave alone.
    const first = await trade(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '2',
      price: '130',
      tradeDate: '2024-04-01',
    });
    expect(first.statusCode).toBe(201);
    const state = async () => ({
      transactions: await db()
        .select()
        .from(transactions)
        .where(eq(transactions.holdingId, holding.id)),
      lots: await db()
        .select()
        .from(transactionLots)
        .where(eq(transactionLots.holdingId, holding.id)),
      allocations: await db()
        .select({ allocation: lotAllocations })
        .from(lotAllocations)
        .innerJoin(transactionLots, eq(transactionLots.id, lotAllocations.lotId))
        .where(eq(transactionLots.holdingId, holding.id)),
      taxRows: await db().select().from(taxCalculations).where(eq(taxCalculations.portfolioId, id)),
      holding: await db().select().from(holdings).where(eq(holdings.id, holding.id)),
      audit: await db()
        .select()
        .from(transactionAuditTrail)
        .where(eq(transactionAuditTrail.portfolioId, id)),
    });
    const before = await state();
    expect(before.allocations).toHaveLength(1);
    expect(before.taxRows).toHaveLength(1);
    // The tax rows are written last: make that write fail, as a full disk or a crash would.
    await db().execute(
      sql.raw(`create or replace function fail_tax() returns trigger language plpgsql as $$
        begin raise exception 'injected failure'; end $$`),
    );
    await db().execute(
      sql.raw(
        `create trigger fail_tax before insert on tax_calculations for each row execute function fail_tax()`,
      ),
    );
    try {
      const res = await trade(id, {
        assetId: holding.id,
        transactionType: 'sell',
        quantity: '4',
        price: '150',
        tradeDate: '2024-05-01',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('UNKNOWN_ERROR');
    } finally {
      await db().execute(sql.raw('drop trigger fail_tax on tax_calculations'));
    }
    expect(await state()).toEqual(before);
  });
});

describe('the transactions list', () => {
  it('pages by settlement date, newest first, filters, and totals the selection', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '10', purchasePrice: '100' }))).json()
      .holding;
    for (const [type, quantity, price, date] of [
      ['buy', '5', '110', '2024-02-01'],
      ['sell', '3', '130', '2024-03-01'],
      ['dividend', '15', '0.5', '2024-04-01'],
    ] as const) {
      const res = await trade(id, {
        assetId: holding.id,
        transactionType: type,
        quantity,
        price,
        fees: '1',
        tradeDate: date,
      });
      expect(res.statusCode).toBe(201);
    }
    const page = async (query: string) =>
      (await owner.get(`/api/v1/portfolios/${id}/transactions?${query}`)).json();
    const first = await page('pageSize=2');
    expect(
      first.transactions.map((row: { transactionType: string }) => row.transactionType),
    ).toEqual(['dividend', 'sell']);
    expect(first).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    const second = await page('pageSize=2&page=2');
    expect(
      second.transactions.map((row: { transactionType: string }) => row.transactionType),
    ).toEqual(['buy', 'buy']);
    expect(second.hasMore).toBe(false);
    expect((await page('type=sell')).transactions).toHaveLength(1);
    expect(
      (await page('minAmount=500&sort=amount&order=asc')).transactions.map(
        (row: { amount: string }) => row.amount,
      ),
    ).toEqual(['550.00', '1000.00']);
    expect((await page('from=2024-03-01&to=2024-03-31')).transactions).toHaveLength(1);
    const totals = async (query = '') =>
      (await owner.get(`/api/v1/portfolios/${id}/transactions/totals${query}`)).json();
    expect(await totals()).toEqual({
      count: 4,
      byCurrency: [
        { currency: 'EUR', bought: '1550.00', sold: '390.00', income: '7.50', fees: '3.00' },
      ],
    });

    // Another currency is totalled apart, never added to euros (its rate to base is 1 by default).
    const dollars = (
      await add(
        id,
        market({ symbol: 'MSFT', name: 'Microsoft', quantity: '2', purchasePrice: '400' }),
      )
    ).json().holding;
    expect(
      (
        await trade(id, {
          assetId: dollars.id,
          transactionType: 'dividend',
          quantity: '2',
          price: '0.83',
          fees: '0.1',
          currency: 'USD',
          tradeDate: '2024-05-01',
        })
      ).statusCode,
    ).toBe(201);
    expect(await totals()).toEqual({
      count: 6,
      byCurrency: [
        { currency: 'EUR', bought: '2350.00', sold: '390.00', income: '7.50', fees: '3.00' },
        { currency: 'USD', bought: '0.00', sold: '0.00', income: '1.66', fees: '0.10' },
      ],
    });
    expect(await totals('?type=sell')).toEqual({
      count: 1,
      byCurrency: [
        { currency: 'EUR', bought: '0.00', sold: '390.00', income: '0.00', fees: '1.00' },
      ],
    });
    expect(await totals('?from=2030-01-01')).toEqual({ count: 0, byCurrency: [] });
  });

  it('counts a fee payment’s whole amount in the fees, with its own fees column', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '10', purchasePrice: '100' }))).json()
      .holding;
    const res = await trade(id, {
      assetId: holding.id,
      transactionType: 'fee',
      quantity: '1',
      price: '5',
      fees: '0.5',
      tradeDate: '2024-02-01',
    });
    expect(res.statusCode, res.body).toBe(201);
    const totals = (await owner.get(`/api/v1/portfolios/${id}/transactions/totals`)).json();
    expect(totals).toEqual({
      count: 2,
      byCurrency: [
        { currency: 'EUR', bought: '1000.00', sold: '0.00', income: '0.00', fees: '5.50' },
      ],
    });
    const fees = (await owner.get(`/api/v1/portfolios/${id}/transactions/totals?type=fee`)).json();
    expect(fees.byCurrency).toEqual([
      { currency: 'EUR', bought: '0.00', sold: '0.00', income: '0.00', fees: '5.50' },
    ]);
  });
});

describe('real time', () => {
  it('tells the portfolio’s open tabs when its holdings or transactions change', async () => {
    const id = await portfolio();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(`${address.replace('http', 'ws')}/api/v1/realtime`, {
      origin: TEST_ORIGIN,
      cookie: owner.cookieHeader(),
    });
    try {
      socket.send({ type: 'subscribe', topic: `portfolio:${id}` });
      await socket.next((m) => m.type === 'subscribed' && m.topic === `portfolio:${id}`);
      const holding = (await add(id, market())).json().holding;
      expect(
        await socket.next((m) => m.type === 'event' && m.topic === `portfolio:${id}`),
      ).toMatchObject({
        payload: { type: 'portfolio-changed', portfolioId: id, entity: 'holdings' },
      });
      await trade(id, {
        assetId: holding.id,
        transactionType: 'dividend',
        quantity: '10',
        price: '0.24',
        tradeDate: '2024-05-01',
      });
      expect(
        await socket.next((m) => m.type === 'event' && m.topic === `portfolio:${id}`),
      ).toMatchObject({ payload: { entity: 'holdings' } });
    } finally {
      socket.close();
    }
  });
});

describe('changing a holding', () => {
  it('updates the price and the class’s fields with the class’s rules', async () => {
    const id = await portfolio();
    const holding = (await add(id, market())).json().holding;
    const res = await owner.patch(`/api/v1/holdings/${holding.id}`, {
      currentPrice: '190',
      details: { sector: 'Healthcare' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().holding).toMatchObject({
      currentPrice: '190',
      quantity: '10',
      marketValue: '1900.00',
      details: expect.objectContaining({ sector: 'Healthcare' }),
    });
    const badSymbol = await owner.patch(`/api/v1/holdings/${holding.id}`, { symbol: 'aapl' });
    expect(badSymbol.statusCode).toBe(400);
    expect(badSymbol.json().error.message).toBe(
      'symbol: Symbol must contain only uppercase letters, numbers, dots, and hyphens',
    );
    const badSector = await owner.patch(`/api/v1/holdings/${holding.id}`, {
      details: { sector: 'Astrology' },
    });
    expect(badSector.statusCode).toBe(400);
    expect((await owner.get(`/api/v1/holdings/${holding.id}`)).json().holding.details.sector).toBe(
      'Healthcare',
    );
  });
});

describe('a long history', () => {
  it('replays a holding of 4,000 purchases (lots written in batches)', async () => {
    const id = await portfolio();
    const holding = (await add(id, market({ quantity: '1', purchasePrice: '10' }))).json().holding;
    await db().execute(sql`
      insert into transactions (user_id, portfolio_id, holding_id, asset_type, transaction_type,
        quantity, price, trade_date, settlement_date)
      select ${ownerId}, ${id}, ${holding.id}, 'market_investment', 'buy', 1, 10 + n % 5,
        date '2024-02-01' + (n % 300), date '2024-02-01' + (n % 300)
      from generate_series(1, 4000) as n`);
    // Written around the ledger: replayed whole, as every writer of transactions must (a write
    // through the API replays only from its own date, trusting what is stored before it).
    const [row] = await db().select().from(holdings).where(eq(holdings.id, holding.id));
    if (!row) throw new Error('no holding');
    await db().transaction((tx) => rebuildHolding(tx, row, new Date()));
    const res = await trade(id, {
      assetId: holding.id,
      transactionType: 'sell',
      quantity: '2500',
      price: '20',
      tradeDate: '2025-06-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().transaction.tax.lots).toHaveLength(2500);
    const [lots] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(transactionLots)
      .where(eq(transactionLots.holdingId, holding.id));
    expect(lots?.n).toBe(4001);
    expect((await owner.get(`/api/v1/holdings/${holding.id}`)).json().holding.quantity).toBe(
      '1501',
    );
  });
});
