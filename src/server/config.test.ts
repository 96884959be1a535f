import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig, redactUrl } from './config';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/cairn');

function problemsOf(env: Record<string, string>) {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.map((p) => p.variable);
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = load({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: 'localhost',
      dataDir: '/srv/cairn/data',
      databaseUrl: null,
      redisUrl: null,
      smtpUrl: null,
      analyticsId: null,
      logLevel: 'info',
      secure: false,
      trustProxy: false,
    });
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://cairn.example.com',
      DATA_DIR: '/var/lib/cairn',
      DATABASE_URL: 'postgres://cairn:pw@db:5432/cairn',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      ANALYTICS_ID: 'G-AB12CD34EF',
      ERROR_REPORTING_DSN: 'https://0123456789abcdef0123456789abcdef@errors.example.com/42',
      LOG_LEVEL: 'warn',
      COOKIE_SECRET: 'x'.repeat(40),
      TRUST_PROXY: '10.0.0.0/8, loopback',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/cairn',
      databaseUrl: 'postgres://cairn:pw@db:5432/cairn',
      analyticsId: 'G-AB12CD34EF',
      logLevel: 'warn',
      secure: true,
      trustProxy: ['10.0.0.0/8', 'loopback'],
    });
  });

  it('takes an http error-reporting DSN only for a collector on this machine', () => {
    const local = 'http://0123456789abcdef0123456789abcdef@127.0.0.1:4999/1';
    expect(load({ ERROR_REPORTING_DSN: local }).errorReportingDsn).toBe(local);
    expect(() =>
      load({
        ERROR_REPORTING_DSN: 'http://0123456789abcdef0123456789abcdef@127.0.0.1.example.com/1',
      }),
    ).toThrow(/ERROR_REPORTING_DSN/);
  });

  it('treats empty strings as unset', () => {
    expect(load({ PORT: '', ANALYTICS_ID: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      analyticsId: null,
      databaseUrl: null,
    });
  });

  it.each([
    ['ANALYTICS_ID', 'UA-12345'],
    ['ANALYTICS_ID', 'G-abc123'],
    ['ERROR_REPORTING_DSN', 'https://errors.example.com/42'],
    ['ERROR_REPORTING_DSN', 'http://0123456789abcdef0123456789abcdef@errors.example.com/42'],
    ['PORT', '70000'],
    ['PORT', 'eighty'],
    ['PUBLIC_URL', 'cairn.example.com'],
    ['PUBLIC_URL', 'https://example.com/app'],
    ['DATABASE_URL', 'mysql://db/cairn'],
    ['REDIS_URL', 'http://cache'],
    ['SMTP_URL', 'mail.example.com'],
    ['LOG_LEVEL', 'verbose'],
    ['COOKIE_SECRET', 'short'],
    ['TRUST_PROXY', 'yes please!'],
    ['MARKET_DATA_PROVIDERS', 'yahoo,bloomberg'],
    ['YAHOO_BASE_URL', 'ftp://quotes.example.com'],
    ['COINGECKO_BASE_URL', 'https://user:pass@api.example.com'],
    ['ECB_BASE_URL', 'https://ecb.example.com/x?y=1'],
    ['COINGECKO_API_KEY', 'bad key!'],
  ])('refuses %s=%s and names it', (variable, value) => {
    expect(problemsOf({ [variable]: value })).toEqual([variable]);
  });

  it('has no market data provider by default, and reads a comma list of them', () => {
    expect(load({}).marketData).toEqual({
      providers: [],
      yahooBaseUrl: 'https://query1.finance.yahoo.com',
      coingeckoBaseUrl: 'https://api.coingecko.com',
      coingeckoApiKey: null,
      ecbBaseUrl: 'https://www.ecb.europa.eu/stats/eurofxref',
    });
    expect(
      load({ MARKET_DATA_PROVIDERS: ' Yahoo, ecb,yahoo', ECB_BASE_URL: 'http://127.0.0.1:9/ecb/' })
        .marketData,
    ).toMatchObject({ providers: ['yahoo', 'ecb'], ecbBaseUrl: 'http://127.0.0.1:9/ecb' });
  });

  it('names every invalid variable at once, after the fixed headline', () => {
    try {
      load({ ANALYTICS_ID: 'nope', PORT: '-1' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split('\n')[0]).toBe('Invalid environment configuration');
      expect(message).toContain('ANALYTICS_ID');
      expect(message).toContain('PORT');
    }
  });
});

describe('describeConfig', () => {
  it('never carries a credential or the cookie secret', () => {
    const config = load({
      DATABASE_URL: 'postgres://cairn:db-pass-123@db:5432/cairn',
      REDIS_URL: 'redis://:redis-pass-456@cache:6379',
      SMTP_URL: 'smtps://mailer:smtp-pass-789@smtp.example.com:465',
      COOKIE_SECRET: 'cookie-secret-'.padEnd(40, 'z'),
    });
    const text = JSON.stringify(describeConfig(config));
    for (const secret of [
      'db-pass-123',
      'redis-pass-456',
      'smtp-pass-789',
      'cookie-secret-',
      'mailer',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('db:5432');
  });

  it('redactUrl hides user and password', () => {
    expect(redactUrl('postgres://u:p@h/d')).toBe('postgres://***:***@h/d');
    expect(redactUrl(null)).toBeNull();
  });
});
