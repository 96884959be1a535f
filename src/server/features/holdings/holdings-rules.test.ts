import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestToday } from '@/contracts/holdings';
import { fxRates, holdings, subscriptions, transactionLots, transactions } from '../../db/schema';
import { type Agent, registerUser } from '../../testing/agent';
import { insertPortfolio, insertSimulation } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The holdings rules of the issue 6 review: every field of each class's form, the spec's
 * validation messages (dates, investment amounts, share and crypto precision, tax rate, URL),
 * the view a holding belongs to (?sim= on GET and PATCH), what a change may touch, and the
 * classic plan's limit.
 */

let t: TestApp;
let owner: Agent;
let ownerId: string;
let stranger: Agent;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'rules@example.com'));
  ({ agent: stranger } = await registerUser(t.app, 'rules-stranger@example.com'));
});
afterAll(() => t.close());

async function portfolio() {
  return (await insertPortfolio(db(), ownerId, { name: 'Rules' })).id;
}

const sim = (id?: string) => (id ? `?sim=${id}` : '');
const add = (portfolioId: string, body: Record<string, unknown>, simulationId?: string) =>
  owner.post(`/api/v1/portfolios/${portfolioId}/holdings${sim(simulationId)}`, body);
const patch = (id: string, body: Record<string, unknown>, simulationId?: string) =>
  owner.patch(`/api/v1/holdings/${id}${sim(simulationId)}`, body);
const get = (id: string, simulationId?: string) =>
  owner.get(`/api/v1/holdings/${id}${sim(simulationId)}`);

const market = (extra: Record<string, unknown> = {}) => ({
  class: 'market',
  symbol: 'AAPL',
  name: 'Apple Inc.',
  quantity: '10',
  purchasePrice: '150',
  currentPrice: '180',
  purchaseDate: '2024-01-10',
  ...extra,
});
const crypto = (extra: Record<string, unknown> = {}) => ({
  class: 'crypto',
  symbol: 'BTC',
  name: 'Bitcoin',
  quantity: '0.5',
  purchasePrice: '30000',
  currentPrice: '60000',
  purchaseDate: '2023-05-01',
  ...extra,
});
const crowdfunding = (extra: Record<string, unknown> = {}) => ({
  class: 'crowdfunding',
  platform: 'Enerfip',
  projectName: 'Solar farm',
  amountInvested: '1000',
  investmentDate: '2024-02-01',
  ...extra,
});
const savings = (extra: Record<string, unknown> = {}) => ({
  class: 'savings',
  accountName: 'Term deposit',
  bankName: 'BNP Paribas',
  accountType: 'cd',
  currentBalance: '2000',
  openingDate: '2024-01-01',
  ...extra,
});
const realEstate = (extra: Record<string, unknown> = {}) => ({
  class: 'real_estate',
  propertyName: 'Flat in Lyon',
  propertyType: 'apartment',
  address: '1 rue de la République',
  purchasePrice: '250000',
  currentValue: '270000',
  purchaseDate: '2020-03-15',
  ...extra,
});

