import { useQuery } from '@tanstack/react-query';
import type { PerformanceRange, PerformanceResponse } from '@/contracts/valuation';
import { portfolioScopedKeys } from './active-scope';
import { api } from './api-client';

/**
 * Valuations follow the quotes, which the server refreshes every 60 s: fresh for a minute,
 * refetched when the window regains focus.
 */
export const VALUATION_CACHE = {
  staleTime: 60_000,
  gcTime: 5 * 60_000,
  refetchOnWindowFocus: true,
} as const;

/**
 * A portfolio's (or a simulation's) performance lives inside its scope, so anything that
 * invalidates the scope (a holding or a transaction changed) refetches it too.
 */
export const performanceKeys = {
  scope: (portfolioId: string, simulationId: string | null) =>
    [...portfolioScopedKeys.scope(portfolioId, simulationId), 'performance'] as const,
  range: (portfolioId: string, simulationId: string | null, range: PerformanceRange) =>
    [...performanceKeys.scope(portfolioId, simulationId), range] as const,
};

export function performancePath(
  portfolioId: string,
  simulationId: string | null,
  range: PerformanceRange,
) {
  const params = new URLSearchParams({ range });
  if (simulationId) params.set('sim', simulationId);
  return `/portfolios/${encodeURIComponent(portfolioId)}/performance?${params.toString()}`;
}

/**
 * GET /portfolios/:id/performance (issue 13). While another range of the same view loads, the
 * previous answer stays on screen (dimmed by the caller); another portfolio never shows through.
 */
export function usePerformance(
  portfolioId: string | null,
  simulationId: string | null,
  range: PerformanceRange,
) {
  const scope = performanceKeys.scope(portfolioId ?? '', simulationId);
  return useQuery({
    queryKey: performanceKeys.range(portfolioId ?? '', simulationId, range),
    queryFn: ({ signal }) =>
      api<PerformanceResponse>(performancePath(portfolioId ?? '', simulationId, range), {
        signal,
      }),
    enabled: !!portfolioId,
    placeholderData: (previous, previousQuery) =>
      previousQuery && scope.every((part, index) => previousQuery.queryKey[index] === part)
        ? previous
        : undefined,
    ...VALUATION_CACHE,
  });
}
