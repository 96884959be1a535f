import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, savingsInterestRates, savingsTransactions } from '../../db/schema';
import { FakeClock } from '../../platform/clock';
import { type Agent, registerUser } from '../../testing/agent';
import { insertPortfolio } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let owner: Agent;
let ownerId: string;
const clock = new FakeClock(new Date('2026-11-22T09:00:00Z'));
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'saver@example.com'));
});
afterAll(() => t.close());

async function account(extra: Record<string, unknown> = {}) {
  const portfolioId = (await insertPortfolio(db(), ownerId, { name: 'Savings' })).id;
  const res = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
    class: 'savings',
    accountName: 'Compte à terme',
    bankName: 'BNP Paribas',
    accountType: 'cd',
    currentBalance: '10000',
    openingDate: '2026-01-01',
    interestRate: '3',
    ...extra,
  });
  expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
  return res.json().holding as { id: string };
}

const detail = async (id: string) => (await owner.get(`/api/v1/holdings/${id}/savings`)).json();
const move = (id: string, body: Record<string, unknown>) =>
  owner.post(`/api/v1/holdings/${id}/savings/transactions`, body);

describe('interest rate history', () => {
  it('closes the open rate and opens the new one; a rate of 0 only closes', async () => {
    const { id } = await account();
    const changed = await owner.post(`/api/v1/holdings/${id}/savings/rate`, {
      interestRate: '2.5',
      compoundingFrequency: 'quarterly',
      startDate: '2026-08-01',
    });
    expect(changed.statusCode).toBe(201);
    expect(changed.json().rate).toMatchObject({ interestRate: '0.025', endDate: null });
    let rates = await db()
      .select()
      .from(savingsInterestRates)
      .where(eq(savingsInterestRates.holdingId, id))
      .orderBy(savingsInterestRates.startDate);
    expect(rates.map((rate) => [rate.startDate, rate.endDate, Number(rate.interestRate)])).toEqual([
      ['2026-01-01', '2026-08-01', 0.03],
      ['2026-08-01', null, 0.025],
    ]);
    const zero = await owner.post(`/api/v1/holdings/${id}/savings/rate`, {
      interestRate: '0',
      startDate: '2026-10-01',
    });
    expect(zero.json().rate).toBeNull();
    rates = await db()
      .select()
      .from(savingsInterestRates)
      .where(eq(savingsInterestRates.holdingId, id));
    expect(rates.filter((rate) => rate.endDate === null)).toEqual([]);
    const refused = await owner.post(`/api/v1/holdings/${id}/savings/rate`, {
      interestRate: '120',
      startDate: '2026-10-01',
    });
    expect(refused.json().error.message).toBe('interestRate: Interest rate cannot exceed 100%');
  });

  it('refuses a new rate starting before the last rate change or before the opening date', async () => {
    const { id } = await account();
    const rates = () =>
      db()
        .select()
        .from(savingsInterestRates)
        .where(eq(savingsInterestRates.holdingId, id))
        .orderBy(savingsInterestRates.startDate);
    expect(
      (
        await owner.post(`/api/v1/holdings/${id}/savings/rate`, {
          interestRate: '2',
          startDate: '2026-05-01',
        })
      ).statusCode,
    ).toBe(201);
    const before = await rates();
    // Before the open rate's start (1 May): it would close that record before it began.
    const early = await owner.post(`/api/v1/holdings/${id}/savings/rate`, {
      interestRate: '4',
      startDate: '2026-04-30',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toMatchObject({
      code: 'RATE_START_TOO_EARLY',
      details: { date: '2026-05-01' },
    });
    expect(await rates()).toEqual(before);
    // A change to 0 is a change: nothing may start before it (the 2% record ends on 1 June).
    await owner.post(`/api/v1/holdings/${id}/savings/rate`, {
      interestRate: '0',
      startDate: '2026-06-01',
    });
    const overlapping = await owner.post(`/api/v1/holdings/${id}/savings/rate`, {
      interestRate: '3',
      startDate: '2026-05-15',
    });
    expect(overlapping.statusCode).toBe(422);
    expect(overlapping.json().error.details).toEqual({ date: '2026-06-01' });
    // Without any rate record, the opening date is the limit.
    const { id: other } = await account({ interestRate: '0', openingDate: '2026-03-01' });
    const beforeOpening = await owner.post(`/api/v1/holdings/${other}/savings/rate`, {
      interestRate: '1.5',
      startDate: '2026-02-28',
    });
    expect(beforeOpening.statusCode).toBe(422);
    expect(beforeOpening.json().error.details).toEqual({ date: '2026-03-01' });
    const onOpening = await owner.post(`/api/v1/holdings/${other}/savings/rate`, {
      interestRate: '1.5',
      compoundingFrequency: 'daily',
      startDate: '2026-03-01',
    });
    expect(onOpening.statusCode).toBe(201);
    expect(onOpening.json().rate).toMatchObject({
      startDate: '2026-03-01',
      compoundingFrequency: 'daily',
    });
  });

  it('shows the accrual: this year at each rate, the next year at the open rate', async () => {
    const { id } = await account();
    const { accrual, rates } = await detail(id);
    expect(rates).toHaveLength(1);
    // 10000 at 3% monthly: a year earns 304.16; 1 Jan to 22 Nov is 325 days.
    expect(accrual).toMatchObject({
      balance: '10000.00',
      annualRate: '0.03',
      compoundingFrequency: 'monthly',
      projectedYearInterest: '304.16',
      isTaxExempt: false,
    });
    expect(Number(accrual.accruedThisYear)).toBeCloseTo(
      10000 * ((1 + 0.03 / 12) ** ((12 * 325) / 365) - 1),
      1,
    );
  });
});

describe('deposits, withdrawals and interest', () => {
  it('moves the balance and withholds 30% on interest of a taxable account', async () => {
    const { id } = await account();
    expect(
      (
        await move(id, { transactionType: 'deposit', amount: '500', transactionDate: '2026-02-01' })
      ).json().balance,
    ).toBe('10500.00');
    const interest = await move(id, {
      transactionType: 'interest',
      amount: '100.05',
      transactionDate: '2026-06-30',
    });
    expect(interest.json()).toMatchObject({
      transaction: { amount: '100.05', taxWithheld: '30.02' },
      balance: '10570.03',
    });
    const { accrual } = await detail(id);
    expect(accrual).toMatchObject({ interestPaidThisYear: '100.05', taxWithheldThisYear: '30.02' });
    const [row] = await db().select().from(holdings).where(eq(holdings.id, id));
    expect(row?.quantity).toBe('10570.03');
  });

  it('withholds nothing on a Livret A', async () => {
    const { id } = await account({ accountType: 'livret_a', accountName: 'Livret A' });
    const res = await move(id, {
      transactionType: 'interest',
      amount: '150',
      transactionDate: '2026-06-30',
    });
    expect(res.json()).toMatchObject({ transaction: { taxWithheld: '0.00' }, balance: '10150.00' });
  });

  it('blocks an early withdrawal when a penalty rate is set, and allows it at maturity', async () => {
    const { id } = await account({ maturityDate: '2026-09-01', earlyWithdrawalPenaltyRate: '2' });
    const early = await move(id, {
      transactionType: 'withdrawal',
      amount: '1000',
      transactionDate: '2026-08-31',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toMatchObject({
      code: 'EARLY_WITHDRAWAL_PENALTY',
      message: 'Early withdrawal penalty applies: 20.00 EUR',
      details: { amount: '20.00', currency: 'EUR' },
    });
    expect(
      await db().select().from(savingsTransactions).where(eq(savingsTransactions.holdingId, id)),
    ).toEqual([]);
    const due = await move(id, {
      transactionType: 'withdrawal',
      amount: '1000',
      transactionDate: '2026-09-01',
    });
    expect(due.json().balance).toBe('9000.00');
    const tooMuch = await move(id, {
      transactionType: 'withdrawal',
      amount: '9000.01',
      transactionDate: '2026-09-02',
    });
    expect(tooMuch.json().error.message).toBe(
      'Insufficient balance. Available: 9000, Requested: 9000.01',
    );
    // A withdrawal dated after today is refused, whatever the maturity (docs/decisions.md).
    const later = await move(id, {
      transactionType: 'withdrawal',
      amount: '1',
      transactionDate: '2999-12-31',
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().error.message).toBe('transactionDate: Date cannot be in the future');
  });
});

describe('alerts', () => {
  it('raises maturity-near and below-minimum once, and an acknowledged one stays quiet', async () => {
    const { id } = await account({ maturityDate: '2026-12-10', minimumBalance: '9500' });
    expect((await detail(id)).alerts.map((a: { kind: string }) => a.kind)).toEqual([
      'maturity_near',
    ]);
    await move(id, { transactionType: 'withdrawal', amount: '600', transactionDate: '2026-11-22' });
    const { alerts } = await detail(id);
    expect(alerts.map((a: { kind: string }) => a.kind).sort()).toEqual([
      'below_minimum',
      'maturity_near',
    ]);
    const below = alerts.find((a: { kind: string }) => a.kind === 'below_minimum');
    expect(below.data).toEqual({ balance: '9400', minimumBalance: '9500' });
    for (const alert of alerts) {
      expect((await owner.post(`/api/v1/savings-alerts/${alert.id}/acknowledge`)).statusCode).toBe(
        204,
      );
    }
    expect((await detail(id)).alerts).toEqual([]);
    // A new occurrence (the balance moves again, still below) raises a new one.
    await move(id, { transactionType: 'fee', amount: '10', transactionDate: '2026-11-22' });
    expect((await detail(id)).alerts.map((a: { kind: string }) => a.kind)).toEqual([
      'below_minimum',
    ]);
  });

  it('is only for savings accounts', async () => {
    const portfolioId = (await insertPortfolio(db(), ownerId, { name: 'Stocks' })).id;
    const stock = (
      await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
        class: 'market',
        symbol: 'MC.PA',
        name: 'LVMH',
        quantity: '1',
        purchasePrice: '700',
        currentPrice: '650',
        purchaseDate: '2025-01-01',
      })
    ).json().holding;
    const res = await owner.get(`/api/v1/holdings/${stock.id}/savings`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('NOT_A_SAVINGS_ACCOUNT');
  });
});
