import { useOptionalActiveScope } from '@/web/lib/active-scope';
import type { GoalView } from '../api/goals';

/**
 * The active scope's goal view (its portfolio, or a simulation of it) once it is known, and
 * whether the caller may change its goals (owner or edit). Outside the scope provider: none.
 */
export function useGoalView(): { view: GoalView | null; canEdit: boolean } {
  const scope = useOptionalActiveScope();
  const portfolio = scope?.portfolio ?? null;
  return {
    view: portfolio
      ? { portfolioId: portfolio.id, simulationId: scope?.simulation?.id ?? null }
      : null,
    canEdit: scope?.permission === 'owner' || scope?.permission === 'edit',
  };
}
