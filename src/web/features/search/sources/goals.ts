import type { Goal } from '@/contracts/goals';
import type { SearchDocument } from '@/domain/search';
import { api } from '@/web/lib/api-client';
import { defineSource, scopeQuery, type SourceContext } from './source';

type GoalList = { goals: Goal[]; limit: number | null; count: number };

function goalDocument(goal: Goal, context: SourceContext): SearchDocument {
  const category = context.t(`goalCategories.${goal.category}`);
  return {
    id: `goal:${goal.id}`,
    type: 'goal',
    category: 'goals',
    title: goal.title,
    description: `${category} · ${context.format.date(goal.targetDate)}`,
    path: `/goals/${goal.id}`,
    icon: 'goal',
    keywords: [
      goal.title,
      goal.description ?? '',
      ...context.both(`goalCategories.${goal.category}`),
      ...context.both('categories.goals'),
    ],
    date: goal.targetDate,
    amount: Number(goal.targetAmount),
    metadata: {
      amount: goal.targetAmount,
      currency: goal.currency,
      status: goal.status,
      ...(goal.progress.percent !== null ? { progress: goal.progress.percent } : {}),
    },
  };
}

/**
 * The active view's goals, by title, description and category (in both languages), from the
 * list the goals page reads (the same query key and answer: one request serves both).
 */
export const goalsSource = defineSource<GoalList>({
  name: 'goals',
  load: {
    queryKey: (scope) => [...scope.key, 'goals'],
    fetch: (scope, signal) =>
      api<GoalList>(`/portfolios/${scope.portfolioId}/goals${scopeQuery(scope)}`, { signal }),
  },
  documents: (list, context) => (list?.goals ?? []).map((goal) => goalDocument(goal, context)),
});
