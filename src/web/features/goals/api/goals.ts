import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGoalBody, Goal, UpdateGoalBody } from '@/contracts/goals';
import type { ProjectionRunBody, ProjectionRunResponse } from '@/contracts/projections';
import { portfolioScopedKeys } from '@/web/lib/active-scope';
import { api } from '@/web/lib/api-client';

/** The portfolio view goals belong to: a portfolio's real view or one of its simulations. */
export type GoalView = { portfolioId: string; simulationId: string | null };

export type GoalList = { goals: Goal[]; limit: number | null; count: number };

/**
 * Inside the view's scope: a switch of portfolio or simulation, or a change to the portfolio seen
 * live, refetches them with the rest (progress follows the holdings' values).
 */
export const goalKeys = {
  list: (view: GoalView) =>
    [...portfolioScopedKeys.scope(view.portfolioId, view.simulationId), 'goals'] as const,
  detail: (view: GoalView, id: string) => [...goalKeys.list(view), id] as const,
  odds: (view: GoalView, id: string, body: ProjectionRunBody) =>
    [...goalKeys.detail(view, id), 'odds', body] as const,
};

const simQuery = (view: GoalView) =>
  view.simulationId ? `?sim=${encodeURIComponent(view.simulationId)}` : '';
const listPath = (view: GoalView) =>
  `/portfolios/${encodeURIComponent(view.portfolioId)}/goals${simQuery(view)}`;
const goalPath = (id: string) => `/goals/${encodeURIComponent(id)}`;

/** GET /portfolios/{id}/goals: the view's goals by target date, with the plan's limit. */
export function useGoals(view: GoalView | null) {
  return useQuery({
    queryKey: view ? goalKeys.list(view) : ['goals', 'none'],
    queryFn: ({ signal }) => api<GoalList>(listPath(view as GoalView), { signal }),
    enabled: view !== null,
  });
}

/** GET /goals/{id}, kept under the view's scope so live changes refresh it too. */
export function useGoal(view: GoalView | null, id: string) {
  return useQuery({
    queryKey: view ? goalKeys.detail(view, id) : ['goals', 'none', id],
    queryFn: ({ signal }) =>
      api<{ goal: Goal }>(goalPath(id), { signal }).then((answer) => answer.goal),
    enabled: view !== null,
  });
}

/**
 * A goal's odds: the share of simulated paths that reach its target by its date, run by the
 * server's worker on the domain's projection (the same seed as the projection page's).
 */
export function useGoalOdds(view: GoalView | null, id: string, body: ProjectionRunBody | null) {
  return useQuery({
    queryKey: view && body ? goalKeys.odds(view, id, body) : ['goals', 'none', id, 'odds'],
    queryFn: ({ signal }) => {
      const { portfolioId } = view as GoalView;
      return api<ProjectionRunResponse>(
        `/portfolios/${encodeURIComponent(portfolioId)}/projections/run${simQuery(view as GoalView)}`,
        { method: 'POST', body, signal },
      ).then((answer) => answer.targetProbabilities[0] ?? null);
    },
    enabled: view !== null && body !== null,
    staleTime: Infinity,
  });
}

/** Create, change, delete: each refetches the view's goals. */
export function useGoalChanges(view: GoalView | null) {
  const queryClient = useQueryClient();
  const refresh = () =>
    view ? queryClient.invalidateQueries({ queryKey: goalKeys.list(view) }) : undefined;
  const create = useMutation({
    mutationFn: (body: CreateGoalBody) =>
      api<{ goal: Goal }>(listPath(view as GoalView), { method: 'POST', body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateGoalBody }) =>
      api<{ goal: Goal }>(goalPath(id), { method: 'PATCH', body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<null>(goalPath(id), { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      if (view) queryClient.removeQueries({ queryKey: goalKeys.detail(view, id) });
      await refresh();
    },
  });
  return { create, update, remove };
}
