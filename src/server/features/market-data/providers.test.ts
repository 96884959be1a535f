import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ComputePool } from '../../platform/compute';
import type { ComputeTasks } from '../../context';
import { computeWorkerEntry } from '../../workers/compute-entry';
import { AppError } from '../../platform/errors';
import { FakeProviderServer, fixture } from './fake-provider-server';
import { CoinGeckoProvider } from './providers/coingecko';
import { EcbFormatError, EcbProvider, parseEcbRates } from './providers/ecb';
import type { HttpOptions } from './providers/http';
import { YahooProvider } from './providers/yahoo';

/**
 * The provider clients against local fake servers replaying recorded-style answers: what they
 * read, and how they fail (timeouts, 5xx then success, 429, malformed bodies).
 */

const logs: Record<string, unknown>[] = [];
const http = (extra: Partial<HttpOptions> = {}): HttpOptions => ({
  log: { warn: (obj) => void logs.push(obj as Record<string, unknown>) },
  timeoutMs: 2_000,
  baseDelayMs: 1,
  ...extra,
});
const today = () => new Date('2025-11-20T20:00:00Z');

let fake: FakeProviderServer;
let base: string;
beforeAll(async () => {
  fake = new FakeProviderServer();
  base = await fake.start();
});
afterAll(() => fake.stop());
afterEach(() => {
  logs.length = 0;
  fake.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('Yahoo chart client', () => {
  it('reads daily closes in the exchange’s days, skipping days without a close', async () => {
    fake.on('/v8/finance/chart/AAPL', { body: fixture('yahoo-chart-aapl.json') });
    const yahoo = new YahooProvider(base, http());
    const history = await yahoo.fetchHistory(
      { symbol: 'AAPL', providerId: null },
      '2025-11-01',
      '2025-11-20',
    );
    expect(history.instrument).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      kind: 'stock',
      exchange: 'NMS',
      currency: 'USD',
      sector: null,
      providerId: null,
    });
    expect(history.closes).toEqual([
      { date: '2025-11-17', close: '267.46', volume: '45018300' },
      { date: '2025-11-18', close: '268.56', volume: '41203200' },
      { date: '2025-11-20', close: '266.25', volume: '45823568' },
    ]);
    const [request] = fake.hits('/v8/finance/chart/AAPL');
    expect(request?.query.get('interval')).toBe('1d');
    expect(Number(request?.query.get('period1'))).toBe(Date.parse('2025-11-01T00:00:00Z') / 1000);
  });

  it('gives a London quote in pence (GBp) on its trading day', async () => {
    fake.on('/v8/finance/chart/VOD.L', { body: fixture('yahoo-chart-vod-l.json') });
    const yahoo = new YahooProvider(base, http());
    expect(await yahoo.fetchQuotes([{ symbol: 'VOD.L', providerId: null }])).toEqual([
      { symbol: 'VOD.L', date: '2025-11-20', price: '89.34', volume: '61284720', currency: 'GBp' },
    ]);
  });

  it('searches instruments', async () => {
    fake.on('/v1/finance/search', { body: fixture('yahoo-search.json') });
    const found = await new YahooProvider(base, http()).search('apple');
    expect(found[0]).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      kind: 'stock',
      exchange: 'NASDAQ',
      currency: null,
      sector: 'Technology',
      providerId: null,
    });
    expect(found.map((item) => item.kind)).toEqual(['stock', 'stock', 'etf']);
    expect(fake.hits('/v1/finance/search')[0]?.query.get('q')).toBe('apple');
  });

  it('tries a search once (a user waits for it), without retrying', async () => {
    fake.on('/v1/finance/search', { status: 503 });
    await failure(new YahooProvider(base, http()).search('apple'));
    expect(fake.hits('/v1/finance/search')).toHaveLength(1);
  });

  it('retries a 500 and succeeds, logging the failed attempt', async () => {
    fake.on(
      '/v8/finance/chart/AAPL',
      { status: 500, body: 'oops' },
      { body: fixture('yahoo-chart-aapl.json') },
    );
    const history = await new YahooProvider(base, http()).fetchHistory(
      { symbol: 'AAPL', providerId: null },
      '2025-11-01',
      '2025-11-20',
    );
    expect(history.closes).toHaveLength(3);
    expect(fake.hits('/v8/finance/chart/AAPL')).toHaveLength(2);
    expect(logs).toEqual([
      expect.objectContaining({
        provider: 'yahoo',
        symbol: 'AAPL',
        status: 500,
        attempt: 1,
        willRetry: true,
      }),
    ]);
  });

  it('gives up after 3 attempts of 429 with "Failed to fetch stock prices"', async () => {
    fake.on('/v8/finance/chart/AAPL', {
      status: 429,
      body: '{"finance":{"error":"Too Many Requests"}}',
    });
    const error = await failure(
      new YahooProvider(base, http()).fetchHistory(
        { symbol: 'AAPL', providerId: null },
        '2025-11-01',
        '2025-11-20',
      ),
    );
    expect(error.code).toBe('MARKET_DATA_UNAVAILABLE');
    expect(error.message).toBe('Failed to fetch stock prices');
    expect(error.details).toEqual({ provider: 'yahoo', symbol: 'AAPL', status: 429 });
    expect(fake.hits('/v8/finance/chart/AAPL')).toHaveLength(3);
    expect(logs.map((line) => [line.status, line.attempt])).toEqual([
      [429, 1],
      [429, 2],
      [429, 3],
    ]);
  });

  it('does not retry a 404', async () => {
    const error = await failure(
      new YahooProvider(base, http()).fetchHistory(
        { symbol: 'NOPE', providerId: null },
        '2025-11-01',
        '2025-11-20',
      ),
    );
    expect(error.details).toMatchObject({ status: 404 });
    expect(fake.hits('/v8/finance/chart/NOPE')).toHaveLength(1);
  });

  it('times out a server that never answers, on every attempt', async () => {
    fake.on('/v8/finance/chart/SLOW', 'hang');
    const error = await failure(
      new YahooProvider(base, http({ timeoutMs: 100 })).fetchHistory(
        { symbol: 'SLOW', providerId: null },
        '2025-11-01',
        '2025-11-20',
      ),
    );
    expect(error.code).toBe('MARKET_DATA_UNAVAILABLE');
    expect(fake.hits('/v8/finance/chart/SLOW')).toHaveLength(3);
    expect(logs.map((line) => line.reason)).toEqual(['timeout', 'timeout', 'timeout']);
  });

  it.each([
    ['not JSON', '<html>rate limited</html>'],
    ['no chart', '{"chart":{"result":null,"error":{"code":"Not Found"}}}'],
    [
      'uneven arrays',
      '{"chart":{"result":[{"meta":{},"timestamp":[1,2],"indicators":{"quote":[{"close":[1]}]}}]}}',
    ],
  ])('refuses a malformed body (%s) without retrying', async (reason, body) => {
    fake.on('/v8/finance/chart/BAD', { body });
    const error = await failure(
      new YahooProvider(base, http()).fetchHistory(
        { symbol: 'BAD', providerId: null },
        '2025-11-01',
        '2025-11-20',
      ),
    );
    expect(error.details).toMatchObject({ provider: 'yahoo', reason });
    expect(fake.hits('/v8/finance/chart/BAD')).toHaveLength(1);
  });
});

