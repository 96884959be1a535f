import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  instrumentPrices,
  instruments,
  mailOutbox,
  notificationDeliveries,
  notificationSettings,
  portfolios,
} from '../../db/schema';
import { FakeClock } from '../../platform/clock';
import { type Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendWeeklyInsights } from './insights.service';

/**
 * The weekly insights email: Monday 08:00 in the user's time zone, once per week, with the
 * figures of the valuation engine for a small portfolio with known prices.
 */

const clock = new FakeClock(new Date('2026-11-30T07:59:00Z'));
const log = { warn: vi.fn(), error: vi.fn() };
let t: TestApp;
const db = () => t.database.db;

async function closes(symbol: string, prices: [string, string][]) {
  const [row] = await db()
    .insert(instruments)
    .values({ symbol, name: symbol, kind: 'stock', currency: 'EUR' })
    .returning();
  await db()
    .insert(instrumentPrices)
    .values(prices.map(([priceDate, close]) => ({ instrumentId: row!.id, priceDate, close })));
}

async function defaultPortfolio(userId: string) {
  const [row] = await db().select().from(portfolios).where(eq(portfolios.userId, userId));
  return row!.id;
}

async function add(agent: Agent, portfolioId: string, body: Record<string, unknown>) {
  const res = await agent.post(`/api/v1/portfolios/${portfolioId}/holdings`, body);
  expect(res.statusCode, res.body).toBe(201);
}

/** When the job next looks at a user. */
async function nextLook(userId: string) {
  const [row] = await db()
    .select({ at: notificationSettings.insightsNextAt })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.at?.toISOString() ?? null;
}

const insightsMails = (to: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'weekly-insights')));

let investor: { agent: Agent; userId: string };
let idle: { agent: Agent; userId: string };
let silent: { agent: Agent; userId: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  // ACME: 100 until Friday 27 November, then 110. BETA: bought at 50 on Wednesday, 44 on Friday.
  await closes('ACME', [
    ['2026-11-20', '100'],
    ['2026-11-23', '100'],
    ['2026-11-27', '110'],
  ]);
  await closes('BETA', [
    ['2026-11-25', '50'],
    ['2026-11-27', '44'],
  ]);
  investor = await registerUser(t.app, 'insights-investor@example.com');
  idle = await registerUser(t.app, 'insights-idle@example.com');
  silent = await registerUser(t.app, 'insights-silent@example.com');
  const portfolioId = await defaultPortfolio(investor.userId);
  const market = { class: 'market', currency: 'EUR' };
  await add(investor.agent, portfolioId, {
    ...market,
    symbol: 'ACME',
    name: 'Acme',
    quantity: '10',
    purchasePrice: '100',
    currentPrice: '100',
    purchaseDate: '2026-11-20',
  });
  await add(investor.agent, portfolioId, {
    ...market,
    symbol: 'BETA',
    name: 'Beta',
    quantity: '2',
    purchasePrice: '50',
    currentPrice: '50',
    purchaseDate: '2026-11-25',
  });
  const silentPortfolio = await defaultPortfolio(silent.userId);
  await add(silent.agent, silentPortfolio, {
    ...market,
    symbol: 'ACME',
    name: 'Acme',
    quantity: '1',
    purchasePrice: '100',
    currentPrice: '100',
    purchaseDate: '2026-11-20',
  });
  await silent.agent.patch('/api/v1/settings', { notifications: { emailInsights: false } });
});
afterAll(() => t.close());

