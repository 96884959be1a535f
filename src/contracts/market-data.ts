import { z } from 'zod';
import { FX_CURRENCIES } from '@/domain/market-data/fx';
import { importIssueSchema } from './import-export';
import { CURRENCIES } from './settings';
import { checkedDecimal, isoDate, pastIsoDate, text, decimalText } from './input-rules';
import { DEFAULT_PERFORMANCE_RANGE, PERFORMANCE_RANGES } from './valuation';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * Market data (issue 13): instruments, daily closes and euro exchange rates, entered by an admin
 * (one symbol's history, or a CSV file) or fetched by the optional providers, and read by every
 * signed-in user (quotes, instrument lookup, exchange rates).
 */

/** Quote currencies of instruments: `GBp`/`GBX` are London prices in pence (1/100 GBP). */
export const INSTRUMENT_CURRENCIES = ['EUR', 'USD', 'GBP', 'CAD', 'GBp', 'GBX'] as const;
export type InstrumentCurrency = (typeof INSTRUMENT_CURRENCIES)[number];
export const INSTRUMENT_KINDS = ['stock', 'etf', 'fund', 'bond', 'crypto'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];
/** The spec's sectors (spec 002, "Market data"); any other text is accepted too. */
export const SECTORS = [
  'Technology',
  'Healthcare',
  'Financial Services',
  'Consumer Cyclical',
  'Industrials',
  'Communication Services',
  'Consumer Defensive',
  'Energy',
  'Utilities',
  'Real Estate',
  'Basic Materials',
] as const;
/** The spec's exchanges; any other text is accepted too. */
export const EXCHANGES = ['NYSE', 'NASDAQ', 'AMEX', 'OTC', 'TSX', 'LSE'] as const;

export const MARKET_SYMBOL_MAX = 20;
/** One request writes at most this many closes (20 years of trading days and more). */
export const CLOSES_MAX = 20_000;
export const QUOTES_MAX_SYMBOLS = 50;
export const INSTRUMENT_LOOKUP_LIMIT = 20;
/** Quotes are kept this long in each process (spec 002: price cache 60 s). */
export const QUOTE_CACHE_MS = 60_000;
/** A held symbol without a close in this many days is a gap on the admin page. */
export const GAP_DAYS = 5;

const SYMBOL_CHARS = /^[A-Z0-9.\-^=]+$/;

/**
 * A market symbol: trimmed and upper-cased, 1 to 20 letters, digits, dots, hyphens, `^` and `=`
 * (`AAPL`, `VOD.L`, `BRK-B`, `^GSPC`, `EURUSD=X`). Holding symbols (10 characters) always fit.
 */
export const marketSymbol = () =>
  text({ message: M.symbolRequired })
    .trim()
    .min(1, M.symbolRequired)
    .max(MARKET_SYMBOL_MAX, M.marketSymbolMax)
    .transform((value) => value.toUpperCase())
    .refine((value) => SYMBOL_CHARS.test(value), M.marketSymbolFormat);

/** A decimal of zero or more (at most 15 digits before the point and 12 after), as text or number. */
const nonNegativeDecimal = (message: string) =>
  checkedDecimal(
    z
      .union([text(), z.number()], { message })
      .transform(decimalText)
      .refine((value) => !value.startsWith('-'), { message, abort: true }),
    message,
  );

const optionalLabel = (max: number) =>
  text()
    .trim()
    .max(max, M.textTooLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

export const fxCurrency = () =>
  text()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(FX_CURRENCIES, { message: M.fxCurrencyInvalid }));

// Requests -----------------------------------------------------------------------------------------

export const symbolParamsSchema = z.object({ symbol: marketSymbol() });

export const closeSchema = z.object({
  date: pastIsoDate(),
  close: nonNegativeDecimal(M.closeInvalid),
  volume: nonNegativeDecimal(M.volumeInvalid).optional().nullable(),
});

export const putPricesBodySchema = z.object({
  currency: z.enum(INSTRUMENT_CURRENCIES, { message: M.instrumentCurrencyInvalid }),
  /** Kept when absent (a new instrument is named after its symbol). */
  name: optionalLabel(200),
  kind: z.enum(INSTRUMENT_KINDS, { message: M.instrumentKindInvalid }).optional(),
  exchange: optionalLabel(50),
  sector: optionalLabel(100),
  country: text()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z]{2}$/.test(value), M.countryInvalid)
    .optional()
    .nullable(),
  closes: z
    .array(closeSchema)
    .max(CLOSES_MAX, M.closesMax)
    .refine((closes) => new Set(closes.map((close) => close.date)).size === closes.length, {
      message: M.closesDuplicateDate,
    }),
});
export type PutPricesBody = z.output<typeof putPricesBodySchema>;

