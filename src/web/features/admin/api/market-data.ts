import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMarketData,
  MarketDataImportCommit,
  MarketDataImportPreview,
} from '@/contracts/market-data';
import { api } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';
import { adminKeys } from './queries';

/** Providers, counts and gaps of the market data (GET /admin/market-data). */
export function useAdminMarketData() {
  return useQuery({
    queryKey: adminKeys.marketData(),
    queryFn: ({ signal }) => api<AdminMarketData>('/admin/market-data', { signal }),
    ...CACHE.instant,
  });
}

const IMPORT_PATH = '/market-data/import';

/** Checks a CSV file of closes and rates on the server; saves nothing (a POST, never cached). */
export function usePreviewMarketDataImport() {
  return useMutation({
    mutationFn: (csv: string) =>
      api<MarketDataImportPreview>(IMPORT_PATH, { method: 'POST', body: { csv, commit: false } }),
  });
}

/**
 * Saves the file: every row or none. Not retried (a retry after a lost answer would save twice);
 * the overview refreshes afterwards (counts and gaps change).
 */
export function useCommitMarketDataImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      api<MarketDataImportCommit>(IMPORT_PATH, { method: 'POST', body: { csv, commit: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.marketData() }),
  });
}
