import type { MarketDataProviderName } from '@/contracts/market-data';

/** What a provider knows of an instrument (a search result, or a chart's metadata). */
export type ProviderInstrument = {
  symbol: string;
  name: string;
  kind: string;
  exchange: string | null;
  currency: string | null;
  sector: string | null;
  /** The provider's own id when it is not the symbol (CoinGecko: bitcoin). */
  providerId: string | null;
};

export type ProviderClose = { date: string; close: string; volume: string | null };

/** A stored instrument as a provider needs it. */
export type InstrumentRef = { symbol: string; providerId: string | null };

export type ProviderHistory = { instrument: ProviderInstrument; closes: ProviderClose[] };

export type ProviderQuote = {
  symbol: string;
  /** The trading day of the price (exchange's calendar day). */
  date: string;
  price: string;
  volume: string | null;
  currency: string | null;
};

/**
 * One interface for every price provider: a real HTTP client (providers/*.ts) in production, a
 * fake in tests. A failure throws AppError MARKET_DATA_UNAVAILABLE ('Failed to fetch stock
 * prices') after its retries; callers fall back to stored data.
 */
export type MarketDataProvider = {
  name: Exclude<MarketDataProviderName, 'ecb'>;
  /** Whether this provider prices the symbol (CoinGecko: known crypto symbols). */
  handles(instrument: InstrumentRef & { kind?: string | null }): boolean;
  /** Daily closes from `from` to `to` (YYYY-MM-DD, included). */
  fetchHistory(instrument: InstrumentRef, from: string, to: string): Promise<ProviderHistory>;
  /** The latest price of each instrument it could get (a missing one is simply absent). */
  fetchQuotes(instruments: readonly InstrumentRef[]): Promise<ProviderQuote[]>;
  search(query: string): Promise<ProviderInstrument[]>;
};

/** Euro reference rates: one euro buys `rate` of `currency` on `date`. */
export type FxRate = { currency: string; date: string; rate: string };

export type FxProvider = {
  name: 'ecb';
  /**
   * Rates from `from` (YYYY-MM-DD) on: the daily file when `from` is today or absent, the 90-day
   * file when it is within 90 days, the full history otherwise.
   */
  fetchRates(from?: string): Promise<FxRate[]>;
};