export const marketDataImportBodySchema = z.object({
  /**
   * The file's text: columns `symbol,date,close,currency` (and optionally `volume`, `name`),
   * comma, semicolon or tab separated. A six-letter pair (`EURUSD`) is an exchange rate.
   */
  csv: text(),
  /** false: check and preview only; true: save every row, or none when a row is invalid. */
  commit: z.boolean().default(false),
});

export const quotesQuerySchema = z.object({
  symbols: text()
    .max(QUOTES_MAX_SYMBOLS * (MARKET_SYMBOL_MAX + 1) * 2, M.symbolsMax)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(marketSymbol()).min(1, M.symbolsRequired).max(QUOTES_MAX_SYMBOLS, M.symbolsMax))
    .describe('Comma-separated symbols (at most 50).'),
});

/** A chart period (1W ... MAX, any case; 1Y when absent), as the performance ranges. */
const priceRange = () =>
  text({ message: M.rangeInvalid })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(PERFORMANCE_RANGES, { message: M.rangeInvalid }))
    .default(DEFAULT_PERFORMANCE_RANGE)
    .describe('1W, 1M, 3M, YTD, 1Y, 3Y, 5Y or MAX (1Y when absent), ending today.');

export const priceHistoryQuerySchema = z.object({ range: priceRange() });

export const priceHistoriesQuerySchema = z.object({
  symbols: quotesQuerySchema.shape.symbols,
  range: priceRange(),
});

export const instrumentsQuerySchema = z.object({
  query: text().trim().min(1, M.required).max(100, M.textTooLong),
});

/** How far back a close stands for a day without one (a weekend, a holiday). */
export const CLOSE_LOOKBACK_DAYS = 7;

export const closeOnQuerySchema = z.object({
  date: isoDate().describe(
    `YYYY-MM-DD: the close of that day, or of the latest day before it within ${CLOSE_LOOKBACK_DAYS} days.`,
  ),
  currency: z
    .enum(CURRENCIES, { message: M.currencyInvalid })
    .optional()
    .describe(
      'Also give the close in this currency (a holding’s), converted at the published rate.',
    ),
});

export const fxQuerySchema = z.object({
  base: fxCurrency().describe('One unit of this currency...'),
  quote: fxCurrency().describe('...in this currency.'),
  date: isoDate().optional().describe('YYYY-MM-DD; today when absent.'),
});

// Answers ------------------------------------------------------------------------------------------

const decimalOut = z.string().describe('A decimal as a string.');

export const putPricesResponseSchema = z.object({
  symbol: z.string(),
  created: z.boolean().describe('The instrument did not exist and was created.'),
  closes: z.number().int().describe('Closes written (new or replaced).'),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
});

export const quoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: z.string(),
  exchange: z.string().nullable(),
  /** As quoted: GBp/GBX are pence. */
  currency: z.string(),
  close: decimalOut,
  date: z.string(),
  /** The close in its major currency (pence / 100 in GBP). */
  closeInMajor: decimalOut,
  majorCurrency: z.string(),
  previousClose: decimalOut.nullable(),
  previousDate: z.string().nullable(),
  /** latest - previous, in the quote currency; null with one close. */
  change: decimalOut.nullable(),
  /** Of the previous close, 2 decimals; null with one close or a previous close of 0. */
  changePercent: decimalOut.nullable(),
  volume: decimalOut.nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quotesResponseSchema = z.object({
  quotes: z.array(quoteSchema),
  /** Asked for but without an instrument or without any close. */
  unknown: z.array(z.string()),
  /** US market hours right now (09:30-16:00 New York, Monday to Friday). */
  marketOpen: z.boolean(),
});
export type QuotesResponse = z.infer<typeof quotesResponseSchema>;

export const instrumentSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: z.string(),
  exchange: z.string().nullable(),
  /** Null for a provider's suggestion that does not say. */
  currency: z.string().nullable(),
  sector: z.string().nullable(),
  country: z.string().nullable(),
  latestClose: decimalOut.nullable(),
  latestDate: z.string().nullable(),
  /** stored (known here), or the provider that suggested it (not stored yet: no close). */
  source: z.string(),
});
export type Instrument = z.infer<typeof instrumentSchema>;

export const instrumentsResponseSchema = z.object({ instruments: z.array(instrumentSchema) });

export const priceCloseSchema = z.object({ date: z.string(), close: decimalOut });
export type PriceClose = z.infer<typeof priceCloseSchema>;

