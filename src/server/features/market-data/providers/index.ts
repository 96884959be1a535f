import type { MarketDataConfig } from '../../../config';
import type { Clock } from '../../../platform/clock';
import { CoinGeckoProvider } from './coingecko';
import { type EcbReader, EcbProvider } from './ecb';
import type { HttpOptions } from './http';
import { YahooProvider } from './yahoo';
import type { FxProvider, InstrumentRef, MarketDataProvider } from './types';

export type Providers = {
  /** Price providers in the order configured. */
  prices: MarketDataProvider[];
  fx: FxProvider | null;
};

export const NO_PROVIDERS: Providers = { prices: [], fx: null };

/** The providers MARKET_DATA_PROVIDERS turns on (none by default). */
export function createProviders(
  config: MarketDataConfig,
  http: HttpOptions,
  clock: Clock,
  /** Where ECB files are read (the server: a compute worker); default in this thread. */
  readEcb?: EcbReader,
): Providers {
  const today = () => clock.now();
  const prices: MarketDataProvider[] = [];
  let fx: FxProvider | null = null;
  for (const name of config.providers) {
    if (name === 'yahoo') prices.push(new YahooProvider(config.yahooBaseUrl, http));
    if (name === 'coingecko') {
      prices.push(
        new CoinGeckoProvider(config.coingeckoBaseUrl, config.coingeckoApiKey, http, today),
      );
    }
    if (name === 'ecb') fx = new EcbProvider(config.ecbBaseUrl, http, today, readEcb);
  }
  return { prices, fx };
}

/**
 * The provider that prices an instrument: CoinGecko for a coin it knows (crypto kind or a mapped
 * symbol), else Yahoo; null when none of those is on.
 */
export function providerFor(
  providers: Providers,
  instrument: InstrumentRef & { kind?: string | null; provider?: string | null },
): MarketDataProvider | null {
  const coingecko = providers.prices.find((provider) => provider.name === 'coingecko');
  const yahoo = providers.prices.find((provider) => provider.name === 'yahoo');
  const crypto = instrument.kind === 'crypto' || instrument.provider === 'coingecko';
  if (coingecko?.handles(instrument) && (crypto || !yahoo)) return coingecko;
  if (coingecko?.handles(instrument) && !instrument.symbol.includes('.')) {
    // A bare coin symbol (BTC, ETH) with no stored instrument yet: a coin, not a share.
    if (instrument.kind === undefined || instrument.kind === null) return coingecko;
  }
  return yahoo ?? null;
}