describe('CoinGecko client', () => {
  it('maps symbols to coin ids and reads one close per UTC day (the day’s last point)', async () => {
    fake.on('/api/v3/coins/bitcoin/market_chart', {
      body: fixture('coingecko-market-chart-bitcoin.json'),
    });
    const coingecko = new CoinGeckoProvider(base, 'demo-key-123', http(), today);
    const history = await coingecko.fetchHistory(
      { symbol: 'BTC', providerId: null },
      '2025-11-18',
      '2025-11-20',
    );
    expect(history.instrument).toMatchObject({
      currency: 'USD',
      kind: 'crypto',
      providerId: 'bitcoin',
    });
    expect(history.closes).toEqual([
      { date: '2025-11-18', close: '92185.9187061', volume: '88213744316' },
      { date: '2025-11-19', close: '92950.1033927', volume: '83451210238' },
      { date: '2025-11-20', close: '91804.2218844', volume: '66810348211' },
    ]);
    const [request] = fake.hits('/api/v3/coins/bitcoin/market_chart');
    expect(request?.query.get('vs_currency')).toBe('usd');
    expect(request?.query.get('days')).toBe('4');
    expect(request?.headers['x-cg-demo-api-key']).toBe('demo-key-123');
  });

  it('reads simple prices for several coins in one call, and searches', async () => {
    fake.on('/api/v3/simple/price', { body: fixture('coingecko-simple-price.json') });
    fake.on('/api/v3/search', { body: fixture('coingecko-search.json') });
    const coingecko = new CoinGeckoProvider(base, null, http(), today);
    const quotes = await coingecko.fetchQuotes([
      { symbol: 'BTC', providerId: null },
      { symbol: 'ETH', providerId: null },
      { symbol: 'AAPL', providerId: null },
    ]);
    expect(quotes).toEqual([
      {
        symbol: 'BTC',
        date: '2025-11-20',
        price: '91804.22',
        volume: '66810348211',
        currency: 'USD',
      },
      {
        symbol: 'ETH',
        date: '2025-11-20',
        price: '3021.37',
        volume: '27412093847',
        currency: 'USD',
      },
    ]);
    expect(fake.hits('/api/v3/simple/price')[0]?.query.get('ids')).toBe('bitcoin,ethereum');
    expect(fake.hits('/api/v3/simple/price')[0]?.headers['x-cg-demo-api-key']).toBeUndefined();
    expect(
      (await coingecko.search('bitcoin')).map((coin) => [coin.symbol, coin.providerId]),
    ).toEqual([
      ['BTC', 'bitcoin'],
      ['WBTC', 'wrapped-bitcoin'],
    ]);
  });

  it('never logs its API key', async () => {
    fake.on('/api/v3/simple/price', { status: 503 });
    await failure(
      new CoinGeckoProvider(base, 'secret-key-456', http(), today).fetchQuotes([
        { symbol: 'BTC', providerId: null },
      ]),
    );
    expect(logs).toHaveLength(3);
    expect(JSON.stringify(logs)).not.toContain('secret-key-456');
  });
});

