import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  marketSymbol,
  type PriceHistoriesResponse,
  type PriceHistory,
  type PriceHistoryResponse,
  QUOTES_MAX_SYMBOLS,
} from '@/contracts/market-data';
import type { PerformanceRange } from '@/contracts/valuation';
import { api } from './api-client';

/**
 * Closes change once a day (a provider's quotes every minute at most): a price history is fresh
 * for 5 minutes and kept 30 after its last viewer leaves.
 */
export const PRICE_HISTORY_CACHE = { staleTime: 5 * 60_000, gcTime: 30 * 60_000 } as const;

/** Market data is not per user or portfolio: its keys sit apart from every scope. */
export const marketPriceKeys = {
  all: () => ['market-data', 'prices'] as const,
  chart: (symbol: string, range: PerformanceRange) =>
    [...marketPriceKeys.all(), 'chart', symbol, range] as const,
  sparklines: (symbols: readonly string[], range: PerformanceRange) =>
    [...marketPriceKeys.all(), 'sparklines', range, ...symbols] as const,
};

const symbolSchema = marketSymbol();

/**
 * A holding's symbol as the market data knows it (trimmed, upper case), or null when it has none
 * or one no instrument can have (a batch with it would be refused whole).
 */
export function marketSymbolOf(symbol: string | null | undefined): string | null {
  if (!symbol) return null;
  const parsed = symbolSchema.safeParse(symbol);
  return parsed.success ? parsed.data : null;
}

function bySymbol(results: { data?: PriceHistoriesResponse | undefined }[]) {
  const found = new Map<string, PriceHistory>();
  for (const result of results) {
    for (const series of result.data?.series ?? []) found.set(series.symbol, series);
  }
  return found as ReadonlyMap<string, PriceHistory>;
}

/**
 * GET /market-data/prices/{symbol}?range=: one instrument's closes for a price chart. While
 * another range loads, the previous one stays on screen (the caller dims it).
 */
export function usePriceHistory(symbol: string | null, range: PerformanceRange) {
  return useQuery({
    queryKey: marketPriceKeys.chart(symbol ?? '', range),
    queryFn: ({ signal }) =>
      api<PriceHistoryResponse>(
        `/market-data/prices/${encodeURIComponent(symbol ?? '')}?${new URLSearchParams({ range })}`,
        { signal },
      ),
    enabled: !!symbol,
    placeholderData: keepPreviousData,
    ...PRICE_HISTORY_CACHE,
  });
}

/**
 * Sparkline closes of many symbols: one GET /market-data/prices?symbols= per 50 distinct symbols
 * (docs/decisions.md: batched rather than one request per row). Answers a map of the symbols that
 * have closes (none while loading or when the request fails: sparklines are extras).
 */
export function usePriceHistories(
  symbols: readonly (string | null | undefined)[],
  range: PerformanceRange,
): ReadonlyMap<string, PriceHistory> {
  const chunks = useMemo(() => {
    const distinct = [
      ...new Set(symbols.map(marketSymbolOf).filter((s): s is string => s !== null)),
    ].sort();
    const out: string[][] = [];
    for (let i = 0; i < distinct.length; i += QUOTES_MAX_SYMBOLS) {
      out.push(distinct.slice(i, i + QUOTES_MAX_SYMBOLS));
    }
    return out;
  }, [symbols]);
  return useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: marketPriceKeys.sparklines(chunk, range),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<PriceHistoriesResponse>(
          `/market-data/prices?${new URLSearchParams({ symbols: chunk.join(','), range })}`,
          { signal },
        ),
      ...PRICE_HISTORY_CACHE,
    })),
    combine: bySymbol,
  });
}
