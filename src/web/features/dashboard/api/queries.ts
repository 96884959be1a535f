import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardResponse, PerformanceRange } from '@/contracts/valuation';
import { api } from '@/web/lib/api-client';
import { VALUATION_CACHE } from '@/web/lib/performance';

/** Query keys of the dashboard, in layers; invalidate by prefix (`dashboardKeys.all`). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summaries: () => [...dashboardKeys.all, 'summary'] as const,
  summary: (range: PerformanceRange) => [...dashboardKeys.summaries(), range] as const,
};

export const dashboardPath = (range: PerformanceRange) =>
  `/dashboard?${new URLSearchParams({ range }).toString()}`;

/**
 * GET /dashboard?range= (issue 13): net worth, its series over the range, allocation, movers,
 * activity. Fresh for 60 s (the server refreshes quotes every minute), refetched on focus; while
 * another range loads, the previous answer stays on screen. Each visit also asks again behind the
 * cached copy: the dashboard spans every portfolio, so the holdings and ledger features (which
 * invalidate only their own portfolio's scope) cannot mark it stale after a change.
 */
export function useDashboard(range: PerformanceRange, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.summary(range),
    queryFn: ({ signal }) => api<DashboardResponse>(dashboardPath(range), { signal }),
    placeholderData: keepPreviousData,
    enabled,
    ...VALUATION_CACHE,
    refetchOnMount: 'always',
  });
}