describe('ECB reference rates', () => {
  it('reads the daily file', async () => {
    const rates = await parseEcbRates(fixture('eurofxref-daily.xml'));
    expect(rates).toHaveLength(30);
    expect(rates[0]).toEqual({ currency: 'USD', date: '2025-11-20', rate: '1.1523' });
    expect(rates.find((rate) => rate.currency === 'GBP')?.rate).toBe('0.87915');
  });

  it('chooses the daily, 90-day or full file by how far back it must go, and keeps days from then', async () => {
    fake.on('/ecb/eurofxref-daily.xml', { body: fixture('eurofxref-daily.xml') });
    fake.on('/ecb/eurofxref-hist-90d.xml', { body: fixture('eurofxref-hist-90d.xml') });
    const ecb = new EcbProvider(`${base}/ecb`, http(), () => new Date('2025-11-20T18:00:00Z'));
    expect(await ecb.fetchRates()).toHaveLength(30);
    const since = await ecb.fetchRates('2025-11-19');
    expect(fake.hits('/ecb/eurofxref-daily.xml')).toHaveLength(2);
    expect(since).toHaveLength(30);
    const week = await ecb.fetchRates('2025-11-13');
    expect(fake.hits('/ecb/eurofxref-hist-90d.xml')).toHaveLength(1);
    expect(week.map((rate) => rate.date)).toEqual([
      ...Array(4).fill('2025-11-20'),
      ...Array(4).fill('2025-11-19'),
      ...Array(4).fill('2025-11-18'),
    ]);
    expect(ecb.fileFor('2020-01-01')).toBe('eurofxref-hist.xml');
  });

  it("reads on the server's compute worker, refusals included", async () => {
    const pool = new ComputePool<ComputeTasks>({ threads: 1, entry: computeWorkerEntry() });
    try {
      fake.on('/worker/eurofxref-daily.xml', { body: fixture('eurofxref-daily.xml') });
      const read = (xml: string) => pool.run('ecbRates', xml);
      const ecb = new EcbProvider(`${base}/worker`, http(), today, read);
      expect(await ecb.fetchRates()).toHaveLength(30);
      await expect(parseEcbRates('<html/>', read)).rejects.toThrow(EcbFormatError);
    } finally {
      await pool.close();
    }
  });

  it.each([
    [
      'a DOCTYPE (entities)',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><gesmes:Envelope/>',
    ],
    ['mismatched tags', '<gesmes:Envelope><Cube></Cub></gesmes:Envelope>'],
    ['an unclosed root', '<gesmes:Envelope><Cube>'],
    [
      'a rate that is not a number',
      "<gesmes:Envelope><Cube><Cube time='2026-11-20'><Cube currency='USD' rate='abc'/></Cube></Cube></gesmes:Envelope>",
    ],
    [
      'an unknown currency',
      "<gesmes:Envelope><Cube><Cube time='2026-11-20'><Cube currency='XXX' rate='1'/></Cube></Cube></gesmes:Envelope>",
    ],
    [
      'a bad date',
      "<gesmes:Envelope><Cube><Cube time='20-11-2026'><Cube currency='USD' rate='1'/></Cube></Cube></gesmes:Envelope>",
    ],
    ['another document', '<html><body>Maintenance</body></html>'],
    ['no rates', '<gesmes:Envelope><Cube/></gesmes:Envelope>'],
  ])('refuses a malformed file (%s) as MARKET_DATA_UNAVAILABLE', async (_, xml) => {
    fake.on('/bad/eurofxref-daily.xml', { body: xml });
    const error = await failure(new EcbProvider(`${base}/bad`, http(), today).fetchRates());
    expect(error.code).toBe('MARKET_DATA_UNAVAILABLE');
    expect(fake.hits('/bad/eurofxref-daily.xml')).toHaveLength(1);
  });
});

