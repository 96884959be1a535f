import { dec, toPlain } from '@/domain/money/decimal';
import {
  finiteNumber,
  type HttpOptions,
  INTERACTIVE,
  isRecord,
  ProviderHttp,
  stringOr,
} from './http';
import type {
  InstrumentRef,
  MarketDataProvider,
  ProviderClose,
  ProviderHistory,
  ProviderInstrument,
  ProviderQuote,
} from './types';

/**
 * CoinGecko: `GET {base}/api/v3/coins/{id}/market_chart?vs_currency=usd&days=N` (prices and
 * total_volumes as [[ms, value]]; the last point of each UTC day is its close),
 * `/api/v3/simple/price?ids=&vs_currencies=usd` and `/api/v3/search?query=`. Prices are in USD.
 * Coins are known by id (`bitcoin`): common symbols are mapped, and an instrument stores its id
 * (`provider_id`). An API key, when configured, goes in the demo or pro header (never logged).
 */

export const COINGECKO_IDS: Record<string, string> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  USDC: 'usd-coin',
  BNB: 'binancecoin',
  SOL: 'solana',
  XRP: 'ripple',
  ADA: 'cardano',
  DOGE: 'dogecoin',
  TRX: 'tron',
  DOT: 'polkadot',
  MATIC: 'matic-network',
  POL: 'polygon-ecosystem-token',
  LTC: 'litecoin',
  AVAX: 'avalanche-2',
  LINK: 'chainlink',
  BCH: 'bitcoin-cash',
  XLM: 'stellar',
  ATOM: 'cosmos',
  XMR: 'monero',
  ETC: 'ethereum-classic',
  UNI: 'uniswap',
  ALGO: 'algorand',
  XTZ: 'tezos',
};

const price = (value: number) => toPlain(dec(value).toSignificantDigits(12));
const DAY_MS = 86_400_000;

export class CoinGeckoProvider implements MarketDataProvider {
  readonly name = 'coingecko' as const;
  private readonly http: ProviderHttp;

  constructor(
    private readonly baseUrl: string,
    apiKey: string | null,
    options: HttpOptions,
    private readonly today: () => Date = () => new Date(),
  ) {
    const header = /(^|\.)pro-api\./.test(new URL(baseUrl).hostname)
      ? 'x-cg-pro-api-key'
      : 'x-cg-demo-api-key';
    this.http = new ProviderHttp('coingecko', {
      ...options,
      headers: { ...options.headers, ...(apiKey ? { [header]: apiKey } : {}) },
    });
  }

  /** The coin id of an instrument: the stored one, else the mapped symbol (BTC-USD reads BTC). */
  idOf(instrument: InstrumentRef): string | null {
    if (instrument.providerId) return instrument.providerId;
    const symbol = instrument.symbol.toUpperCase().replace(/-(USD|EUR|USDT)$/, '');
    return COINGECKO_IDS[symbol] ?? null;
  }

  handles(instrument: InstrumentRef & { kind?: string | null }): boolean {
    return this.idOf(instrument) !== null;
  }

  private requireId(instrument: InstrumentRef): string {
    const id = this.idOf(instrument);
    if (!id) throw this.http.malformed(instrument.symbol, 'unknown coin');
    return id;
  }

  async fetchHistory(
    instrument: InstrumentRef,
    from: string,
    to: string,
  ): Promise<ProviderHistory> {
    const id = this.requireId(instrument);
    const days = Math.max(
      1,
      Math.ceil((this.today().getTime() - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1,
    );
    const url = `${this.baseUrl}/api/v3/coins/${encodeURIComponent(id)}/market_chart?vs_currency=usd&days=${days}&interval=daily`;
    const body = await this.http.getJson(url, instrument.symbol);
    if (!isRecord(body) || !Array.isArray(body.prices)) {
      throw this.http.malformed(instrument.symbol, 'no prices');
    }
    const volumes = new Map<string, string>();
    for (const point of Array.isArray(body.total_volumes) ? body.total_volumes : []) {
      const [at, value] = Array.isArray(point) ? point : [];
      const ms = finiteNumber(at);
      const volume = finiteNumber(value);
      if (ms !== null && volume !== null && volume >= 0) {
        volumes.set(new Date(ms).toISOString().slice(0, 10), String(Math.round(volume)));
      }
    }
    const byDay = new Map<string, ProviderClose>();
    for (const point of body.prices) {
      const [at, value] = Array.isArray(point) ? point : [];
      const ms = finiteNumber(at);
      const close = finiteNumber(value);
      if (ms === null || close === null || close < 0) continue;
      const date = new Date(ms).toISOString().slice(0, 10);
      if (date < from || date > to) continue;
      byDay.set(date, { date, close: price(close), volume: volumes.get(date) ?? null });
    }
    return {
      instrument: {
        symbol: instrument.symbol,
        name: instrument.symbol,
        kind: 'crypto',
        exchange: null,
        currency: 'USD',
        sector: null,
        providerId: id,
      },
      closes: [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : 1)),
    };
  }

  async fetchQuotes(instruments: readonly InstrumentRef[]): Promise<ProviderQuote[]> {
    const idOf = new Map<string, string[]>();
    for (const instrument of instruments) {
      const id = this.idOf(instrument);
      if (id) idOf.set(id, [...(idOf.get(id) ?? []), instrument.symbol]);
    }
    if (idOf.size === 0) return [];
    const ids = [...idOf.keys()].join(',');
    const url = `${this.baseUrl}/api/v3/simple/price?ids=${encodeURIComponent(ids)}&vs_currencies=usd&include_24hr_vol=true&include_last_updated_at=true`;
    const body = await this.http.getJson(url, ids);
    if (!isRecord(body)) throw this.http.malformed(ids, 'not an object');
    const quotes: ProviderQuote[] = [];
    for (const [id, symbols] of idOf) {
      const entry = body[id];
      if (!isRecord(entry)) continue;
      const usd = finiteNumber(entry.usd);
      if (usd === null || usd < 0) continue;
      const updated = finiteNumber(entry.last_updated_at);
      const volume = finiteNumber(entry.usd_24h_vol);
      const date = new Date(updated === null ? this.today().getTime() : updated * 1000)
        .toISOString()
        .slice(0, 10);
      for (const symbol of symbols) {
        quotes.push({
          symbol,
          date,
          price: price(usd),
          volume: volume === null || volume < 0 ? null : String(Math.round(volume)),
          currency: 'USD',
        });
      }
    }
    return quotes;
  }

  async search(query: string): Promise<ProviderInstrument[]> {
    const url = `${this.baseUrl}/api/v3/search?query=${encodeURIComponent(query)}`;
    const body = await this.http.getJson(url, query, INTERACTIVE);
    if (!isRecord(body) || !Array.isArray(body.coins)) throw this.http.malformed(query, 'no coins');
    const out: ProviderInstrument[] = [];
    for (const coin of body.coins.slice(0, 10)) {
      if (!isRecord(coin)) continue;
      const id = stringOr(coin.id);
      const symbol = stringOr(coin.symbol);
      if (!id || !symbol || symbol.length > 20) continue;
      out.push({
        symbol: symbol.toUpperCase(),
        name: stringOr(coin.name) ?? symbol,
        kind: 'crypto',
        exchange: null,
        currency: 'USD',
        sector: null,
        providerId: id,
      });
    }
    return out;
  }
}
