import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MIN } from '@/contracts/input-rules';
import { fxRates, holdings, instrumentPrices, instruments } from '../../db/schema';
import { FakeClock, MINUTE } from '../../platform/clock';
import { Agent, registerUser } from '../../testing/agent';
import { insertPortfolio } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Market data without providers (the default): admin writes (one symbol's history, a CSV file),
 * signed-in reads (quotes, lookup, exchange rates), the admin overview, and who may do what.
 */

let t: TestApp;
let admin: Agent;
let member: Agent;
let memberId: string;
// A Friday, 10:00 in New York: the US market is open.
const clock = new FakeClock(new Date('2026-11-20T15:00:00Z'));
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ agent: admin } = await registerUser(t.app, 'market-admin@example.com')); // first: admin
  ({ agent: member, userId: memberId } = await registerUser(t.app, 'market-member@example.com'));
});
afterAll(() => t.close());

const put = (agent: Agent, symbol: string, body: unknown) =>
  agent.request('PUT', `/api/v1/market-data/prices/${encodeURIComponent(symbol)}`, body);
const importCsv = (agent: Agent, csv: string, commit = false) =>
  agent.post('/api/v1/market-data/import', { csv, commit });

/** `count` trading-day-like closes ending on `last`, one per calendar day. */
function dailyCloses(count: number, last = '2026-11-20', start = 100) {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
    close: (start + index / 100).toFixed(2),
    volume: String(1_000 + index),
  }));
}

async function closesOf(symbol: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(instrumentPrices)
    .innerJoin(instruments, eq(instruments.id, instrumentPrices.instrumentId))
    .where(eq(instruments.symbol, symbol));
  return row?.n ?? 0;
}

describe('who may use market data', () => {
  const ADMIN_ROUTES: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
    ['PUT', '/api/v1/market-data/prices/ACCESS', { currency: 'USD', closes: [] }],
    ['POST', '/api/v1/market-data/import', { csv: 'symbol,date,close,currency\n' }],
    ['GET', '/api/v1/admin/market-data'],
  ];
  const READ_ROUTES = [
    '/api/v1/market-data/quotes?symbols=AAPL',
    '/api/v1/market-data/instruments?query=A',
    '/api/v1/market-data/fx?base=EUR&quote=EUR',
    '/api/v1/market-data/prices?symbols=AAPL',
    '/api/v1/market-data/prices/ACCESS/close?date=2026-11-20',
  ];

  it.each(ADMIN_ROUTES)(
    '%s %s answers 401 signed out, 403 to a member, and works for an admin',
    async (method, url, body) => {
      expect((await new Agent(t.app).request(method, url, body)).statusCode).toBe(401);
      const refused = await member.request(method, url, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('UNAUTHORIZED');
      expect((await admin.request(method, url, body)).statusCode).toBeLessThan(300);
    },
  );

  it('stores nothing when a member tries to write prices', async () => {
    await put(member, 'NOPE', { currency: 'USD', closes: dailyCloses(3) });
    await importCsv(member, 'symbol,date,close,currency\nNOPE,2026-11-20,1,USD\n', true);
    expect(await db().select().from(instruments).where(eq(instruments.symbol, 'NOPE'))).toEqual([]);
  });

  it.each(READ_ROUTES)(
    'GET %s answers 401 signed out and 200 to any signed-in user',
    async (url) => {
      expect((await new Agent(t.app).get(url)).statusCode).toBe(401);
      expect((await member.get(url)).statusCode).toBe(200);
    },
  );

  it('schedules nothing when no provider is configured (the default)', async () => {
    expect(t.config.marketData.providers).toEqual([]);
    expect(t.logs.filter((line) => line.msg === 'scheduled')).toEqual([]);
    // pg-boss is not even started: no schema of its own.
    const found = await t.database.db.execute(sql`select to_regclass('pgboss.job') as job`);
    expect((found as unknown as { rows: { job: unknown }[] }).rows[0]?.job).toBeNull();
  });

  it('appears in the OpenAPI description', async () => {
    const spec = (await admin.get('/api/v1/openapi.json')).json() as { paths: object };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/market-data/prices/{symbol}',
        '/api/v1/market-data/import',
        '/api/v1/market-data/quotes',
        '/api/v1/market-data/prices',
        '/api/v1/market-data/prices/{symbol}/close',
        '/api/v1/market-data/instruments',
        '/api/v1/market-data/fx',
        '/api/v1/admin/market-data',
      ]),
    );
  });
});

