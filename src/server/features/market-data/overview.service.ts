import type { FastifyBaseLogger } from 'fastify';
import {
  type AdminMarketData,
  GAP_DAYS,
  type Instrument,
  INSTRUMENT_LOOKUP_LIMIT,
  MARKET_DATA_PROVIDERS,
} from '@/contracts/market-data';
import { isUsMarketOpen } from '@/domain/market-data/market-hours';
import { toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import { counts, heldSymbols, runs, searchInstruments } from './market-data.repo';
import type { MarketDataProvider } from './providers/types';

const DAY_MS = 86_400_000;

/**
 * Instruments whose symbol starts with the query or whose name contains it (case and accents
 * ignored), known ones first with their latest close; when a provider is on and fewer than 20
 * are known, the provider's suggestions fill the list (not stored, no close). A provider failure
 * is logged and the stored results answer alone.
 */
export async function lookupInstruments(
  ctx: ServerContext,
  providers: readonly MarketDataProvider[],
  query: string,
  log: FastifyBaseLogger,
): Promise<Instrument[]> {
  const stored = await searchInstruments(ctx.database.db, query, INSTRUMENT_LOOKUP_LIMIT);
  const out: Instrument[] = stored.map((row) => ({
    symbol: row.symbol,
    name: row.name,
    kind: row.kind,
    exchange: row.exchange,
    currency: row.currency,
    sector: row.sector,
    country: row.country,
    latestClose: row.latestClose === null ? null : toPlain(row.latestClose),
    latestDate: row.latestDate,
    source: 'stored',
  }));
  if (out.length >= INSTRUMENT_LOOKUP_LIMIT || providers.length === 0) return out;
  const known = new Set(out.map((instrument) => instrument.symbol));
  for (const provider of providers) {
    let found;
    try {
      found = await provider.search(query.trim());
    } catch (error) {
      log.warn(
        { provider: provider.name, err: error },
        'instrument search fell back to stored data',
      );
      continue;
    }
    for (const suggestion of found) {
      if (out.length >= INSTRUMENT_LOOKUP_LIMIT) break;
      const symbol = suggestion.symbol.toUpperCase();
      if (known.has(symbol)) continue;
      known.add(symbol);
      out.push({
        symbol,
        name: suggestion.name,
        kind: suggestion.kind,
        exchange: suggestion.exchange,
        currency: suggestion.currency,
        sector: suggestion.sector,
        country: null,
        latestClose: null,
        latestDate: null,
        source: provider.name,
      });
    }
  }
  return out;
}

/** The admin page: providers and their runs, counts, and held symbols lacking recent closes. */
export async function marketDataOverview(ctx: ServerContext): Promise<AdminMarketData> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const enabled = new Set<string>(ctx.config.marketData.providers);
  const byProvider = new Map((await runs(db)).map((row) => [row.provider, row]));
  const since = new Date(now.getTime() - GAP_DAYS * DAY_MS).toISOString().slice(0, 10);
  const held = await heldSymbols(db);
  return {
    providers: MARKET_DATA_PROVIDERS.map((name) => {
      const run = byProvider.get(name);
      return {
        name,
        enabled: enabled.has(name),
        lastRunAt: run?.lastRunAt?.toISOString() ?? null,
        lastSuccessAt: run?.lastSuccessAt?.toISOString() ?? null,
        lastError: run?.lastError ?? null,
      };
    }),
    counts: await counts(db),
    gaps: held.filter((symbol) => symbol.lastDate === null || symbol.lastDate < since),
    marketOpen: isUsMarketOpen(now),
  };
}