describe('the weekly insights email', () => {
  it('waits for Monday 08:00 in the user’s time zone', async () => {
    expect(await sendWeeklyInsights(t.app.ctx, log)).toBe(0);
    expect(await insightsMails('insights-investor@example.com')).toEqual([]);
    // Each owner is next looked at when their moment comes, not at every run before it.
    expect(await nextLook(investor.userId)).toBe('2026-11-30T08:00:00.000Z');
    expect(await nextLook(idle.userId)).toBe('2026-11-30T08:00:00.000Z');
  });

  it('reads only the users who are due', async () => {
    // A user not due is not looked at even if their moment came: the job asks the database.
    await db()
      .update(notificationSettings)
      .set({ insightsNextAt: new Date('2026-11-30T08:30:00Z') })
      .where(eq(notificationSettings.userId, investor.userId));
    clock.set('2026-11-30T08:10:00Z');
    await sendWeeklyInsights(t.app.ctx, log);
    expect(await insightsMails('insights-investor@example.com')).toEqual([]);
    // The others were; the switched-off user is looked at again next week.
    expect(await nextLook(silent.userId)).toBe('2026-12-07T08:00:00.000Z');
    expect(await nextLook(idle.userId)).toBe('2026-12-07T08:00:00.000Z');
    await db().delete(notificationDeliveries).where(eq(notificationDeliveries.kind, 'insights'));
    await db()
      .update(notificationSettings)
      .set({ insightsNextAt: null })
      .where(inArray(notificationSettings.userId, [idle.userId, investor.userId]));
  });

  it('summarises the week’s value change and notable movements, once per week', async () => {
    clock.set('2026-11-30T08:00:00Z');
    expect(await sendWeeklyInsights(t.app.ctx, log)).toBe(1);
    const [mail] = await insightsMails('insights-investor@example.com');
    expect(mail?.subject).toBe('Your week in Cairn: +€188.00');
    const text = mail?.text ?? '';
    // 10 ACME at 100 on the 24th; 2 BETA bought for 100 on the 25th; ACME 110 and BETA 44 after.
    expect(text).toContain(
      'From 24 November 2026 to 30 November 2026, your portfolios went from €1,000.00 to €1,188.00: +€188.00 (return +8.0%).',
    );
    expect(text).toContain('1 new transaction this week.');
    expect(text).toContain('My Portfolio: €1,188.00 · +€188.00 (return +8.0%)');
    // Movements by size: BETA -12 %, then ACME +10 %.
    const beta = text.indexOf('- Beta\n  -12.0% over the week · €88.00');
    const acme = text.indexOf('- Acme\n  +10.0% over the week · €1,100.00');
    expect(beta).toBeGreaterThan(0);
    expect(acme).toBeGreaterThan(beta);

    // Later runs of the same week send nothing more.
    clock.set('2026-11-30T09:00:00Z');
    expect(await sendWeeklyInsights(t.app.ctx, log)).toBe(0);
    expect(await insightsMails('insights-investor@example.com')).toHaveLength(1);
    const rows = await db()
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.userId, investor.userId),
          eq(notificationDeliveries.kind, 'insights'),
        ),
      );
    expect(rows).toMatchObject([{ periodKey: '2026-W49', status: 'sent', category: 'insights' }]);
    expect(await nextLook(investor.userId)).toBe('2026-12-07T08:00:00.000Z');
  });

  it('sends nothing to a user with nothing to say, or with insights off', async () => {
    expect(await insightsMails('insights-idle@example.com')).toEqual([]);
    expect(await insightsMails('insights-silent@example.com')).toEqual([]);
    const [idleRow] = await db()
      .select()
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.userId, idle.userId),
          eq(notificationDeliveries.kind, 'insights'),
        ),
      );
    expect(idleRow).toMatchObject({ status: 'skipped', periodKey: '2026-W49' });
  });

  it('writes in French, at 08:00 in Paris', async () => {
    await idle.agent.patch('/api/v1/settings', {
      preferences: { language: 'fr' },
      account: { timezone: 'Europe/Paris' },
    });
    const portfolioId = await defaultPortfolio(idle.userId);
    await add(idle.agent, portfolioId, {
      class: 'market',
      currency: 'EUR',
      symbol: 'ACME',
      name: 'Acme',
      quantity: '3',
      purchasePrice: '100',
      currentPrice: '100',
      purchaseDate: '2026-11-20',
    });
    // A new time zone: the job works the moment out again.
    expect(await nextLook(idle.userId)).toBeNull();
    // The next Monday, 07:00 UTC = 08:00 in Paris.
    clock.set('2026-12-07T06:59:00Z');
    await sendWeeklyInsights(t.app.ctx, log);
    expect(await insightsMails('insights-idle@example.com')).toEqual([]);
    expect(await nextLook(idle.userId)).toBe('2026-12-07T07:00:00.000Z');
    clock.set('2026-12-07T07:00:00Z');
    await sendWeeklyInsights(t.app.ctx, log);
    const [mail] = await insightsMails('insights-idle@example.com');
    // French number formats use narrow no-break spaces.
    const plain = (value = '') => value.replace(/[\u202f\u00a0]/g, ' ');
    expect(plain(mail?.subject)).toBe('Votre semaine dans Cairn : 0,00 €');
    expect(plain(mail?.text)).toContain(
      'Du 1 décembre 2026 au 7 décembre 2026, vos portefeuilles sont passés de 330,00 € à 330,00 € : 0,00 € (rendement 0,0 %).',
    );
    expect(plain(mail?.text)).toContain('Aucune nouvelle transaction cette semaine.');
  });
});