describe('PUT /market-data/prices/{symbol}', () => {
  it('creates the instrument and writes ten years of closes in one call', async () => {
    const closes = dailyCloses(3_650);
    const res = await put(admin, 'msft', {
      currency: 'USD',
      name: 'Microsoft Corporation',
      kind: 'stock',
      exchange: 'NASDAQ',
      sector: 'Technology',
      country: 'us',
      closes,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      symbol: 'MSFT',
      created: true,
      closes: 3_650,
      firstDate: closes[0]!.date,
      lastDate: '2026-11-20',
    });
    expect(await closesOf('MSFT')).toBe(3_650);
    const [instrument] = await db()
      .select()
      .from(instruments)
      .where(eq(instruments.symbol, 'MSFT'));
    expect(instrument).toMatchObject({
      name: 'Microsoft Corporation',
      country: 'US',
      currency: 'USD',
    });
  });

  it('replaces known days and adds new ones, keeping the instrument', async () => {
    const res = await put(admin, 'MSFT', {
      currency: 'USD',
      closes: [
        { date: '2026-11-20', close: '412.5', volume: 12 },
        { date: '2026-11-21', close: 413 },
      ],
    });
    expect(res.json()).toMatchObject({ created: false, closes: 2 });
    expect(await closesOf('MSFT')).toBe(3_651);
    const quote = (await member.get('/api/v1/market-data/quotes?symbols=MSFT')).json();
    expect(quote.quotes[0]).toMatchObject({
      close: '413',
      date: '2026-11-21',
      previousClose: '412.5',
      volume: null,
      name: 'Microsoft Corporation',
    });
  });

  it('refuses to change the currency of an instrument that has closes', async () => {
    const res = await put(admin, 'MSFT', { currency: 'EUR', closes: dailyCloses(1) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'INSTRUMENT_CURRENCY_MISMATCH',
      details: { symbol: 'MSFT', currency: 'USD' },
    });
    expect(await closesOf('MSFT')).toBe(3_651);
  });

  it('keeps London prices in pence and gives them in pounds too', async () => {
    await put(admin, 'VOD.L', {
      currency: 'GBp',
      closes: [
        { date: '2026-11-19', close: '72.10' },
        { date: '2026-11-20', close: '73.42', volume: '45678901' },
      ],
    });
    const quote = (await member.get('/api/v1/market-data/quotes?symbols=vod.l')).json().quotes[0];
    expect(quote).toMatchObject({
      symbol: 'VOD.L',
      currency: 'GBp',
      close: '73.42',
      closeInMajor: '0.7342',
      majorCurrency: 'GBP',
      change: '1.32',
      changePercent: '1.83',
      volume: '45678901',
    });
  });

  const long = 'A'.repeat(10_000);
  it.each([
    ['a NUL byte in the symbol', 'BAD%00', { currency: 'USD', closes: [] }, 'symbol'],
    ['a 10,000-character symbol', long, { currency: 'USD', closes: [] }, null],
    ['a symbol with a space', 'BAD SYM', { currency: 'USD', closes: [] }, 'symbol'],
    ['an unknown currency', 'BAD', { currency: 'JPY', closes: [] }, 'currency'],
    [
      'a negative close',
      'BAD',
      { currency: 'USD', closes: [{ date: '2026-11-20', close: '-1' }] },
      'closes.0.close',
    ],
    [
      'a huge close',
      'BAD',
      { currency: 'USD', closes: [{ date: '2026-11-20', close: '1e400' }] },
      'closes.0.close',
    ],
    [
      'a close of 16 integer digits',
      'BAD',
      { currency: 'USD', closes: [{ date: '2026-11-20', close: 1234567890123456 }] },
      'closes.0.close',
    ],
    [
      'a date before 1900',
      'BAD',
      { currency: 'USD', closes: [{ date: '1899-12-31', close: '1' }] },
      'closes.0.date',
    ],
    [
      'a date in the future',
      'BAD',
      { currency: 'USD', closes: [{ date: '2999-01-01', close: '1' }] },
      'closes.0.date',
    ],
    [
      'year 0',
      'BAD',
      { currency: 'USD', closes: [{ date: '0000-01-01', close: '1' }] },
      'closes.0.date',
    ],
    ['a NUL byte in the name', 'BAD', { currency: 'USD', name: 'a\u0000b', closes: [] }, 'name'],
    [
      'a lone surrogate in the sector',
      'BAD',
      { currency: 'USD', sector: '\ud800', closes: [] },
      'sector',
    ],
    ['a three-letter country', 'BAD', { currency: 'USD', country: 'USA', closes: [] }, 'country'],
    [
      'the same day twice',
      'BAD',
      {
        currency: 'USD',
        closes: [
          { date: '2026-11-20', close: '1' },
          { date: '2026-11-20', close: '2' },
        ],
      },
      'closes',
    ],
    ['an unknown kind', 'BAD', { currency: 'USD', kind: 'option', closes: [] }, 'kind'],
  ])(
    'answers 4xx with a clear message for %s, and stores nothing',
    async (_, symbol, body, path) => {
      const res = await put(admin, symbol, body);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const error = res.json().error;
      if (path) {
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
      }
      expect(await db().select().from(instruments).where(eq(instruments.symbol, 'BAD'))).toEqual(
        [],
      );
    },
  );

  it('refuses more than 20,000 closes', async () => {
    const res = await put(admin, 'HUGE', { currency: 'USD', closes: dailyCloses(20_001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Send at most 20,000 closes at once');
  });

  it('accepts the first day of the date range', async () => {
    const res = await put(admin, 'OLD', {
      currency: 'EUR',
      closes: [{ date: DATE_MIN, close: 0 }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a fault in the middle of a write', () => {
  it('leaves no instrument, close or rate behind (one transaction)', async () => {
    // A close of 999999 fails inside the database, after earlier 200-row statements succeeded.
    await db().execute(sql`create function fail_on_marker() returns trigger language plpgsql as $$
      begin if new.close = 999999 then raise exception 'injected fault'; end if; return new; end $$`);
    await db().execute(sql`create trigger fail_on_marker before insert on instrument_prices
      for each row execute function fail_on_marker()`);
    try {
      const closes = dailyCloses(1_000, '2026-11-01');
      closes[900] = { ...closes[900]!, close: '999999' };
      const res = await put(admin, 'FAULT', { currency: 'USD', closes });
      expect(res.statusCode).toBe(500);
      expect(await db().select().from(instruments).where(eq(instruments.symbol, 'FAULT'))).toEqual(
        [],
      );
      const csv = `symbol,date,close,currency\nEURCHF,2026-11-02,0.93,\nFAULT,2026-11-02,1,USD\nFAULT,2026-11-03,999999,USD\n`;
      expect((await importCsv(admin, csv, true)).statusCode).toBe(500);
      expect(await db().select().from(instruments).where(eq(instruments.symbol, 'FAULT'))).toEqual(
        [],
      );
      expect(await db().select().from(fxRates).where(eq(fxRates.currency, 'CHF'))).toEqual([]);
    } finally {
      await db().execute(sql`drop trigger fail_on_marker on instrument_prices`);
      await db().execute(sql`drop function fail_on_marker()`);
    }
  });
});

describe('GET /market-data/quotes', () => {
  beforeAll(async () => {
    await put(admin, 'ONE', {
      currency: 'EUR',
      name: 'Single Close SA',
      closes: [{ date: '2026-11-20', close: '10' }],
    });
  });

  it('gives no day change for a symbol with a single close, and lists unknown symbols apart', async () => {
    const res = await member.get('/api/v1/market-data/quotes?symbols=ONE,NOPE, one ,VOD.L');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.quotes.map((q: { symbol: string }) => q.symbol)).toEqual(['ONE', 'VOD.L']);
    expect(body.quotes[0]).toMatchObject({
      previousClose: null,
      change: null,
      changePercent: null,
    });
    expect(body.unknown).toEqual(['NOPE']);
    expect(body.marketOpen).toBe(true);
  });

  it('answers from its cache for 60 s, and at once after a write of prices', async () => {
    await member.get('/api/v1/market-data/quotes?symbols=ONE');
    // A change that is not a price write (no version bump) stays unseen while cached...
    await db().update(instruments).set({ name: 'Renamed SA' }).where(eq(instruments.symbol, 'ONE'));
    const cached = (await member.get('/api/v1/market-data/quotes?symbols=ONE')).json();
    expect(cached.quotes[0].name).toBe('Single Close SA');
    // ...a price write is seen at once...
    await put(admin, 'ONE', { currency: 'EUR', closes: [{ date: '2026-11-19', close: '8' }] });
    const fresh = (await member.get('/api/v1/market-data/quotes?symbols=ONE')).json();
    expect(fresh.quotes[0]).toMatchObject({
      name: 'Renamed SA',
      previousClose: '8',
      change: '2',
      changePercent: '25.00',
    });
    // ...and the cache expires after 60 s.
    await db().update(instruments).set({ name: 'Again SA' }).where(eq(instruments.symbol, 'ONE'));
    clock.advance(MINUTE);
    const expired = (await member.get('/api/v1/market-data/quotes?symbols=ONE')).json();
    expect(expired.quotes[0].name).toBe('Again SA');
  });

  it('refuses more than 50 symbols, none, and bad ones, with clear messages', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `S${i}`).join(',');
    const tooMany = await member.get(`/api/v1/market-data/quotes?symbols=${many}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('Give at most 50 symbols');
    const none = await member.get('/api/v1/market-data/quotes?symbols=,,');
    expect(none.json().error.message).toContain('Give at least one symbol');
    const bad = await member.get('/api/v1/market-data/quotes?symbols=A%00B');
    expect(bad.statusCode).toBe(400);
    const huge = await member.get(`/api/v1/market-data/quotes?symbols=${'A'.repeat(10_000)}`);
    expect(huge.statusCode).toBe(400);
  });
});

describe('GET /market-data/prices/{symbol} (a price chart) and /market-data/prices (sparklines)', () => {
  // 800 daily closes ending today (2026-11-20), rising from 50 by 0.01, with a crash and a spike.
  const closes = dailyCloses(800, '2026-11-20', 50);
  closes[100] = { ...closes[100]!, close: '1.5' };
  closes[600] = { ...closes[600]!, close: '999.25' };
  const chart = (agent: Agent, symbol: string, query = '') =>
    agent.get(`/api/v1/market-data/prices/${encodeURIComponent(symbol)}${query}`);

  beforeAll(async () => {
    expect((await put(admin, 'CHRT.L', { currency: 'GBp', closes })).statusCode).toBe(200);
    expect((await put(admin, 'BARE', { currency: 'USD', closes: [] })).statusCode).toBe(200);
  });

  it('gives any signed-in user a range of daily closes, ascending, decimals as strings', async () => {
    const res = await chart(member, 'CHRT.L', '?range=1W');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      symbol: 'CHRT.L',
      currency: 'GBp',
      range: '1W',
      closes: closes.slice(-7).map(({ date, close }) => ({ date, close: String(Number(close)) })),
    });
    expect(res.json().closes[0].date).toBe('2026-11-14');
  });

  it('is daily up to a year (1Y when no range is given)', async () => {
    const year = (await chart(member, 'chrt.l')).json();
    expect(year.range).toBe('1Y');
    expect(year.closes).toHaveLength(365);
    expect(year.closes[0].date).toBe('2025-11-21');
    expect(year.closes.at(-1).date).toBe('2026-11-20');
    const ytd = (await chart(member, 'CHRT.L', '?range=ytd')).json();
    expect(ytd.closes[0].date).toBe('2026-01-01');
  });

  it('thins longer ranges, never dropping the first, last, lowest or highest close', async () => {
    const max = (await chart(member, 'CHRT.L', '?range=MAX')).json();
    expect(max.closes.length).toBeLessThanOrEqual(400);
    expect(max.closes[0]).toEqual({ date: closes[0]!.date, close: '50' });
    expect(max.closes.at(-1)).toEqual({ date: '2026-11-20', close: '57.99' });
    expect(max.closes).toEqual(
      expect.arrayContaining([
        { date: closes[100]!.date, close: '1.5' },
        { date: closes[600]!.date, close: '999.25' },
      ]),
    );
    const dates = max.closes.map((c: { date: string }) => c.date);
    expect([...dates].sort()).toEqual(dates);
  });

  it('follows a new close at once, and answers no closes for an instrument without any', async () => {
    await put(admin, 'CHRT.L', { currency: 'GBp', closes: [{ date: '2026-11-20', close: '61' }] });
    expect((await chart(member, 'CHRT.L', '?range=1W')).json().closes.at(-1)).toEqual({
      date: '2026-11-20',
      close: '61',
    });
    expect((await chart(member, 'BARE')).json()).toEqual({
      symbol: 'BARE',
      currency: 'USD',
      range: '1Y',
      closes: [],
    });
  });

  it('answers 404 for an unknown symbol, 400 for a bad range or symbol, 401 signed out', async () => {
    const unknown = await chart(member, 'NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: {
        code: 'INSTRUMENT_NOT_FOUND',
        message: 'No instrument is known with this symbol',
        details: { symbol: 'NOPE' },
      },
    });
    const range = await chart(member, 'CHRT.L', '?range=2W');
    expect(range.statusCode).toBe(400);
    expect(range.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'range: Choose a period: 1W, 1M, 3M, YTD, 1Y, 3Y, 5Y or MAX',
    });
    const symbol = await chart(member, 'BAD SYMBOL!');
    expect(symbol.statusCode).toBe(400);
    expect(symbol.json().error.message).toContain(
      'Symbol must contain only letters, numbers, dots, hyphens, ^ and =',
    );
    expect((await chart(member, 'X'.repeat(21))).statusCode).toBe(400);
    expect((await chart(new Agent(t.app), 'CHRT.L')).statusCode).toBe(401);
  });

  it('answers several symbols at once, each thinned to a sparkline, unknown ones apart', async () => {
    const res = await member.get('/api/v1/market-data/prices?symbols=chrt.l,NOPE,BARE&range=MAX');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.range).toBe('MAX');
    expect(body.unknown).toEqual(['NOPE', 'BARE']);
    expect(body.series.map((s: { symbol: string }) => s.symbol)).toEqual(['CHRT.L']);
    const spark = body.series[0];
    expect(spark.currency).toBe('GBp');
    expect(spark.closes.length).toBeLessThanOrEqual(60);
    expect(spark.closes[0]).toEqual({ date: closes[0]!.date, close: '50' });
    expect(spark.closes.at(-1)).toEqual({ date: '2026-11-20', close: '61' });
    expect(spark.closes.map((c: { close: string }) => c.close)).toEqual(
      expect.arrayContaining(['1.5', '999.25']),
    );
    const week = (await member.get('/api/v1/market-data/prices?symbols=CHRT.L&range=1W')).json();
    expect(week.series[0].closes).toHaveLength(7);
  });

  it('refuses a batch without symbols, with too many, or with a bad range', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `S${i}`).join(',');
    for (const query of ['symbols=', `symbols=${many}`, 'symbols=A&range=10Y', 'range=1Y']) {
      const res = await member.get(`/api/v1/market-data/prices?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_ERROR');
    }
    expect((await new Agent(t.app).get('/api/v1/market-data/prices?symbols=A')).statusCode).toBe(
      401,
    );
  });
});

describe('GET /market-data/prices/{symbol}/close (a purchase price to prefill)', () => {
  const close = (agent: Agent, symbol: string, query: string) =>
    agent.get(`/api/v1/market-data/prices/${encodeURIComponent(symbol)}/close?${query}`);

  beforeAll(async () => {
    // Closes on Monday 2 and Tuesday 3 February 2026 (nothing on the weekend before).
    for (const [symbol, currency, closes] of [
      ['PREF', 'USD', ['185.92', '187.5']],
      ['PREF.L', 'GBp', ['1234.5', '1240']],
      ['PREFCA', 'CAD', ['50', '51']],
    ] as const) {
      const res = await put(admin, symbol, {
        currency,
        closes: [
          { date: '2026-02-02', close: closes[0] },
          { date: '2026-02-03', close: closes[1] },
        ],
      });
      expect(res.statusCode).toBe(200);
    }
    // The ECB's rates of Friday 30 January (the last before Monday) and of Monday.
    await db()
      .insert(fxRates)
      .values([
        { currency: 'USD', rateDate: '2026-01-30', rate: '1.1', source: 'manual' },
        { currency: 'USD', rateDate: '2026-02-02', rate: '1.0905', source: 'manual' },
        { currency: 'GBP', rateDate: '2026-02-02', rate: '0.84', source: 'manual' },
      ])
      .onConflictDoNothing();
  });
  // The describes after this one count rates and instruments.
  afterAll(async () => {
    await db()
      .delete(fxRates)
      .where(sql`${fxRates.rateDate} in ('2026-01-30', '2026-02-02')`);
    await db()
      .delete(instruments)
      .where(sql`${instruments.symbol} like 'PREF%'`);
  });

  it('gives the close of the day, converted into the holding’s currency at that day’s rate', async () => {
    const res = await close(member, 'PREF', 'date=2026-02-02&currency=EUR');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      symbol: 'PREF',
      requestedDate: '2026-02-02',
      close: {
        date: '2026-02-02',
        close: '185.92',
        currency: 'USD',
        closeInMajor: '185.92',
        majorCurrency: 'USD',
        // 185.92 / 1.0905 = 170.49059...
        price: '170.4906',
        priceCurrency: 'EUR',
        rate: '0.917011',
        rateDate: '2026-02-02',
      },
    });
  });

  it('gives the close as it is in its own currency, and pence in pounds', async () => {
    expect((await close(member, 'pref', 'date=2026-02-03&currency=USD')).json().close).toEqual({
      date: '2026-02-03',
      close: '187.5',
      currency: 'USD',
      closeInMajor: '187.5',
      majorCurrency: 'USD',
      price: '187.5',
      priceCurrency: 'USD',
      rate: null,
      rateDate: null,
    });
    expect((await close(member, 'PREF.L', 'date=2026-02-02')).json().close).toMatchObject({
      close: '1234.5',
      currency: 'GBp',
      closeInMajor: '12.345',
      majorCurrency: 'GBP',
      price: '12.345',
      priceCurrency: 'GBP',
      rate: null,
    });
    // Pence in euros: 12.345 GBP / 0.84 = 14.6964...
    expect(
      (await close(member, 'PREF.L', 'date=2026-02-02&currency=EUR')).json().close,
    ).toMatchObject({ price: '14.6964', priceCurrency: 'EUR', rateDate: '2026-02-02' });
  });

  it('gives the last close before a day without one (a weekend), within a week', async () => {
    // Sunday 8 February: Tuesday's close; the rate is the latest on or before Tuesday (Monday's).
    const sunday = (await close(member, 'PREF', 'date=2026-02-08&currency=EUR')).json();
    expect(sunday.requestedDate).toBe('2026-02-08');
    expect(sunday.close).toMatchObject({
      date: '2026-02-03',
      close: '187.5',
      rateDate: '2026-02-02',
    });
    // More than a week after the last close, or before the first: none.
    for (const date of ['2026-02-11', '2026-02-01']) {
      const none = await close(member, 'PREF', `date=${date}&currency=EUR`);
      expect(none.statusCode, date).toBe(200);
      expect(none.json(), date).toEqual({ symbol: 'PREF', requestedDate: date, close: null });
    }
  });

  it('gives the close without a price when no rate was published for the conversion', async () => {
    // No CAD rate at all: the close is known, its price in euros is not.
    expect((await close(member, 'PREFCA', 'date=2026-02-02&currency=EUR')).json().close).toEqual({
      date: '2026-02-02',
      close: '50',
      currency: 'CAD',
      closeInMajor: '50',
      majorCurrency: 'CAD',
      price: null,
      priceCurrency: 'EUR',
      rate: null,
      rateDate: null,
    });
  });

  it('answers 404 for an unknown symbol, 400 for a bad date or currency, 401 signed out', async () => {
    const unknown = await close(member, 'NOPE', 'date=2026-02-02');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('INSTRUMENT_NOT_FOUND');
    for (const query of [
      '',
      'date=02/02/2026',
      'date=2026-02-30',
      'date=2026-02-02&currency=JPY',
    ]) {
      const res = await close(member, 'PREF', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_ERROR');
    }
    expect(
      (await close(member, 'PREF', 'date=2026-02-02&currency=JPY')).json().error.message,
    ).toContain('Choose EUR, USD, GBP or CAD');
    expect((await close(new Agent(t.app), 'PREF', 'date=2026-02-02')).statusCode).toBe(401);
  });
});

describe('GET /market-data/instruments', () => {
  beforeAll(async () => {
    await put(admin, 'GLE.PA', {
      currency: 'EUR',
      name: 'Société Générale',
      exchange: 'EPA',
      closes: [{ date: '2026-11-20', close: '25.5' }],
    });
    await put(admin, 'GLEN.L', { currency: 'GBp', name: 'Glencore plc', closes: [] });
  });

  it('finds symbols by prefix and names by any part, ignoring case and accents', async () => {
    const bySymbol = (await member.get('/api/v1/market-data/instruments?query=gle')).json();
    expect(bySymbol.instruments.map((i: { symbol: string }) => i.symbol)).toEqual([
      'GLE.PA',
      'GLEN.L',
    ]);
    expect(bySymbol.instruments[0]).toEqual({
      symbol: 'GLE.PA',
      name: 'Société Générale',
      kind: 'stock',
      exchange: 'EPA',
      currency: 'EUR',
      sector: null,
      country: null,
      latestClose: '25.5',
      latestDate: '2026-11-20',
      source: 'stored',
    });
    expect(bySymbol.instruments[1]).toMatchObject({ latestClose: null, latestDate: null });
    const byName = (await member.get('/api/v1/market-data/instruments?query=GENERALE')).json();
    expect(byName.instruments.map((i: { symbol: string }) => i.symbol)).toEqual(['GLE.PA']);
  });

  it('treats % and _ as plain characters and answers at most 20', async () => {
    expect(
      (await member.get('/api/v1/market-data/instruments?query=%25')).json().instruments,
    ).toEqual([]);
    for (let i = 0; i < 22; i += 1) {
      await put(admin, `ZZ${i}`, { currency: 'USD', closes: [] });
    }
    expect(
      (await member.get('/api/v1/market-data/instruments?query=ZZ')).json().instruments,
    ).toHaveLength(20);
  });

  it('refuses an empty or over-long query', async () => {
    expect((await member.get('/api/v1/market-data/instruments?query=')).statusCode).toBe(400);
    expect(
      (await member.get(`/api/v1/market-data/instruments?query=${'x'.repeat(101)}`)).statusCode,
    ).toBe(400);
  });
});

describe('CSV import of closes and rates', () => {
  const HEADER = 'symbol,date,close,currency\n';

  it('previews rows, counting closes and rates, without saving', async () => {
    const csv = `${HEADER}AIR.PA,2026-11-19,150.2,EUR\nAIR.PA,2026-11-20,151,EUR\nEURUSD,2026-11-20,1.0812,\n`;
    const res = await importCsv(admin, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      columns: ['symbol', 'date', 'close', 'currency'],
      rows: 3,
      prices: 2,
      fxRates: 1,
      errors: [],
      errorCount: 0,
      valid: true,
    });
    expect(res.json().sample[0]).toEqual({
      row: 2,
      values: { symbol: 'AIR.PA', date: '2026-11-19', close: '150.2', currency: 'EUR' },
    });
    expect(await closesOf('AIR.PA')).toBe(0);
  });

  it('lists every bad row with its number and a translatable code', async () => {
    const csv = [
      'symbol,date,close,currency',
      'AIR.PA,2026-11-20,-3,EUR',
      'AIR.PA,20/11/2026,3,EUR',
      'AIR.PA,2026-11-18,3,YEN',
      ',2026-11-18,3,EUR',
      'USDCAD,2026-11-17,1.36,',
      'EURUSD,2026-11-17,0,',
      'EURGBP,2026-11-17,0.87,USD',
      'AIR.PA,2026-11-19,3,EUR',
      'AIR.PA,2026-11-19,3,EUR',
    ].join('\n');
    const res = await importCsv(admin, csv);
    const byRow = res.json().errors.map((e: { row: number; code: string }) => [e.row, e.code]);
    expect(byRow).toEqual([
      [2, 'closeInvalid'],
      [3, 'dateInvalid'],
      [4, 'instrumentCurrencyInvalid'],
      [5, 'required'],
      [6, 'pairBaseUnknown'],
      [7, 'exchangeRateZero'],
      [8, 'currencyMismatch'],
      [10, 'duplicateRow'],
    ]);
    expect(res.json().valid).toBe(false);
    const commit = await importCsv(admin, csv, true);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error).toMatchObject({
      code: 'IMPORT_INVALID',
      details: { errorCount: 8 },
    });
    expect(await closesOf('AIR.PA')).toBe(0);
    expect(await db().select().from(fxRates)).toEqual([]);
  });

  it('stores a pair without the euro through the same day EUR rate of its base', async () => {
    const csv = `${HEADER}EURUSD,2026-11-16,1.08,USD\nUSDCAD,2026-11-16,1.36,CAD\nUSDEUR,2026-11-13,0.8,\n`;
    const res = await importCsv(admin, csv, true);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ imported: 3, prices: 0, fxRates: 3, instrumentsCreated: 0 });
    const rates = await db()
      .select({
        currency: fxRates.currency,
        date: fxRates.rateDate,
        rate: fxRates.rate,
        source: fxRates.source,
      })
      .from(fxRates)
      .orderBy(fxRates.rateDate, fxRates.currency);
    expect(rates).toEqual([
      { currency: 'USD', date: '2026-11-13', rate: '1.25', source: 'import' },
      { currency: 'CAD', date: '2026-11-16', rate: '1.4688', source: 'import' },
      { currency: 'USD', date: '2026-11-16', rate: '1.08', source: 'import' },
    ]);
    // A later file may lean on the stored EUR rate of the same day.
    const later = await importCsv(admin, `${HEADER}USDCAD,2026-11-16,1.4,\n`);
    expect(later.json().valid).toBe(true);
  });

  it('saves closes and creates instruments in one transaction', async () => {
    const csv =
      'Symbol;Date;Close;Currency;Volume;Name\nAIR.PA;2026-11-19;150,2;EUR;1200;Airbus SE\nAIR.PA;2026-11-20;151;EUR;;\n';
    const res = await importCsv(admin, csv, true);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ imported: 2, prices: 2, fxRates: 0, instrumentsCreated: 1 });
    const quote = (await member.get('/api/v1/market-data/quotes?symbols=AIR.PA')).json().quotes[0];
    expect(quote).toMatchObject({
      name: 'Airbus SE',
      close: '151',
      previousClose: '150.2',
      currency: 'EUR',
    });
  });

  it('refuses a close in another currency than the instrument has', async () => {
    const res = await importCsv(admin, `${HEADER}AIR.PA,2026-11-18,150,USD\n`);
    expect(res.json().errors[0]).toMatchObject({
      row: 2,
      code: 'instrumentCurrency',
      params: { symbol: 'AIR.PA', currency: 'EUR' },
    });
  });

  it('reports a file without the needed columns, an empty file and a malformed row', async () => {
    expect(
      (await importCsv(admin, 'ticker,when\nA,B\n'))
        .json()
        .errors.map((e: { code: string }) => e.code),
    ).toEqual(['unknownColumn', 'unknownColumn', 'unknownColumn']);
    expect((await importCsv(admin, '')).json().errors[0].code).toBe('emptyFile');
    const malformed = await importCsv(admin, `${HEADER}"AIR.PA,2026-11-18,150,EUR\n`);
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().valid).toBe(false);
  });

  it('refuses a file with a NUL byte, with a clear message', async () => {
    const res = await importCsv(admin, `${HEADER}A\u0000,2026-11-18,1,EUR\n`, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(
      'This text contains characters that cannot be saved',
    );
  });
});