describe('the ECB file reader (fast-xml-parser, kept strict)', () => {
  const day = (inner: string) =>
    `<gesmes:Envelope><Cube><Cube time='2026-11-20'>${inner}</Cube></Cube></gesmes:Envelope>`;

  it('reads through a declaration, comments, other elements and surrounding space', async () => {
    const rates = await parseEcbRates(
      `\uFEFF<?xml version="1.0"?><!-- c -->\n<gesmes:Envelope x="1 &amp; 2"><gesmes:subject>s</gesmes:subject>` +
        `<Cube><Cube time="2026-11-20"><!-- d --><Cube currency="USD" rate=" 1.5 "/></Cube></Cube></gesmes:Envelope>\n`,
    );
    expect(rates).toEqual([{ currency: 'USD', date: '2026-11-20', rate: '1.5' }]);
  });

  it.each([
    [day(`<Cube currency='USD' rate=1/>`)],
    [day(`<Cube currency='USD' currency='GBP' rate='1'/>`)],
    [day(`<Cube currency='USD' rate='1'/>`) + '<gesmes:Envelope/>'],
    ['text' + day(`<Cube currency='USD' rate='1'/>`)],
    [day(`<Cube currency='USD' rate='&bogus;'/>`)],
    [day(`<Cube currency='USD' rate='1'/><![CDATA[x]]>`)],
    [day(`<Cube currency='USD' rate='1e2'/>`)],
    [day(`<Cube currency='USD'/>`)],
    [`<gesmes:Envelope><Cube><Cube currency='USD' rate='1'/></Cube></gesmes:Envelope>`],
    [`<!DOCTYPE x SYSTEM "file:///etc/passwd">` + day(`<Cube currency='USD' rate='1'/>`)],
    [''],
  ])('refuses %s', async (xml) => {
    await expect(parseEcbRates(xml)).rejects.toThrow(EcbFormatError);
  });
});
