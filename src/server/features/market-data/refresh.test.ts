import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fxRates, holdings, instruments } from '../../db/schema';
import { DAY, FakeClock, HOUR, SECOND } from '../../platform/clock';
import { type ScheduleOptions, Scheduler, sqlExecutor } from '../../platform/scheduler';
import { type Agent, registerUser } from '../../testing/agent';
import { insertPortfolio } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { FakeProviderServer, fixture } from './fake-provider-server';
import { createProviders, type Providers } from './providers';
import { dailyRefresh, refreshHistories, refreshQuotes } from './refresh.service';

/**
 * With providers on (against local fake servers): the daily refresh (ECB rates, then closes of
 * held symbols), quotes during US market hours, runs recorded for the admin page, stored data
 * answering when a provider fails, and scheduling that runs each slot once across processes.
 */

// Thursday 2025-11-20, 15:00 in New York: the market is open.
const clock = new FakeClock(new Date('2025-11-20T20:00:00Z'));
let fake: FakeProviderServer;
let providers: Providers;
let t: TestApp;
let admin: Agent;
let member: Agent;
const db = () => t.database.db;

beforeAll(async () => {
  fake = new FakeProviderServer();
  const base = await fake.start();
  fake
    .on('/v8/finance/chart/AAPL', { body: fixture('yahoo-chart-aapl.json') })
    .on('/v8/finance/chart/VOD.L', { body: fixture('yahoo-chart-vod-l.json') })
    .on('/v1/finance/search', { body: fixture('yahoo-search.json') })
    .on('/api/v3/coins/bitcoin/market_chart', {
      body: fixture('coingecko-market-chart-bitcoin.json'),
    })
    .on('/api/v3/simple/price', { body: fixture('coingecko-simple-price.json') })
    .on('/api/v3/search', { body: fixture('coingecko-search.json') })
    .on('/ecb/eurofxref-hist.xml', { body: fixture('eurofxref-hist-90d.xml') });
  const config = {
    providers: ['yahoo' as const, 'coingecko' as const, 'ecb' as const],
    yahooBaseUrl: base,
    coingeckoBaseUrl: base,
    coingeckoApiKey: null,
    ecbBaseUrl: `${base}/ecb`,
  };
  t = await createTestApp({
    clock,
    env: { MARKET_DATA_PROVIDERS: 'yahoo,coingecko,ecb' },
    setup: () => {},
    marketData: {
      providers: (providers = createProviders(
        config,
        { log: { warn: () => {} }, timeoutMs: 1_000, baseDelayMs: 1 },
        clock,
      )),
      // The jobs are run by hand here; scheduling is tested below on pg-boss.
      schedule: false,
    },
  });
  ({ agent: admin } = await registerUser(t.app, 'refresh-admin@example.com'));
  const member_ = await registerUser(t.app, 'refresh-member@example.com');
  member = member_.agent;
  const portfolio = await insertPortfolio(db(), member_.userId);
  const base_ = {
    userId: member_.userId,
    portfolioId: portfolio.id,
    quantity: '1',
    purchasePrice: '1',
    currentPrice: '1',
    purchaseDate: '2025-01-02',
    currency: 'USD',
  };
  await db()
    .insert(holdings)
    .values([
      { ...base_, class: 'market', name: 'Apple', symbol: 'AAPL' },
      { ...base_, class: 'market', name: 'Vodafone', symbol: 'VOD.L', currency: 'GBP' },
      { ...base_, class: 'crypto', name: 'Bitcoin', symbol: 'BTC' },
    ]);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe('with providers configured', () => {
  it('schedules the daily refresh and the market-hours quotes on pg-boss', async () => {
    // An app of its own, with scheduling on (the one above runs the jobs by hand).
    const scheduled = await createTestApp({
      clock,
      env: { MARKET_DATA_PROVIDERS: 'yahoo,coingecko,ecb' },
      marketData: { providers },
    });
    try {
      const jobs = scheduled.logs
        .filter((line) => line.msg === 'scheduled')
        .map((line) => line.job);
      // On the app's one job queue, beside the account purge every app schedules.
      expect(jobs).toEqual(['account-purge', 'market-data-daily', 'market-data-quotes']);
      const found = await scheduled.database.db.execute(
        sql`select name, cron from pgboss.schedule order by name`,
      );
      expect((found as unknown as { rows: unknown[] }).rows).toEqual([
        { name: 'account-purge', cron: '7 * * * *' },
        { name: 'market-data-daily', cron: '*/10 * * * *' },
        { name: 'market-data-quotes', cron: '* * * * *' },
      ]);
    } finally {
      await scheduled.close();
    }
  });

  it('fetches ECB rates, then the history of every held symbol from the right provider', async () => {
    await dailyRefresh(t.app.ctx, providers);
    expect(fake.hits('/ecb/eurofxref-hist.xml')).toHaveLength(1);
    const rates = await db().select().from(fxRates).where(eq(fxRates.source, 'ecb'));
    expect(rates).toHaveLength(12);
    const quotes = (await member.get('/api/v1/market-data/quotes?symbols=AAPL,VOD.L,BTC')).json();
    expect(quotes.unknown).toEqual([]);
    expect(quotes.quotes).toEqual([
      expect.objectContaining({
        symbol: 'AAPL',
        name: 'Apple Inc.',
        exchange: 'NMS',
        currency: 'USD',
        close: '266.25',
        date: '2025-11-20',
        previousClose: '268.56',
        previousDate: '2025-11-18',
      }),
      expect.objectContaining({
        symbol: 'VOD.L',
        currency: 'GBp',
        close: '89.34',
        closeInMajor: '0.8934',
      }),
      expect.objectContaining({
        symbol: 'BTC',
        kind: 'crypto',
        currency: 'USD',
        close: '91804.2218844',
      }),
    ]);
    const [btc] = await db().select().from(instruments).where(eq(instruments.symbol, 'BTC'));
    expect(btc).toMatchObject({ provider: 'coingecko', providerId: 'bitcoin' });
    const fx = (await member.get('/api/v1/market-data/fx?base=USD&quote=GBP')).json();
    expect(fx).toMatchObject({ date: '2025-11-20', rate: '0.762952356157' });

    const overview = (await admin.get('/api/v1/admin/market-data')).json();
    expect(overview.gaps).toEqual([]);
    for (const provider of overview.providers) {
      expect(provider).toMatchObject({
        enabled: true,
        lastSuccessAt: '2025-11-20T20:00:00.000Z',
        lastError: null,
      });
    }
  });

  it('records a provider’s failure and keeps answering from stored data', async () => {
    fake.on('/v8/finance/chart/AAPL', { status: 500, body: 'down' });
    clock.advance(HOUR);
    await refreshHistories(t.app.ctx, providers);
    const yahoo = (await admin.get('/api/v1/admin/market-data')).json().providers[0];
    expect(yahoo).toMatchObject({
      name: 'yahoo',
      lastRunAt: '2025-11-20T21:00:00.000Z',
      lastSuccessAt: '2025-11-20T20:00:00.000Z',
    });
    expect(yahoo.lastError).toContain('1 of 2 symbols failed');
    expect(yahoo.lastError).toContain('AAPL: Failed to fetch stock prices (HTTP 500)');
    const quotes = await member.get('/api/v1/market-data/quotes?symbols=AAPL');
    expect(quotes.statusCode).toBe(200);
    expect(quotes.json().quotes[0].close).toBe('266.25');

    // Admins are told once when a working provider fails (not at each run), members never.
    const failures = async (agent: Agent) =>
      (await agent.get('/api/v1/notifications?type=error')).json().notifications as {
        title: string;
        metadata: Record<string, unknown>;
      }[];
    expect(await failures(admin)).toEqual([
      expect.objectContaining({
        title: 'Price provider failing',
        metadata: expect.objectContaining({ key: 'priceProviderFailed', provider: 'yahoo' }),
      }),
    ]);
    expect(await failures(member)).toEqual([]);
    clock.advance(HOUR);
    await refreshHistories(t.app.ctx, providers);
    expect(await failures(admin)).toHaveLength(1);
    fake.on('/v8/finance/chart/AAPL', { body: fixture('yahoo-chart-aapl.json') });
  });

  it('stores the latest price as the day’s close during market hours only', async () => {
    clock.set('2025-11-20T20:30:00Z');
    const chart = JSON.parse(fixture('yahoo-chart-aapl.json'));
    chart.chart.result[0].meta.regularMarketPrice = 270.1;
    fake.on('/v8/finance/chart/AAPL', { body: JSON.stringify(chart) });
    await refreshQuotes(t.app.ctx, providers);
    const aapl = (await member.get('/api/v1/market-data/quotes?symbols=AAPL')).json().quotes[0];
    expect(aapl).toMatchObject({ close: '270.1', date: '2025-11-20', previousClose: '268.56' });
    expect(fake.hits('/api/v3/simple/price')).toHaveLength(1);

    const before = fake.requests.length;
    clock.set('2025-11-22T17:00:00Z'); // Saturday
    await refreshQuotes(t.app.ctx, providers);
    expect(fake.requests.length).toBe(before);
    clock.set('2025-11-20T20:30:00Z');
  });

  it('adds provider suggestions to the instrument lookup, and falls back when the provider fails', async () => {
    const found = (await member.get('/api/v1/market-data/instruments?query=apple')).json();
    expect(
      found.instruments.map((i: { symbol: string; source: string }) => [i.symbol, i.source]),
    ).toEqual([
      ['AAPL', 'stored'],
      ['AAPL.NE', 'yahoo'],
      ['AAPU', 'yahoo'],
      ['BTC', 'coingecko'],
      ['WBTC', 'coingecko'],
    ]);
    fake.on('/v1/finance/search', { status: 503 });
    fake.on('/api/v3/search', { body: 'not json' });
    const fallback = await member.get('/api/v1/market-data/instruments?query=apple');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().instruments.map((i: { symbol: string }) => i.symbol)).toEqual(['AAPL']);
  });
});

describe('scheduling across processes (pg-boss)', () => {
  const noLog = { info() {}, error() {} };
  const running: Scheduler[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((scheduler) => scheduler.stop()));
  });
  /** A process with `name` scheduled (its cron never comes in a test: runs are offered). */
  const processWith = async (
    name: string,
    options: Partial<ScheduleOptions>,
    handler: () => Promise<void>,
  ) => {
    const scheduler = new Scheduler(sqlExecutor(db()), clock, noLog, {
      pollingIntervalSeconds: 0.5,
    });
    const defaults = { cron: '0 0 1 1 *', retryAfterMs: HOUR, retries: 0, expireAfterSeconds: 60 };
    scheduler.schedule(name, { ...defaults, ...options }, handler);
    await scheduler.start();
    running.push(scheduler);
    return scheduler;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

  it('runs a slot once when two processes offer it together, and not again after a restart', async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
    };
    const daily = { slotSeconds: DAY / SECOND };
    const [a, b] = await Promise.all([
      processWith('test-once', daily, job),
      processWith('test-once', daily, job),
    ]);
    const offered = await Promise.all([a.offer('test-once'), b.offer('test-once')]);
    expect(offered.filter(Boolean)).toHaveLength(1);
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 10_000, interval: 100 });
    await settle();
    expect(runs).toBe(1);
    // Both stop; a restarted process finds the day's slot taken in the database.
    await Promise.all(running.splice(0).map((scheduler) => scheduler.stop()));
    const c = await processWith('test-once', daily, job);
    expect(await c.offer('test-once')).toBe(false);
    await settle();
    expect(runs).toBe(1);
  });

  it('tries a failed run again after its retry delay, as many times as set', async () => {
    const attempts: number[] = [];
    const failing = async () => {
      attempts.push(Date.now());
      throw new Error('provider down');
    };
    const scheduler = await processWith(
      'test-retry',
      { slotSeconds: DAY / SECOND, retryAfterMs: 2 * SECOND, retries: 1 },
      failing,
    );
    expect(await scheduler.offer('test-retry')).toBe(true);
    await vi.waitFor(() => expect(attempts).toHaveLength(2), { timeout: 15_000, interval: 100 });
    expect((attempts[1] ?? 0) - (attempts[0] ?? 0)).toBeGreaterThanOrEqual(1_900);
    await settle();
    expect(attempts).toHaveLength(2);
    // The slot stays taken for the day.
    expect(await scheduler.offer('test-retry')).toBe(false);
  });

  it('does nothing outside its hours', async () => {
    let runs = 0;
    const scheduler = await processWith('test-hours', { when: () => false }, async () => {
      runs += 1;
    });
    expect(await scheduler.offer('test-hours')).toBe(true);
    // The offered job is taken and completed, without running the work.
    const states = async () =>
      (
        (await db().execute(
          sql`select state from pgboss.job where name = 'test-hours'`,
        )) as unknown as { rows: { state: string }[] }
      ).rows.map((row) => row.state);
    await vi.waitFor(async () => expect(await states()).toEqual(['completed']), {
      timeout: 10_000,
      interval: 100,
    });
    expect(runs).toBe(0);
  });
});