describe('GET /market-data/fx', () => {
  it('gives the rate on the day, or the latest before, with the day it is from', async () => {
    const res = await member.get('/api/v1/market-data/fx?base=eur&quote=USD&date=2026-11-16');
    expect(res.json()).toEqual({
      base: 'EUR',
      quote: 'USD',
      rate: '1.08',
      date: '2026-11-16',
      requestedDate: '2026-11-16',
    });
    const later = (
      await member.get('/api/v1/market-data/fx?base=EUR&quote=USD&date=2026-11-18')
    ).json();
    expect(later).toMatchObject({ rate: '1.08', date: '2026-11-16', requestedDate: '2026-11-18' });
    const inverse = (
      await member.get('/api/v1/market-data/fx?base=USD&quote=EUR&date=2026-11-14')
    ).json();
    expect(inverse).toMatchObject({ rate: '0.8', date: '2026-11-13' });
  });

  it('answers 12 significant digits, never more decimals than a transaction accepts', async () => {
    const inverse = await member.get('/api/v1/market-data/fx?base=USD&quote=EUR&date=2026-11-16');
    expect(inverse.json()).toMatchObject({ rate: '0.925925925926', date: '2026-11-16' });
    // The transaction form sends the rate it prefills: 1 / 383.1 keeps 12 decimals, not 14.
    await db()
      .insert(fxRates)
      .values({ currency: 'HUF', rateDate: '2026-11-16', rate: '383.1', source: 'manual' });
    const small = await member.get('/api/v1/market-data/fx?base=HUF&quote=EUR&date=2026-11-16');
    expect(small.json()).toMatchObject({ rate: '0.002610284521', date: '2026-11-16' });
    await db().delete(fxRates).where(eq(fxRates.currency, 'HUF'));
  });

  it('crosses two currencies through the euro', async () => {
    const res = (
      await member.get('/api/v1/market-data/fx?base=USD&quote=CAD&date=2026-11-16')
    ).json();
    expect(res).toMatchObject({ rate: '1.36', date: '2026-11-16' });
  });

  it('answers today when no date is given, and 1 for a currency to itself', async () => {
    expect((await member.get('/api/v1/market-data/fx?base=EUR&quote=USD')).json()).toMatchObject({
      rate: '1.08',
      date: '2026-11-16',
    });
    expect((await member.get('/api/v1/market-data/fx?base=GBP&quote=GBP')).json().rate).toBe('1');
  });

  it('answers 404 FX_RATE_NOT_FOUND before the first rate or for a currency never seen', async () => {
    const early = await member.get('/api/v1/market-data/fx?base=EUR&quote=USD&date=2026-01-01');
    expect(early.statusCode).toBe(404);
    expect(early.json().error).toMatchObject({
      code: 'FX_RATE_NOT_FOUND',
      details: { missing: 'USD' },
    });
    expect((await member.get('/api/v1/market-data/fx?base=JPY&quote=EUR')).statusCode).toBe(404);
  });

  it('refuses an unknown currency and a date out of range', async () => {
    const unknown = await member.get('/api/v1/market-data/fx?base=XXX&quote=EUR');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Choose a currency the ECB publishes');
    const old = await member.get('/api/v1/market-data/fx?base=USD&quote=EUR&date=1800-01-01');
    expect(old.json().error.message).toContain('Date must be between 1900-01-01 and 2999-12-31');
    for (const query of [
      'base=EURO&quote=USD',
      'base=E1R&quote=USD',
      'quote=USD&date=2026-11-16',
      'base=EUR&quote=USD&date=2026-02-30',
      'base=EUR&quote=USD&date=16/11/2026',
    ]) {
      const res = await member.get(`/api/v1/market-data/fx?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /admin/market-data', () => {
  it('shows providers off, counts, and held symbols lacking recent closes with how many hold them', async () => {
    const portfolio = await insertPortfolio(db(), memberId);
    const base = {
      userId: memberId,
      portfolioId: portfolio.id,
      quantity: '1',
      purchasePrice: '1',
      currentPrice: '1',
      purchaseDate: '2026-01-02',
      currency: 'USD',
    };
    await db()
      .insert(holdings)
      .values([
        { ...base, class: 'market', name: 'Apple', symbol: 'AAPL' },
        { ...base, class: 'market', name: 'Apple again', symbol: 'aapl' },
        { ...base, class: 'crypto', name: 'Bitcoin', symbol: 'BTC' },
        { ...base, class: 'market', name: 'Airbus', symbol: 'AIR.PA' },
        { ...base, class: 'market', name: 'Old', symbol: 'OLD' },
        { ...base, class: 'market', name: 'Closed', symbol: 'GONE', status: 'closed' },
        { ...base, class: 'generic', name: 'Other', symbol: 'GEN' },
      ]);
    const res = await admin.get('/api/v1/admin/market-data');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.providers).toEqual([
      { name: 'yahoo', enabled: false, lastRunAt: null, lastSuccessAt: null, lastError: null },
      { name: 'coingecko', enabled: false, lastRunAt: null, lastSuccessAt: null, lastError: null },
      { name: 'ecb', enabled: false, lastRunAt: null, lastSuccessAt: null, lastError: null },
    ]);
    const [{ n: closes } = { n: -1 }] = await db().select({ n: count() }).from(instrumentPrices);
    expect(body.counts).toMatchObject({ closes, fxDays: 2 });
    expect(body.gaps).toEqual([
      { symbol: 'AAPL', holdings: 2, lastDate: null },
      { symbol: 'BTC', holdings: 1, lastDate: null },
      { symbol: 'OLD', holdings: 1, lastDate: DATE_MIN },
    ]);
  });
});
