import { useQuery } from '@tanstack/react-query';
import type { CloseOnResponse, Instrument } from '@/contracts/market-data';
import { api } from '@/web/lib/api-client';

/** Market data is shared by every user (not per portfolio): its keys live outside the scope. */
export const instrumentKeys = {
  all: ['market-data', 'instruments'] as const,
  lookup: (query: string) => [...instrumentKeys.all, query] as const,
};

/**
 * Instruments matching what the user typed (GET /market-data/instruments?query=). Not retried:
 * a failed lookup only hides the suggestions, the form keeps working.
 */
export function useInstrumentLookup(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: instrumentKeys.lookup(trimmed.toUpperCase()),
    queryFn: ({ signal }) =>
      api<{ instruments: Instrument[] }>(
        `/market-data/instruments?query=${encodeURIComponent(trimmed)}`,
        { signal },
      ),
    select: (data) => data.instruments,
    enabled: trimmed.length >= 1,
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * The stored close of `symbol` on `date` (or the latest day before it within a week), and its
 * price in `currency` at that day's published rate (GET /market-data/prices/{symbol}/close): what
 * the add form prefills the purchase price with. Asked only for a symbol the market data knows.
 */
export function useCloseOn(symbol: string | null, date: string | null, currency: string) {
  return useQuery({
    queryKey: [...instrumentKeys.all, 'close', symbol, date, currency] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ date: date ?? '' });
      if (currency) params.set('currency', currency);
      return api<CloseOnResponse>(
        `/market-data/prices/${encodeURIComponent(symbol ?? '')}/close?${params.toString()}`,
        { signal },
      );
    },
    enabled: !!symbol && !!date,
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
