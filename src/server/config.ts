import path from 'node:path';
import { z } from 'zod';
import { MARKET_DATA_PROVIDERS, type MarketDataProviderName } from '@/contracts/market-data';
import { type Tier, TIERS } from '@/domain/plans/plans';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const urlWithProtocols = (protocols: readonly string[], example: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (e.g. ${example})`,
  );

const providerList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine(
    (names) => names.every((name) => (MARKET_DATA_PROVIDERS as readonly string[]).includes(name)),
    `must be a comma-separated list of ${MARKET_DATA_PROVIDERS.join(', ')} (e.g. yahoo,ecb), or empty for none`,
  )
  .transform((names) => [...new Set(names)] as MarketDataProviderName[]);

const httpBaseUrl = (example: string) =>
  urlWithProtocols(['http:', 'https:'], example).refine((value) => {
    if (!URL.canParse(value)) return true; // reported by the check above
    const url = new URL(value);
    return !url.search && !url.hash && !url.username && !url.password;
  }, `must be a base URL without query, fragment or credentials (e.g. ${example})`);

const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(['production', 'development', 'test'])),
    PORT: optional(z.coerce.number().int().min(0).max(65535)),
    HOST: optional(z.string().min(1)),
    PUBLIC_URL: optional(
      urlWithProtocols(['http:', 'https:'], 'https://cairn.example.com').refine((value) => {
        if (!URL.canParse(value)) return true; // reported by the check above
        const url = new URL(value);
        return (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
      }, 'must be an origin without a path (e.g. https://cairn.example.com)'),
    ),
    DATA_DIR: optional(z.string().min(1)),
    DATABASE_URL: optional(
      urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/cairn'),
    ),
    REDIS_URL: optional(urlWithProtocols(['redis:', 'rediss:'], 'redis://127.0.0.1:6379')),
    SMTP_URL: optional(
      urlWithProtocols(['smtp:', 'smtps:'], 'smtps://user:pass@smtp.example.com:465'),
    ),
    MAIL_FROM: optional(
      z
        .string()
        .min(3)
        .max(200)
        .regex(/@/, 'must be an address, e.g. Cairn <no-reply@example.com>'),
    ),
    ANALYTICS_ID: optional(
      z
        .string()
        .regex(
          /^G-[A-Z0-9]+$/,
          'must be G- followed by capital letters or digits (e.g. G-AB12CD34EF)',
        ),
    ),
    ERROR_REPORTING_DSN: optional(
      z.string().regex(
        // http only to this machine (a local collector, as the consent journey runs one).
        /^(https:\/\/[a-f0-9]{16,64}@[a-z0-9.-]+|http:\/\/[a-f0-9]{16,64}@(127\.0\.0\.1|localhost))(:\d+)?\/\d+$/,
        'must be a DSN of the form https://<public key>@<host>/<project id>',
      ),
    ),
    LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
    COOKIE_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    DATA_KEY: optional(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]{43}$/,
          'must be 32 random bytes in base64url (43 characters), e.g. from `openssl rand -base64 32 | tr "+/" "-_" | tr -d =`',
        ),
    ),
    MARKET_DATA_PROVIDERS: optional(providerList),
    YAHOO_BASE_URL: optional(httpBaseUrl('https://query1.finance.yahoo.com')),
    COINGECKO_BASE_URL: optional(httpBaseUrl('https://api.coingecko.com')),
    COINGECKO_API_KEY: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be 8 to 128 letters, digits, dashes or underscores'),
    ),
    ECB_BASE_URL: optional(httpBaseUrl('https://www.ecb.europa.eu/stats/eurofxref')),
    TRUST_PROXY: optional(
      z
        .string()
        .regex(
          /^(true|false|[0-9a-zA-Z:.,/ ]+)$/,
          'must be true, false, or a comma-separated list of proxy addresses or ranges (e.g. 10.0.0.0/8,loopback)',
        ),
    ),
    ALLOW_PRIVATE_NETWORK_FETCH: optional(z.enum(['true', 'false'], 'must be true or false')),
    DEFAULT_PLAN: optional(z.enum(TIERS, 'must be free, classic or pro')),
    API_KEY_RATE_LIMIT: optional(z.coerce.number().int().min(1).max(100_000)),
    STRIPE_SECRET_KEY: optional(
      z
        .string()
        .regex(
          /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
          'must be a Stripe secret key (sk_live_..., sk_test_... or rk_...)',
        ),
    ),
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be a webhook signing secret (whsec_...)'),
    ),
    STRIPE_PRICE_CLASSIC: optional(
      z.string().regex(/^price_[A-Za-z0-9]+$/, 'must be a price id (price_...)'),
    ),
    STRIPE_PRICE_PRO: optional(
      z.string().regex(/^price_[A-Za-z0-9]+$/, 'must be a price id (price_...)'),
    ),
    STRIPE_API_BASE_URL: optional(httpBaseUrl('https://api.stripe.com')),
    VAPID_PUBLIC_KEY: optional(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]{87}$/,
          'must be a P-256 public key in base64url (87 characters), e.g. from `npx web-push generate-vapid-keys`',
        ),
    ),
    VAPID_PRIVATE_KEY: optional(
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]{43}$/,
          'must be a P-256 private key in base64url (43 characters), e.g. from `npx web-push generate-vapid-keys`',
        ),
    ),
    VAPID_SUBJECT: optional(urlWithProtocols(['mailto:', 'https:'], 'mailto:admin@example.com')),
  })
  .superRefine((env, ctx) => {
    for (const [name, other] of [
      ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
      ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'],
    ] as const) {
      if (env[name] === undefined && env[other] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is needed with ${other} (Web Push takes the key pair)`,
        });
      }
    }
    const stripe = [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_CLASSIC',
      'STRIPE_PRICE_PRO',
    ] as const;
    const set = stripe.filter((name) => env[name] !== undefined);
    if (set.length === 0 || set.length === stripe.length) return;
    for (const name of stripe.filter((name) => env[name] === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is needed with ${set.join(', ')} (billing takes all four)`,
      });
    }
  });

export type LogLevel = (typeof LOG_LEVELS)[number];

export type Config = {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** The origin users reach the app at; links in emails and the sitemap use it. */
  publicUrl: URL;
  /** Absolute path of the data folder (embedded database, uploads, generated secrets). */
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  smtpUrl: string | null;
  /** The From address of emails. */
  mailFrom: string;
  analyticsId: string | null;
  errorReportingDsn: string | null;
  logLevel: LogLevel;
  cookieSecret: string | null;
  /** Key encrypting secrets stored in the database. */
  dataKey: string | null;
  /** Which proxies' X-Forwarded-* headers to believe (client IP for rate limits and logs). */
  trustProxy: boolean | string[];
  /** True when PUBLIC_URL is https: cookies get Secure and the __Host- prefix, HSTS is sent. */
  secure: boolean;
  /** Market data providers (none by default: prices and rates are entered or imported). */
  marketData: MarketDataConfig;
  /**
   * Whether addresses users type (a savings account's bank logo) may be fetched from private
   * networks and any port: off, so the server cannot be used to reach what only it can reach.
   */
  allowPrivateNetworkFetch: boolean;
  /** The plan of new accounts (free by default; a household running Cairn for itself: pro). */
  defaultPlan: Tier;
  /** Requests a personal API key may make per minute. */
  apiKeyRateLimit: number;
  /** The payment provider, or null (the default): plans are then set by an admin. */
  billing: BillingConfig | null;
  /** Web Push: the VAPID key pair when given (else generated into DATA_DIR/vapid.json). */
  vapid: { publicKey: string | null; privateKey: string | null; subject: string };
};

export type BillingConfig = {
  provider: 'stripe';
  secretKey: string;
  webhookSecret: string;
  prices: { classic: string; pro: string };
  /** The provider's API address (its public one unless set: a proxy, or a local fake in tests). */
  apiBaseUrl: string;
};

export type MarketDataConfig = {
  /** Providers to fetch from; empty (the default) means offline: nothing is fetched or scheduled. */
  providers: MarketDataProviderName[];
  yahooBaseUrl: string;
  coingeckoBaseUrl: string;
  coingeckoApiKey: string | null;
  ecbBaseUrl: string;
};

const trimSlash = (value: string) => value.replace(/\/+$/, '');

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      [
        'Invalid environment configuration',
        ...problems.map((p) => `  ${p.variable}: ${p.message}`),
      ].join('\n'),
    );
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Reads the configuration from the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${port}`);
  return {
    env: e.NODE_ENV ?? 'production',
    port,
    host: e.HOST ?? 'localhost',
    publicUrl,
    dataDir: path.resolve(cwd, e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `Cairn <no-reply@${publicUrl.hostname}>`,
    analyticsId: e.ANALYTICS_ID ?? null,
    errorReportingDsn: e.ERROR_REPORTING_DSN ?? null,
    logLevel: e.LOG_LEVEL ?? 'info',
    cookieSecret: e.COOKIE_SECRET ?? null,
    dataKey: e.DATA_KEY ?? null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    secure: publicUrl.protocol === 'https:',
    marketData: {
      providers: e.MARKET_DATA_PROVIDERS ?? [],
      yahooBaseUrl: trimSlash(e.YAHOO_BASE_URL ?? 'https://query1.finance.yahoo.com'),
      coingeckoBaseUrl: trimSlash(e.COINGECKO_BASE_URL ?? 'https://api.coingecko.com'),
      coingeckoApiKey: e.COINGECKO_API_KEY ?? null,
      ecbBaseUrl: trimSlash(e.ECB_BASE_URL ?? 'https://www.ecb.europa.eu/stats/eurofxref'),
    },
    allowPrivateNetworkFetch: e.ALLOW_PRIVATE_NETWORK_FETCH === 'true',
    defaultPlan: e.DEFAULT_PLAN ?? 'free',
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT ?? 120,
    billing:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_CLASSIC && e.STRIPE_PRICE_PRO
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            prices: { classic: e.STRIPE_PRICE_CLASSIC, pro: e.STRIPE_PRICE_PRO },
            apiBaseUrl: trimSlash(e.STRIPE_API_BASE_URL ?? 'https://api.stripe.com'),
          }
        : null,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      privateKey: e.VAPID_PRIVATE_KEY ?? null,
      subject: e.VAPID_SUBJECT ?? vapidSubject(publicUrl, e.MAIL_FROM),
    },
  };
}

