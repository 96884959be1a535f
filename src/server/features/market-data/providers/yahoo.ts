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
 * A Yahoo-Finance-style chart API: `GET {base}/v8/finance/chart/{symbol}?period1=&period2=
 * &interval=1d` (chart.result[0]: meta, timestamp[], indicators.quote[0].close[]/volume[]; a
 * null close is a day without trading and is skipped) and `GET {base}/v1/finance/search?q=`.
 * Its prices are 32-bit floats (267.4599914550781 for 267.46): rounded to meta.priceHint decimals
 * (2, or 4 under 1), else to the 7 significant digits a 32-bit float holds.
 * Days are the exchange's calendar days (timestamps shifted by meta.gmtoffset).
 */

const KINDS: Record<string, string> = {
  EQUITY: 'stock',
  ETF: 'etf',
  MUTUALFUND: 'fund',
  CRYPTOCURRENCY: 'crypto',
  BOND: 'bond',
};
const kindOf = (type: string | null) => (type ? (KINDS[type.toUpperCase()] ?? 'stock') : 'stock');

const priceOf = (value: number, meta: Record<string, unknown>) => {
  const hint = finiteNumber(meta.priceHint);
  const exact = dec(value);
  return toPlain(
    hint !== null && Number.isInteger(hint) && hint >= 0 && hint <= 8
      ? exact.toDecimalPlaces(hint)
      : exact.toSignificantDigits(7),
  );
};
const DAY_S = 86_400;

type Chart = {
  meta: Record<string, unknown>;
  timestamps: unknown[];
  closes: unknown[];
  volumes: unknown[];
};

export class YahooProvider implements MarketDataProvider {
  readonly name = 'yahoo' as const;
  private readonly http: ProviderHttp;

  constructor(
    private readonly baseUrl: string,
    options: HttpOptions,
  ) {
    this.http = new ProviderHttp('yahoo', options);
  }

  handles(): boolean {
    return true;
  }

  private async chart(symbol: string, query: string): Promise<Chart> {
    const url = `${this.baseUrl}/v8/finance/chart/${encodeURIComponent(symbol)}?${query}`;
    const body = await this.http.getJson(url, symbol);
    const chart = isRecord(body) ? body.chart : null;
    const result = isRecord(chart) && Array.isArray(chart.result) ? chart.result[0] : null;
    if (!isRecord(result) || !isRecord(result.meta)) throw this.http.malformed(symbol, 'no chart');
    const indicators = isRecord(result.indicators) ? result.indicators : {};
    const quote =
      Array.isArray(indicators.quote) && isRecord(indicators.quote[0]) ? indicators.quote[0] : {};
    const timestamps = Array.isArray(result.timestamp) ? result.timestamp : [];
    const closes = Array.isArray(quote.close) ? quote.close : [];
    const volumes = Array.isArray(quote.volume) ? quote.volume : [];
    if (closes.length !== timestamps.length) throw this.http.malformed(symbol, 'uneven arrays');
    return { meta: result.meta, timestamps, closes, volumes };
  }

  private instrumentOf(symbol: string, meta: Record<string, unknown>): ProviderInstrument {
    return {
      symbol,
      name: stringOr(meta.longName) ?? stringOr(meta.shortName) ?? symbol,
      kind: kindOf(stringOr(meta.instrumentType)),
      exchange: stringOr(meta.exchangeName),
      currency: stringOr(meta.currency),
      sector: null,
      providerId: null,
    };
  }

  private dayOf(seconds: number, meta: Record<string, unknown>) {
    const offset = finiteNumber(meta.gmtoffset) ?? 0;
    return new Date((seconds + offset) * 1000).toISOString().slice(0, 10);
  }

  async fetchHistory(
    instrument: InstrumentRef,
    from: string,
    to: string,
  ): Promise<ProviderHistory> {
    const period1 = Math.floor(Date.parse(`${from}T00:00:00Z`) / 1000);
    const period2 = Math.floor(Date.parse(`${to}T00:00:00Z`) / 1000) + DAY_S;
    const chart = await this.chart(
      instrument.symbol,
      `period1=${period1}&period2=${period2}&interval=1d&events=history`,
    );
    const byDay = new Map<string, ProviderClose>();
    chart.timestamps.forEach((stamp, index) => {
      const seconds = finiteNumber(stamp);
      const close = finiteNumber(chart.closes[index]);
      if (seconds === null || close === null || close < 0) return; // no trading that day
      const volume = finiteNumber(chart.volumes[index]);
      const date = this.dayOf(seconds, chart.meta);
      if (date < from || date > to) return;
      byDay.set(date, {
        date,
        close: priceOf(close, chart.meta),
        volume: volume === null || volume < 0 ? null : String(Math.round(volume)),
      });
    });
    return {
      instrument: this.instrumentOf(instrument.symbol, chart.meta),
      closes: [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : 1)),
    };
  }

  async fetchQuotes(instruments: readonly InstrumentRef[]): Promise<ProviderQuote[]> {
    const quotes: ProviderQuote[] = [];
    let failure: unknown = null;
    for (const instrument of instruments) {
      try {
        const chart = await this.chart(instrument.symbol, 'range=5d&interval=1d');
        const value = finiteNumber(chart.meta.regularMarketPrice);
        const time = finiteNumber(chart.meta.regularMarketTime);
        if (value === null || time === null || value < 0) {
          throw this.http.malformed(instrument.symbol, 'no regular market price');
        }
        const lastVolume = finiteNumber(chart.volumes[chart.volumes.length - 1]);
        quotes.push({
          symbol: instrument.symbol,
          date: this.dayOf(time, chart.meta),
          price: priceOf(value, chart.meta),
          volume: lastVolume === null ? null : String(Math.round(lastVolume)),
          currency: stringOr(chart.meta.currency),
        });
      } catch (error) {
        failure = error;
      }
    }
    if (quotes.length === 0 && failure) throw failure;
    return quotes;
  }

  async search(query: string): Promise<ProviderInstrument[]> {
    const url = `${this.baseUrl}/v1/finance/search?q=${encodeURIComponent(query)}&quotesCount=10&newsCount=0`;
    const body = await this.http.getJson(url, query, INTERACTIVE);
    if (!isRecord(body) || !Array.isArray(body.quotes))
      throw this.http.malformed(query, 'no quotes');
    const out: ProviderInstrument[] = [];
    for (const item of body.quotes) {
      if (!isRecord(item)) continue;
      const symbol = stringOr(item.symbol);
      if (!symbol || symbol.length > 20) continue;
      out.push({
        symbol: symbol.toUpperCase(),
        name: stringOr(item.longname) ?? stringOr(item.shortname) ?? symbol,
        kind: kindOf(stringOr(item.quoteType)),
        exchange: stringOr(item.exchDisp) ?? stringOr(item.exchange),
        currency: stringOr(item.currency),
        sector: stringOr(item.sector) ?? stringOr(item.sectorDisp),
        providerId: null,
      });
    }
    return out;
  }
}
