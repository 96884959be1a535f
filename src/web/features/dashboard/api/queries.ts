import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse, PerformanceRange } from '@/contracts/valuation';
import { portfolioScopedKeys } from '@/web/lib/active-scope';
import { api } from '@/web/lib/api-client';
import { VALUATION_CACHE } from '@/web/lib/performance';

/** The simulation whose dashboard is shown (the active one), or null for the own portfolios. */
export type DashboardView = { portfolioId: string; simulationId: string } | null;

/** Query keys of the dashboard, in layers; invalidate by prefix (`dashboardKeys.all`). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summaries: () => [...dashboardKeys.all, 'summary'] as const,
  summary: (range: PerformanceRange) => [...dashboardKeys.summaries(), range] as const,
  /**
   * A simulation's dashboard lives inside its scope: a change in the simulation (a holding, a
   * trade) and a switch of scope refetch it with the scope's other data.
   */
  simulation: (view: NonNullable<DashboardView>) =>
    [...portfolioScopedKeys.scope(view.portfolioId, view.simulationId), 'dashboard'] as const,
  /** The answers of one view: the own portfolios' summaries, or a simulation's. */
  of: (view: DashboardView) => (view ? dashboardKeys.simulation(view) : dashboardKeys.summaries()),
};

export const dashboardPath = (range: PerformanceRange, view: DashboardView = null) => {
  const params = new URLSearchParams({ range });
  if (view) params.set('sim', view.simulationId);
  return `/dashboard?${params.toString()}`;
};

/**
 * GET /dashboard?range= (issue 13): net worth, its series over the range, allocation, movers,
 * activity; with a simulation active, that simulation's own (`?sim=`, issue 26). Fresh for 60 s
 * (the server refreshes quotes every minute), refetched on focus; while another range loads, the
 * previous answer of the same view stays on screen. Each visit also asks again behind the cached
 * copy: the dashboard spans every portfolio, so the holdings and ledger features (which
 * invalidate only their own portfolio's scope) cannot mark it stale after a change.
 */
export function useDashboard(range: PerformanceRange, enabled = true, view: DashboardView = null) {
  const root = dashboardKeys.of(view);
  return useQuery({
    queryKey: [...root, range],
    queryFn: ({ signal }) => api<DashboardResponse>(dashboardPath(range, view), { signal }),
    // Another range of the same view stays while this one loads; another view never shows.
    placeholderData: (previous, previousQuery) =>
      previousQuery && root.every((part, index) => previousQuery.queryKey[index] === part)
        ? previous
        : undefined,
    enabled,
    ...VALUATION_CACHE,
    refetchOnMount: 'always',
  });
}