/**
 * Who push services may contact about this server: the public https address, else the mail
 * sender's address (push services want an https: or mailto: URL).
 */
function vapidSubject(publicUrl: URL, mailFrom: string | undefined) {
  if (publicUrl.protocol === 'https:') return publicUrl.origin;
  const address = /<([^<>]+@[^<>]+)>/.exec(mailFrom ?? '')?.[1] ?? mailFrom;
  return `mailto:${address && address.includes('@') ? address.trim() : `no-reply@${publicUrl.hostname}`}`;
}

/** Hides credentials in a connection URL so it can be logged. */
export function redactUrl(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    if (url.username) url.username = '***';
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '[invalid url]';
  }
}

/** What start-up logs about the configuration: never a secret or a credential. */
export function describeConfig(config: Config) {
  return {
    env: config.env,
    host: config.host,
    port: config.port,
    publicUrl: config.publicUrl.origin,
    database: config.databaseUrl ? redactUrl(config.databaseUrl) : `pglite:${config.dataDir}`,
    redis: redactUrl(config.redisUrl),
    mail: config.smtpUrl ? redactUrl(config.smtpUrl) : 'outbox',
    analytics: config.analyticsId !== null,
    errorReporting: config.errorReportingDsn !== null,
    secretsSource: config.cookieSecret && config.dataKey ? 'environment' : 'DATA_DIR/secrets.json',
    trustProxy: config.trustProxy,
    marketDataProviders: config.marketData.providers,
    defaultPlan: config.defaultPlan,
    apiKeyRateLimit: config.apiKeyRateLimit,
    billing: config.billing ? config.billing.provider : null,
    vapidSource:
      config.vapid.publicKey && config.vapid.privateKey ? 'environment' : 'DATA_DIR/vapid.json',
  };
}
