import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectionInputs, Scenario } from '@/contracts/projections';
import { portfolioScopedKeys } from '@/web/lib/active-scope';
import { api } from '@/web/lib/api-client';

/** The portfolio view scenarios are saved in: a portfolio's real view or one of its simulations. */
export type ScenarioView = { portfolioId: string; simulationId: string | null };

/** Inside the view's scope: a switch of portfolio or simulation refetches them with the rest. */
export const scenarioKeys = {
  of: (view: ScenarioView) =>
    [...portfolioScopedKeys.scope(view.portfolioId, view.simulationId), 'projections'] as const,
};

const listPath = (view: ScenarioView) =>
  `/portfolios/${encodeURIComponent(view.portfolioId)}/projections${
    view.simulationId ? `?sim=${encodeURIComponent(view.simulationId)}` : ''
  }`;

/** GET /portfolios/{id}/projections: the scenarios saved in the view, oldest first. */
export function useScenarios(view: ScenarioView | null) {
  return useQuery({
    queryKey: view ? scenarioKeys.of(view) : ['projections', 'none'],
    queryFn: ({ signal }) =>
      api<{ scenarios: Scenario[] }>(listPath(view as ScenarioView), { signal }).then(
        (answer) => answer.scenarios,
      ),
    enabled: view !== null,
  });
}

/** Save, rename or change, delete: each refetches the view's list. */
export function useScenarioChanges(view: ScenarioView | null) {
  const queryClient = useQueryClient();
  const refresh = () =>
    view ? queryClient.invalidateQueries({ queryKey: scenarioKeys.of(view) }) : undefined;
  const save = useMutation({
    mutationFn: (body: { name: string; inputs: ProjectionInputs }) =>
      api<{ scenario: Scenario }>(listPath(view as ScenarioView), { method: 'POST', body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: string; name?: string; inputs?: ProjectionInputs }) =>
      api<{ scenario: Scenario }>(`/projections/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api<null>(`/projections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { save, update, remove };
}
