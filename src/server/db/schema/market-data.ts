import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { portfolios } from './portfolios';

/**
 * What can be priced: a stock, ETF, fund, bond or crypto asset, known by the symbol users type
 * (upper case; Yahoo-style exchange suffixes such as `SHOP.TO` or `VOD.L` are part of it).
 * `currency` is the quote currency as the provider gives it, which may be `GBp`/`GBX` (pence):
 * the valuation divides those closes by 100 and treats them as GBP.
 */
export const instruments = pgTable(
  'instruments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    /** stock, etf, fund, bond, crypto. */
    kind: text('kind').notNull(),
    exchange: text('exchange'),
    currency: text('currency').notNull(),
    sector: text('sector'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** Where its prices come from: manual (entered or imported), yahoo, coingecko. */
    provider: text('provider').notNull().default('manual'),
    /** The provider's own id when it is not the symbol (CoinGecko: `bitcoin` for BTC). */
    providerId: text('provider_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('instruments_symbol_key').on(t.symbol)],
);

/** One close per instrument and day (upserted), in the instrument's quote currency. */
export const instrumentPrices = pgTable(
  'instrument_prices',
  {
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => instruments.id, { onDelete: 'cascade' }),
    priceDate: date('price_date', { mode: 'string' }).notNull(),
    close: numeric('close').notNull(),
    volume: numeric('volume'),
    /** manual, import, yahoo, coingecko. */
    source: text('source').notNull().default('manual'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.instrumentId, t.priceDate] }),
    check('instrument_prices_close_non_negative', sql`${t.close} >= 0`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Each instrument's closes packed for the valuation engine, kept by triggers on
 * instrument_prices (migrations 0010 and 0011: a statement marks what it touched, and each marked
 * instrument is rebuilt once when its transaction commits): `days` holds big-endian int32 day numbers (days since
 * 1970-01-01) and `closes` big-endian float64 closes, in date order. Ten years of 250 symbols
 * (913,000 closes) read in about 100 ms this way, against about a second row by row.
 * A float64 holds every close of up to 15 significant digits exactly.
 */
export const instrumentPriceSeries = pgTable('instrument_price_series', {
  instrumentId: uuid('instrument_id')
    .primaryKey()
    .references(() => instruments.id, { onDelete: 'cascade' }),
  days: bytea('days').notNull(),
  closes: bytea('closes').notNull(),
  /** Bumped at each rebuild (migration 0012): a valuation worker keeps a series until it moves. */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Instruments whose packed series is rebuilt when the current transaction commits. */
export const instrumentPriceSeriesDirty = pgTable('instrument_price_series_dirty', {
  instrumentId: uuid('instrument_id').primaryKey(),
});

/**
 * Daily euro reference rates, as the ECB publishes them: one unit of EUR buys `rate` units of
 * `currency`. Every other pair is a cross rate (X to Y = rate(Y) / rate(X)).
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text('currency').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    rate: numeric('rate').notNull(),
    /** manual, import, ecb. */
    source: text('source').notNull().default('manual'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.currency, t.rateDate] }),
    check('fx_rates_rate_positive', sql`${t.rate} > 0`),
  ],
);

/**
 * One counter for all prices and rates, bumped by a trigger on every statement that writes either
 * (migration 0009): with the portfolio's own counter it names a valuation's dataset, so a repeated
 * request is a cache hit and nothing stale is ever served.
 */
export const marketDataVersion = pgTable(
  'market_data_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /** Bumped by every statement that writes rates only (migration 0012). */
    fxVersion: bigint('fx_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('market_data_version_single_row', sql`${t.id} = 1`)],
);

/**
 * Each portfolio's dataset counter, bumped by triggers on every statement that writes its
 * holdings, transactions, savings movements and rates, or valuations (simulations included).
 * Kept apart from `portfolios` so the bump never waits on a lock taken on the portfolio row.
 */
export const portfolioVersions = pgTable('portfolio_versions', {
  portfolioId: uuid('portfolio_id')
    .primaryKey()
    .references(() => portfolios.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Each holding's dataset counter (migration 0012), bumped by triggers on every statement that
 * writes the holding, its transactions, lots, valuation points or savings movements and rates: a
 * valuation worker reloads and revalues only the holdings whose counter moved. No foreign key: a
 * cascade that deletes a holding's rows must not fail on it; the holding's delete removes it.
 */
export const holdingVersions = pgTable('holding_versions', {
  holdingId: uuid('holding_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** The state of each provider's scheduled runs, shown on /admin/market-data. */
export const marketDataRuns = pgTable('market_data_runs', {
  provider: text('provider').primaryKey(),
  lastRunAt: tstz('last_run_at'),
  lastSuccessAt: tstz('last_success_at'),
  lastError: text('last_error'),
  updatedAt: updatedAt(),
});
