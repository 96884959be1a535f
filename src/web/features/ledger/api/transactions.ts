import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FxResponse } from '@/contracts/market-data';
import type { Holding } from '@/contracts/holdings';
import type {
  CreateTransactionBody,
  LotJson,
  TaxEstimateJson,
  Transaction,
  TransactionTotals,
  UpdateTransactionBody,
} from '@/contracts/transactions';
import { portfolioScopedKeys, useActiveScope } from '@/web/lib/active-scope';
import { api } from '@/web/lib/api-client';

/** The list's filters, sort and page, as the URL carries them. */
export type ListFilters = {
  type?: string;
  assetId?: string;
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
  sort?: string;
  order?: string;
  page?: number;
};

export function useScope() {
  const scope = useActiveScope();
  const portfolioId = scope.portfolio?.id ?? null;
  const simulationId = scope.simulation?.id ?? null;
  const key = portfolioId ? portfolioScopedKeys.scope(portfolioId, simulationId) : null;
  return { scope, portfolioId, simulationId, key };
}

function query(simulationId: string | null, values: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (simulationId) params.set('sim', simulationId);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useTransactions(filters: ListFilters) {
  const { portfolioId, simulationId, key } = useScope();
  return useQuery({
    queryKey: [...(key ?? []), 'transactions', 'list', filters],
    enabled: !!portfolioId,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<{ transactions: Transaction[]; page: number; pageSize: number; hasMore: boolean }>(
        `/portfolios/${portfolioId}/transactions${query(simulationId, filters)}`,
        { signal },
      ),
  });
}

export function useTotals(filters: ListFilters) {
  const { portfolioId, simulationId, key } = useScope();
  const { sort: _sort, order: _order, page: _page, ...selection } = filters;
  return useQuery({
    queryKey: [...(key ?? []), 'transactions', 'totals', selection],
    enabled: !!portfolioId,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<TransactionTotals>(
        `/portfolios/${portfolioId}/transactions/totals${query(simulationId, selection)}`,
        { signal },
      ),
  });
}

export function useScopeHoldings() {
  const { portfolioId, simulationId, key } = useScope();
  return useQuery({
    queryKey: [...(key ?? []), 'holdings', 'list', 'all'],
    enabled: !!portfolioId,
    queryFn: ({ signal }) =>
      api<{ holdings: Holding[] }>(
        `/portfolios/${portfolioId}/holdings${query(simulationId, {})}`,
        { signal },
      ).then((data) => data.holdings),
  });
}

/** A holding's lots, in the active view (`?sim=`: by-id paths answer only in their own view). */
export function useHoldingLots(holdingId: string | null) {
  const { simulationId, key } = useScope();
  return useQuery({
    queryKey: [...(key ?? []), 'holdings', 'lots', holdingId],
    enabled: !!holdingId,
    queryFn: ({ signal }) =>
      api<{ lots: LotJson[] }>(`/holdings/${holdingId}/lots${query(simulationId, {})}`, {
        signal,
      }).then((d) => d.lots),
  });
}

/** The sale as it would be, refetched as the form changes (nothing is saved). */
export function useSalePreview(body: CreateTransactionBody | null) {
  const { portfolioId, simulationId, key } = useScope();
  return useQuery({
    queryKey: [...(key ?? []), 'transactions', 'preview', body],
    enabled: !!portfolioId && !!body,
    retry: false,
    queryFn: ({ signal }) =>
      api<{ tax: TaxEstimateJson | null }>(
        `/portfolios/${portfolioId}/transactions/preview${query(simulationId, {})}`,
        { method: 'POST', body, signal },
      ).then((data) => data.tax),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  const { key } = useScope();
  return () => (key ? queryClient.invalidateQueries({ queryKey: key }) : Promise.resolve());
}

export function useCreateTransaction() {
  const { portfolioId, simulationId } = useScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateTransactionBody) =>
      api<{ transaction: Transaction }>(
        `/portfolios/${portfolioId}/transactions${query(simulationId, {})}`,
        { method: 'POST', body },
      ).then((data) => data.transaction),
    onSuccess: invalidate,
  });
}

export function useUpdateTransaction() {
  const { simulationId } = useScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTransactionBody }) =>
      api<{ transaction: Transaction }>(`/transactions/${id}${query(simulationId, {})}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteTransaction() {
  const { simulationId } = useScope();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/transactions/${id}${query(simulationId, {})}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/**
 * The published rate of a pair on a trade date (units of `to` per unit of `from`, 12 significant
 * digits and at most the 12 decimals a transaction accepts), from GET /market-data/fx, to prefill
 * a transaction's rate; null (no query) when the currencies are the same. A 404
 * FX_RATE_NOT_FOUND is an answer, not a failure: the user types the rate. The answer's `date` is
 * the day the rate is from.
 */
export function useFxRate(pair: { from: string; to: string; date: string } | null) {
  return useQuery({
    queryKey: ['market-data', 'fx', pair?.from, pair?.to, pair?.date],
    enabled: !!pair && /^\d{4}-\d{2}-\d{2}$/.test(pair.date),
    retry: false,
    staleTime: 60 * 60 * 1000,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        base: pair?.from ?? '',
        quote: pair?.to ?? '',
        date: pair?.date ?? '',
      });
      return api<FxResponse>(`/market-data/fx?${params}`, { signal });
    },
  });
}
