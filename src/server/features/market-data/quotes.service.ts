import { LRUCache } from 'lru-cache';
import { QUOTE_CACHE_MS, type Quote, type QuotesResponse } from '@/contracts/market-data';
import { dayChange } from '@/domain/market-data/day-change';
import { toMajorUnit } from '@/domain/market-data/fx';
import { isUsMarketOpen } from '@/domain/market-data/market-hours';
import { toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import { latestCloses, marketDataVersion } from './market-data.repo';

/**
 * Quotes kept per process (the least recently used dropped first): each entry remembers the
 * market data version it was read at (market_data_version, bumped by a trigger on every write of
 * prices or rates, in any process), so a write makes it stale at once; otherwise it lives
 * `QUOTE_CACHE_MS` by the request's clock.
 */
export class QuoteCache {
  private readonly entries: LRUCache<string, { version: number; at: number; quote: Quote | null }>;

  constructor(
    maxEntries = 2_000,
    private readonly ttlMs = QUOTE_CACHE_MS,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  get(symbol: string, version: number, now: number): Quote | null | undefined {
    const entry = this.entries.get(symbol);
    if (!entry) return undefined;
    if (entry.version !== version || now - entry.at >= this.ttlMs) {
      this.entries.delete(symbol);
      return undefined;
    }
    return entry.quote;
  }

  set(symbol: string, version: number, now: number, quote: Quote | null) {
    this.entries.set(symbol, { version, at: now, quote });
  }

  get size() {
    return this.entries.size;
  }
}

/** Each symbol's latest close and its change from the close before; unknown symbols apart. */
export async function getQuotes(
  ctx: ServerContext,
  cache: QuoteCache,
  symbols: readonly string[],
): Promise<QuotesResponse> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const version = await marketDataVersion(db);
  const found = new Map<string, Quote | null>();
  const missing: string[] = [];
  for (const symbol of symbols) {
    const cached = cache.get(symbol, version, now.getTime());
    if (cached === undefined) missing.push(symbol);
    else found.set(symbol, cached);
  }
  if (missing.length) {
    const rows = await latestCloses(db, missing, 2);
    const bySymbol = new Map<string, typeof rows>();
    for (const row of rows) bySymbol.set(row.symbol, [...(bySymbol.get(row.symbol) ?? []), row]);
    for (const symbol of missing) {
      const [latest, previous] = bySymbol.get(symbol) ?? [];
      const quote: Quote | null = latest
        ? (() => {
            const change = dayChange(latest.close, previous?.close ?? null);
            const major = toMajorUnit(latest.close, latest.currency);
            return {
              symbol,
              name: latest.name,
              kind: latest.kind,
              exchange: latest.exchange,
              currency: latest.currency,
              close: toPlain(latest.close),
              date: latest.date,
              closeInMajor: toPlain(major.price),
              majorCurrency: major.currency,
              previousClose: previous ? toPlain(previous.close) : null,
              previousDate: previous?.date ?? null,
              change: change?.amount ?? null,
              changePercent: change?.percent ?? null,
              volume: latest.volume === null ? null : toPlain(latest.volume),
            };
          })()
        : null;
      cache.set(symbol, version, now.getTime(), quote);
      found.set(symbol, quote);
    }
  }
  const quotes: Quote[] = [];
  const unknown: string[] = [];
  for (const symbol of symbols) {
    const quote = found.get(symbol);
    if (quote) quotes.push(quote);
    else unknown.push(symbol);
  }
  return { quotes, unknown, marketOpen: isUsMarketOpen(now) };
}