/** A day after the latest "today" on Earth: the future for everyone. */
function tomorrowEverywhere() {
  const day = new Date(`${latestToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function expectRefused(
  res: { statusCode: number; json: () => { error: { code: string; message: string } } },
  message: string,
) {
  expect(res.statusCode, message).toBe(400);
  expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
}

describe('the add forms’ fields', () => {
  it('stores every field of real estate, savings and generic assets', async () => {
    const id = await portfolio();
    const estate = await add(
      id,
      realEstate({
        state: 'Auvergne-Rhône-Alpes',
        zipCode: '69002',
        latitude: 45.764,
        longitude: 4.8357,
        description: 'Top floor, balcony',
        size: '62.5',
        bedrooms: 2,
      }),
    );
    expect(estate.statusCode, estate.body).toBe(201);
    expect(estate.json().holding.details).toMatchObject({
      state: 'Auvergne-Rhône-Alpes',
      zipCode: '69002',
      latitude: 45.764,
      longitude: 4.8357,
      description: 'Top floor, balcony',
      size: '62.5',
      bedrooms: 2,
    });

    const account = await add(
      id,
      savings({
        accountNumber: 'FR76 0001',
        notes: 'For the car',
        bankLogoUrl: 'https://bank.example/logo.png',
        maturityDate: '2027-01-01',
      }),
    );
    expect(account.statusCode, account.body).toBe(201);
    expect(account.json().holding.details).toMatchObject({
      accountNumber: 'FR76 0001',
      notes: 'For the car',
      bankLogoUrl: 'https://bank.example/logo.png',
      maturityDate: '2027-01-01',
      // Not exempt: the default rate applies.
      isTaxExempt: false,
      taxRate: '0.3',
    });
    // A Livret A pays no tax, whatever rate is given.
    const livret = await add(
      id,
      savings({ accountName: 'Livret A', accountType: 'livret_a', taxRate: '0.2' }),
    );
    expect(livret.json().holding.details).toMatchObject({ isTaxExempt: true, taxRate: '0' });
    const given = await add(id, savings({ accountName: 'CTO', taxRate: '0.128' }));
    expect(given.json().holding.details.taxRate).toBe('0.128');

    const generic = await add(id, {
      class: 'generic',
      type: 'bond',
      name: 'OAT 2030',
      description: 'French government bond',
      quantity: '2',
      purchasePrice: '980',
      currentPrice: '1000',
      purchaseDate: '2024-06-01',
      maturityDate: '2030-11-25',
      sector: 'Government',
    });
    expect(generic.statusCode, generic.body).toBe(201);
    expect(generic.json().holding.details).toMatchObject({
      description: 'French government bond',
      maturityDate: '2030-11-25',
      sector: 'Government',
    });
  });
});

describe('the spec’s validation messages', () => {
  it('tells a malformed date from a missing one, and refuses future dates', async () => {
    const id = await portfolio();
    const future = tomorrowEverywhere();
    const cases: [Record<string, unknown>, string][] = [
      [market({ purchaseDate: undefined }), 'purchaseDate: Purchase date is required'],
      [market({ purchaseDate: '' }), 'purchaseDate: Purchase date is required'],
      [market({ purchaseDate: '10/01/2024' }), 'purchaseDate: Invalid date format'],
      [market({ purchaseDate: '2024-02-30' }), 'purchaseDate: Invalid date format'],
      [market({ purchaseDate: future }), 'purchaseDate: Date cannot be in the future'],
      [crypto({ purchaseDate: future }), 'purchaseDate: Date cannot be in the future'],
      [realEstate({ purchaseDate: 'soon' }), 'purchaseDate: Invalid date format'],
      [crowdfunding({ investmentDate: future }), 'investmentDate: Date cannot be in the future'],
      [crowdfunding({ investmentDate: '2024-1-1' }), 'investmentDate: Invalid date format'],
      [savings({ openingDate: undefined }), 'openingDate: Opening date is required'],
      [savings({ openingDate: 'yesterday' }), 'openingDate: Invalid date format'],
      [savings({ openingDate: future }), 'openingDate: Date cannot be in the future'],
      [
        savings({ openingDate: '2024-01-01', maturityDate: '2024-01-01' }),
        'maturityDate: Maturity date must be after the opening date',
      ],
      [
        savings({ openingDate: '2024-01-01', maturityDate: '2023-06-30' }),
        'maturityDate: Maturity date must be after the opening date',
      ],
    ];
    for (const [body, message] of cases) await expectRefused(await add(id, body), message);
    // Today is not the future.
    const today = new Date().toISOString().slice(0, 10);
    expect((await add(id, market({ purchaseDate: today }))).statusCode).toBe(201);
    expect(await db().select().from(holdings).where(eq(holdings.portfolioId, id))).toHaveLength(1);
  });

  it('applies the investment amount, share, crypto, tax rate and URL rules', async () => {
    const id = await portfolio();
    const cases: [Record<string, unknown>, string][] = [
      [
        crowdfunding({ amountInvested: '0.99' }),
        'amountInvested: Investment amount must be at least $1.00',
      ],
      [
        crowdfunding({ amountInvested: '-5' }),
        'amountInvested: Investment amount must be at least $1.00',
      ],
      [
        crowdfunding({ amountInvested: '1000000000.01' }),
        'amountInvested: Investment amount cannot exceed $1,000,000,000',
      ],
      [crowdfunding({ amountInvested: 'lots' }), 'amountInvested: Enter a number'],
      [market({ quantity: '0' }), 'quantity: Share quantity must be positive'],
      [market({ quantity: '-3' }), 'quantity: Share quantity must be positive'],
      [market({ quantity: '1.1234567' }), 'quantity: Invalid share quantity precision'],
      [
        crypto({ quantity: '0.123456789' }),
        'quantity: Quantity cannot have more than 8 decimal places',
      ],
      [savings({ taxRate: '1.5' }), 'taxRate: Tax rate must be between 0% and 100%'],
      [savings({ taxRate: '-0.1' }), 'taxRate: Tax rate must be between 0% and 100%'],
      [savings({ taxRate: 'thirty' }), 'taxRate: Tax rate must be between 0% and 100%'],
      [savings({ bankLogoUrl: 'not a url' }), 'bankLogoUrl: Invalid URL format'],
      [savings({ bankLogoUrl: 'javascript:alert(1)' }), 'bankLogoUrl: Invalid URL format'],
      [realEstate({ latitude: 91 }), 'latitude: Latitude must be a number from -90 to 90'],
      [realEstate({ bedrooms: 1.5 }), 'bedrooms: Enter a whole number from 0 to 100'],
    ];
    for (const [body, message] of cases) await expectRefused(await add(id, body), message);
    expect(await db().select().from(holdings).where(eq(holdings.portfolioId, id))).toEqual([]);

    // The bounds themselves are allowed.
    for (const body of [
      crowdfunding({ amountInvested: '1' }),
      crowdfunding({ projectName: 'Big', amountInvested: '1000000000' }),
      market({ quantity: '1.123456' }),
      crypto({ quantity: '0.12345678' }),
      savings({ taxRate: '1' }),
      savings({ taxRate: '0', bankLogoUrl: '' }),
    ]) {
      const res = await add(id, body);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('the view a holding belongs to', () => {
  it('reads, changes and deletes a holding only from its own view (?sim=)', async () => {
    const id = await portfolio();
    const simA = await insertSimulation(db(), id, ownerId, 'A');
    const simB = await insertSimulation(db(), id, ownerId, 'B');
    const real = (await add(id, market({ symbol: 'REAL' }))).json().holding;
    const inA = (await add(id, market({ symbol: 'SIMA' }), simA.id)).json().holding;

    const notFound = { code: 'HOLDING_NOT_FOUND', message: 'Investment not found' };
    for (const [holding, view] of [
      [real, simA.id],
      [inA, undefined],
      [inA, simB.id],
    ] as const) {
      const read = await get(holding.id, view);
      expect(read.statusCode).toBe(404);
      expect(read.json().error).toMatchObject({ ...notFound, details: { class: 'market' } });
      const changed = await patch(holding.id, { currentPrice: '1' }, view);
      expect(changed.statusCode).toBe(404);
      expect(changed.json().error).toMatchObject(notFound);
    }
    // A simulated holding cannot be deleted from another view either.
    expect((await owner.delete(`/api/v1/holdings/${inA.id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/v1/holdings/${inA.id}?sim=${simB.id}`)).statusCode).toBe(404);
    // Nothing changed.
    const rows = await db().select().from(holdings).where(eq(holdings.portfolioId, id));
    expect(rows.map((row) => [row.symbol, row.currentPrice]).sort()).toEqual([
      ['REAL', '180'],
      ['SIMA', '180'],
    ]);

    // From its own view: read and changed.
    expect((await get(real.id)).json().holding.symbol).toBe('REAL');
    expect((await get(inA.id, simA.id)).json().holding.symbol).toBe('SIMA');
    expect((await patch(real.id, { currentPrice: '190' })).json().holding.currentPrice).toBe('190');
    const simChanged = await patch(inA.id, { currentPrice: '200' }, simA.id);
    expect(simChanged.statusCode).toBe(200);
    expect(simChanged.json().holding.currentPrice).toBe('200');
    expect((await get(real.id)).json().holding.currentPrice).toBe('190');
  });

  it('names the class of a deleted savings account, and nothing for someone else’s holding', async () => {
    const id = await portfolio();
    const account = (await add(id, savings())).json().holding;
    expect((await owner.delete(`/api/v1/holdings/${account.id}`)).statusCode).toBe(204);
    const gone = await get(account.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toMatchObject({
      code: 'HOLDING_NOT_FOUND',
      message: 'Savings account not found',
      details: { class: 'savings' },
    });
    const mine = (await add(id, crypto())).json().holding;
    for (const res of [
      await stranger.get(`/api/v1/holdings/${mine.id}`),
      await stranger.patch(`/api/v1/holdings/${mine.id}`, { name: 'Mine now' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'HOLDING_NOT_FOUND',
        message: 'Asset not found',
        details: null,
      });
    }
    expect((await get(mine.id)).json().holding.name).toBe('Bitcoin');
  });
});

describe('changing a holding', () => {
  it('takes each class’s own statuses and refuses others', async () => {
    const id = await portfolio();
    const stock = (await add(id, market())).json().holding;
    const project = (await add(id, crowdfunding())).json().holding;
    const flat = (await add(id, realEstate())).json().holding;
    const account = (await add(id, savings())).json().holding;
    for (const [holding, status] of [
      [stock, 'delayed'],
      [stock, 'watch'],
      [project, 'closed'],
      [flat, 'repaid'],
      [account, 'closed'],
    ] as const) {
      await expectRefused(
        await patch(holding.id, { status }),
        'status: Choose a status from the list',
      );
    }
    expect((await patch(stock.id, { status: 'closed' })).json().holding.status).toBe('closed');
    expect((await patch(project.id, { status: 'repaid' })).json().holding.status).toBe('repaid');
    expect((await patch(flat.id, { status: 'sold' })).json().holding.status).toBe('sold');
  });

  it('keeps the symbol rules: required for market and crypto, free for others', async () => {
    const id = await portfolio();
    const stock = (await add(id, market())).json().holding;
    await expectRefused(await patch(stock.id, { symbol: null }), 'symbol: Symbol is required');
    await expectRefused(
      await patch(stock.id, { symbol: 'TOO-LONG-SYMBOL' }),
      'symbol: Symbol cannot exceed 10 characters',
    );
    expect((await get(stock.id)).json().holding.symbol).toBe('AAPL');
    const coin = (await add(id, crypto())).json().holding;
    expect((await patch(coin.id, { symbol: 'eth' })).json().holding.symbol).toBe('ETH');
    await expectRefused(await patch(coin.id, { symbol: null }), 'symbol: Symbol is required');
    const bond = (
      await add(id, {
        class: 'generic',
        type: 'bond',
        name: 'OAT',
        symbol: 'OAT30',
        quantity: '1',
        purchasePrice: '1',
        currentPrice: '1',
        purchaseDate: '2024-01-01',
      })
    ).json().holding;
    expect((await patch(bond.id, { symbol: null })).json().holding.symbol).toBeNull();
  });

  it('sets the name and value columns from GET’s names and the class’s own names', async () => {
    const id = await portfolio();
    const flat = (await add(id, realEstate())).json().holding;
    // GET's names.
    const renamed = await patch(flat.id, { name: 'Lyon flat', currentPrice: '280000' });
    expect(renamed.json().holding).toMatchObject({ name: 'Lyon flat', currentPrice: '280000' });
    // The create body's names set the same columns, not a copy in details.
    const aliased = await patch(flat.id, {
      details: { propertyName: 'Presqu’île flat', currentValue: '290000.50', city: 'Lyon' },
    });
    expect(aliased.statusCode, aliased.body).toBe(200);
    const holding = aliased.json().holding;
    expect(holding).toMatchObject({
      name: 'Presqu’île flat',
      currentPrice: '290000.5',
      marketValue: '290000.50',
      details: expect.objectContaining({ city: 'Lyon' }),
    });
    expect(holding.details).not.toHaveProperty('propertyName');
    expect(holding.details).not.toHaveProperty('currentValue');
    await expectRefused(
      await patch(flat.id, { currentPrice: '290000.123' }),
      'currentPrice: Amount cannot have more than 2 decimal places',
    );

    const project = (await add(id, crowdfunding())).json().holding;
    const funded = (
      await patch(project.id, { details: { projectName: 'Wind farm', valuation: '1100' } })
    ).json().holding;
    expect(funded).toMatchObject({ name: 'Wind farm', currentPrice: '1100', gainLoss: '100.00' });
    expect(funded.details).not.toHaveProperty('projectName');

    const account = (await add(id, savings())).json().holding;
    const named = (await patch(account.id, { details: { accountName: 'Rainy day' } })).json()
      .holding;
    expect(named.name).toBe('Rainy day');
    expect(named.details).not.toHaveProperty('accountName');
  });

  it('refuses the ledger’s fields, a savings balance and an interest rate, saying what to do', async () => {
    const id = await portfolio();
    const stock = (await add(id, market())).json().holding;
    const ledger = 'This changes through transactions: record a transaction instead';
    await expectRefused(await patch(stock.id, { quantity: '99' }), `quantity: ${ledger}`);
    await expectRefused(
      await patch(stock.id, { currentPrice: '200', purchasePrice: '1' }),
      `purchasePrice: ${ledger}`,
    );
    await expectRefused(
      await patch(stock.id, { details: { sector: 'Energy', purchaseDate: '2020-01-01' } }),
      `details.purchaseDate: ${ledger}`,
    );
    await expectRefused(
      await patch(stock.id, { details: { astrology: 'Leo' } }),
      'details.astrology: This field cannot be changed here',
    );
    expect((await get(stock.id)).json().holding).toMatchObject({
      quantity: '10',
      purchasePrice: '150',
      currentPrice: '180',
      purchaseDate: '2024-01-10',
      details: expect.not.objectContaining({ sector: 'Energy' }),
    });
    const project = (await add(id, crowdfunding())).json().holding;
    await expectRefused(
      await patch(project.id, { details: { amountInvested: '5000' } }),
      `details.amountInvested: ${ledger}`,
    );

    const account = (await add(id, savings())).json().holding;
    const balance =
      'A savings balance changes through deposits and withdrawals: record one instead';
    await expectRefused(
      await patch(account.id, { details: { currentBalance: '9999' } }),
      `details.currentBalance: ${balance}`,
    );
    await expectRefused(await patch(account.id, { currentPrice: '2' }), `currentPrice: ${balance}`);
    await expectRefused(
      await patch(account.id, { details: { interestRate: '4' } }),
      'details.interestRate: Change the interest rate from the account’s rate history',
    );
    await expectRefused(
      await patch(account.id, { details: { maturityDate: '2023-12-31' } }),
      'details.maturityDate: Maturity date must be after the opening date',
    );
    await expectRefused(
      await patch(account.id, { details: { taxRate: '2' } }),
      'details.taxRate: Tax rate must be between 0% and 100%',
    );
    expect((await get(account.id)).json().holding).toMatchObject({
      quantity: '2000',
      marketValue: '2000.00',
      details: expect.objectContaining({ taxRate: '0.3', maturityDate: null }),
    });
  });

  it('follows the account type: exempt types have no tax rate, others get the default back', async () => {
    const id = await portfolio();
    const account = (await add(id, savings({ taxRate: '0.2' }))).json().holding;
    const exempt = (
      await patch(account.id, { details: { accountType: 'ldd', taxRate: '0.5' } })
    ).json().holding;
    expect(exempt.details).toMatchObject({ accountType: 'ldd', isTaxExempt: true, taxRate: '0' });
    const back = (await patch(account.id, { details: { accountType: 'savings' } })).json().holding;
    expect(back.details).toMatchObject({ isTaxExempt: false, taxRate: '0.3' });
    const set = (
      await patch(account.id, {
        details: {
          taxRate: '0.172',
          bankLogoUrl: 'https://bank.example/l.svg',
          maturityDate: '2030-01-01',
        },
      })
    ).json().holding;
    expect(set.details).toMatchObject({
      taxRate: '0.172',
      bankLogoUrl: 'https://bank.example/l.svg',
      maturityDate: '2030-01-01',
    });
  });

  it('corrects a mistaken currency while the ledger is only the opening purchase, then refuses', async () => {
    const id = await portfolio();
    // One euro bought 1.1 dollars on the purchase date.
    await db().insert(fxRates).values({ currency: 'USD', rateDate: '2024-01-01', rate: '1.1' });
    const stock = (await add(id, market())).json().holding;
    const corrected = await patch(stock.id, { currency: 'USD' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().holding).toMatchObject({ currency: 'USD', quantity: '10' });
    // The opening purchase and its lot were typed in dollars: they take the dollar and its rate.
    const [opening] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.holdingId, stock.id));
    expect(opening?.currency).toBe('USD');
    expect(Number(opening?.exchangeRateToBase)).toBeCloseTo(1 / 1.1, 10);
    const [lot] = await db()
      .select()
      .from(transactionLots)
      .where(eq(transactionLots.holdingId, stock.id));
    expect(Number(lot?.exchangeRateToBase)).toBeCloseTo(1 / 1.1, 10);

    // Once more is recorded in that currency, changing it would relabel amounts: refused.
    const buy = await owner.post(`/api/v1/portfolios/${id}/transactions`, {
      assetId: stock.id,
      transactionType: 'buy',
      quantity: '1',
      price: '160',
      tradeDate: '2024-02-01',
    });
    expect(buy.statusCode, buy.body).toBe(201);
    await expectRefused(
      await patch(stock.id, { currency: 'GBP' }),
      'currency: The currency cannot change once the asset has transactions other than its opening purchase',
    );
    expect((await get(stock.id)).json().holding.currency).toBe('USD');
    // The same currency is no change.
    expect((await patch(stock.id, { currency: 'USD', name: 'Apple' })).statusCode).toBe(200);
    // An empty account (no transaction yet) may still change it.
    const empty = (await add(id, savings({ currentBalance: '0' }))).json().holding;
    expect((await patch(empty.id, { currency: 'GBP' })).json().holding.currency).toBe('GBP');
  });
});

describe('the classic plan', () => {
  it('allows the 50th asset and refuses the 51st with the plan’s message', async () => {
    const { agent, userId } = await registerUser(t.app, 'classic@example.com');
    await db()
      .update(subscriptions)
      .set({ tier: 'classic' })
      .where(eq(subscriptions.userId, userId));
    const id = (await insertPortfolio(db(), userId, { name: 'Classic' })).id;
    // 49 already there (written directly: the limit counts the rows).
    await db()
      .insert(holdings)
      .values(
        Array.from({ length: 49 }, (_, i) => ({
          userId,
          portfolioId: id,
          class: 'market',
          name: `Stock ${i}`,
          symbol: `S${i}`,
          quantity: '1',
          purchasePrice: '1',
          currentPrice: '1',
          purchaseDate: '2024-01-01',
          currency: 'EUR',
        })),
      );
    const fiftieth = await agent.post(`/api/v1/portfolios/${id}/holdings`, market());
    expect(fiftieth.statusCode, fiftieth.body).toBe(201);
    const refused = await agent.post(
      `/api/v1/portfolios/${id}/holdings`,
      market({ symbol: 'MSFT', name: 'Microsoft' }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'TIER_ASSET_LIMIT',
      message: 'Your Premium plan allows 50 assets per portfolio. Upgrade your plan to add more.',
      details: { tier: 'classic', limit: 50, requiredTier: 'pro' },
    });
    expect(await db().select().from(holdings).where(eq(holdings.portfolioId, id))).toHaveLength(50);
    const summary = (await agent.get(`/api/v1/portfolios/${id}/summary`)).json();
    expect(summary.limits).toEqual({ tier: 'classic', assetLimit: 50, assetCount: 50 });
  });
});