export const priceHistorySchema = z.object({
  symbol: z.string(),
  /** The quote currency as stored: GBp/GBX closes are pence. */
  currency: z.string(),
  /** Ascending; daily up to a year, thinned beyond (first, last, lowest and highest kept). */
  closes: z.array(priceCloseSchema),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

export const priceHistoryResponseSchema = priceHistorySchema.extend({
  range: z.enum(PERFORMANCE_RANGES),
});
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;

export const priceHistoriesResponseSchema = z.object({
  range: z.enum(PERFORMANCE_RANGES),
  /** In the order asked; each thinned to at most 60 closes (a sparkline's). */
  series: z.array(priceHistorySchema),
  /** Asked for but without an instrument or without any close. */
  unknown: z.array(z.string()),
});
export type PriceHistoriesResponse = z.infer<typeof priceHistoriesResponseSchema>;

export const closeOnResponseSchema = z.object({
  symbol: z.string(),
  requestedDate: z.string(),
  /** Null: no close on that day nor in the week before it. */
  close: z
    .object({
      /** The day the close is of: the one asked for, or the latest before it. */
      date: z.string(),
      /** As stored, in the quote currency (GBp/GBX: pence). */
      close: decimalOut,
      currency: z.string(),
      /** The close in its major currency (pence / 100 in GBP). */
      closeInMajor: decimalOut,
      majorCurrency: z.string(),
      /**
       * The close in `priceCurrency` (the currency asked for, else the quote's major currency):
       * pence / 100 in pounds, converted at `rate`; null when that needs a rate nobody published
       * by then.
       */
      price: decimalOut.nullable(),
      priceCurrency: z.string(),
      /** Units of `priceCurrency` per unit of the major currency; null when none was needed. */
      rate: decimalOut.nullable(),
      /** The day of that rate (the latest on or before the close's). */
      rateDate: z.string().nullable(),
    })
    .nullable(),
});
export type CloseOnResponse = z.infer<typeof closeOnResponseSchema>;

export const fxResponseSchema = z.object({
  base: z.string(),
  quote: z.string(),
  /** One `base` in `quote`. */
  rate: decimalOut,
  /** The day the rate is from: the latest on or before the date asked for. */
  date: z.string(),
  requestedDate: z.string(),
});
export type FxResponse = z.infer<typeof fxResponseSchema>;

export const marketDataImportPreviewSchema = z.object({
  columns: z.array(z.string()),
  /** Target field -> the file's column. */
  mapping: z.record(z.string(), z.string()),
  rows: z.number().int(),
  sample: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.string()) })),
  /** Rows that are closes, and rows that are exchange rates. */
  prices: z.number().int(),
  fxRates: z.number().int(),
  errors: z.array(importIssueSchema),
  errorCount: z.number().int(),
  valid: z.boolean(),
});
export type MarketDataImportPreview = z.infer<typeof marketDataImportPreviewSchema>;

export const marketDataImportCommitSchema = z.object({
  imported: z.number().int(),
  prices: z.number().int(),
  fxRates: z.number().int(),
  instrumentsCreated: z.number().int(),
});
export type MarketDataImportCommit = z.infer<typeof marketDataImportCommitSchema>;

export const MARKET_DATA_PROVIDERS = ['yahoo', 'coingecko', 'ecb'] as const;
export type MarketDataProviderName = (typeof MARKET_DATA_PROVIDERS)[number];

const timestamp = z.string().nullable().describe('ISO 8601, or null.');

export const adminMarketDataResponseSchema = z.object({
  providers: z.array(
    z.object({
      name: z.enum(MARKET_DATA_PROVIDERS),
      enabled: z.boolean(),
      lastRunAt: timestamp,
      lastSuccessAt: timestamp,
      lastError: z.string().nullable(),
    }),
  ),
  counts: z.object({
    instruments: z.number().int(),
    closes: z.number().int(),
    fxDays: z.number().int(),
  }),
  /** Symbols of active market or crypto holdings without a close in the last 5 days. */
  gaps: z.array(
    z.object({
      symbol: z.string(),
      holdings: z.number().int(),
      lastDate: z.string().nullable(),
    }),
  ),
  marketOpen: z.boolean(),
});
export type AdminMarketData = z.infer<typeof adminMarketDataResponseSchema>;

/** What a market data import can say about a row beyond the shared messages. */
export const MARKET_DATA_IMPORT_ISSUES = {
  pairBaseUnknown:
    'No EUR rate of {{currency}} is known for {{date}}: add the EUR{{currency}} rate of that day first',
  currencyMismatch: 'The currency of a {{pair}} rate is {{currency}} (or leave it empty)',
  duplicateRow: 'This symbol and date appear on an earlier row',
  instrumentCurrency: '{{symbol}} is quoted in {{currency}}',
} as const;
