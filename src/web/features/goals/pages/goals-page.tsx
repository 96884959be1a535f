import { FlaskConical, Plus, Target } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Goal, GoalStatus } from '@/contracts/goals';
import { DataErrorCard } from '@/web/components/errors/error-card';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useActiveScope } from '@/web/lib/active-scope';
import { withScopeParams } from '@/web/lib/scope-params';
import { useGoals } from '../api/goals';
import { GoalCard } from '../components/goal-card';
import { GoalDialog } from '../components/goal-dialog';
import { GoalSuggestions } from '../components/goal-suggestions';
import { useGoalView } from '../lib/use-goal-view';

const STATUS_ORDER: Record<GoalStatus, number> = {
  active: 0,
  paused: 1,
  achieved: 2,
  abandoned: 3,
};

/** Active goals first, then paused, achieved and abandoned; by target date within each. */
const ordered = (goals: Goal[]) =>
  [...goals].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.targetDate.localeCompare(b.targetDate),
  );

/**
 * /goals (issue 29): the active portfolio view's goals with their progress, a form to add one,
 * and the spec's example goals as suggestions, apart.
 */
export function GoalsPage() {
  const { t } = useTranslation('goals');
  const scope = useActiveScope();
  const { search } = useLocation();
  const { view, canEdit } = useGoalView();
  const goals = useGoals(view);
  const [creating, setCreating] = useState(false);
  const currency = scope.portfolio?.baseCurrency ?? 'EUR';

  useEffect(() => {
    document.title = t('page.title');
  }, [t]);

  const list = goals.data;
  const atLimit = !!list && list.limit !== null && list.count >= list.limit;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('page.title')}</h1>
          {scope.simulation ? (
            <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
              <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{t('page.inSimulation')}</span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">{t('page.description')}</p>
          )}
        </div>
        {canEdit && view ? (
          <div className="flex flex-col items-end gap-1">
            <Button change onClick={() => setCreating(true)} disabled={!list || atLimit}>
              <Plus aria-hidden="true" />
              {t('page.new')}
            </Button>
            {list && list.limit !== null ? (
              <p className="text-[13px] text-muted-foreground tabular-nums">
                {atLimit ? (
                  <Link
                    to={withScopeParams('/settings/subscription', search)}
                    className="underline underline-offset-2 hover:text-foreground"
                  >
                    {t('page.limitReached', { limit: list.limit })}
                  </Link>
                ) : (
                  t('page.limit', { count: list.count, limit: list.limit })
                )}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      {goals.isError ? (
        <DataErrorCard onRetry={() => void goals.refetch()} />
      ) : !list ? (
        <div aria-busy="true" className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-48 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      ) : list.goals.length === 0 ? (
        <Card>
          <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <span className="grid size-10 place-items-center rounded-full bg-muted">
              <Target aria-hidden="true" className="size-5 text-muted-foreground" />
            </span>
            <h2 className="text-base font-semibold">{t('empty.title')}</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              {canEdit ? t('empty.text') : t('empty.readOnly')}
            </p>
            {canEdit ? (
              <Button change onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                {t('page.new')}
              </Button>
            ) : null}
          </div>
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('page.title')}>
          {ordered(list.goals).map((goal) => (
            <li key={goal.id}>
              <GoalCard goal={goal} />
            </li>
          ))}
        </ul>
      )}

      {canEdit && view && list && !atLimit ? (
        <GoalSuggestions view={view} currency={currency} goals={list.goals} />
      ) : null}

      {creating && view ? (
        <GoalDialog view={view} currency={currency} onClose={() => setCreating(false)} />
      ) : null}
    </div>
  );
}
