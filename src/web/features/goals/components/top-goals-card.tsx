import { ArrowRight, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Goal, GoalPriority } from '@/contracts/goals';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormatters } from '@/web/lib/preferences';
import { withScopeParams } from '@/web/lib/scope-params';
import { useGoals } from '../api/goals';
import { useGoalView } from '../lib/use-goal-view';
import { GoalBar, TrackBadge } from './goal-progress';

const PRIORITY: Record<GoalPriority, number> = { high: 0, medium: 1, low: 2 };
const SHOWN = 3;

/** The active goals that matter most: highest priority first, then the nearest date. */
export function topGoals(goals: Goal[]): Goal[] {
  return goals
    .filter((goal) => goal.status === 'active')
    .sort(
      (a, b) =>
        PRIORITY[a.priority] - PRIORITY[b.priority] || a.targetDate.localeCompare(b.targetDate),
    )
    .slice(0, SHOWN);
}

/** The dashboard's goals card: the active view's top goals and how far along each is. */
export function TopGoalsCard() {
  const { t } = useTranslation('goals');
  const format = useFormatters();
  const { search } = useLocation();
  const { view, canEdit } = useGoalView();
  const goals = useGoals(view);
  if (goals.isError) return null;
  const shown = goals.data ? topGoals(goals.data.goals) : null;
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-center justify-between gap-3 pb-3">
        <CardTitle>{t('top.title')}</CardTitle>
        <Link
          to={withScopeParams('/goals', search)}
          className="inline-flex items-center gap-1 text-[13px] text-muted-foreground hover:text-foreground"
        >
          {t('top.all')}
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      </CardHeader>
      <CardContent className="flex-1">
        {!shown ? (
          <div aria-busy="true" className="grid gap-4">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-6 text-center text-[13px] text-muted-foreground">
            <p>{t('top.empty')}</p>
            {canEdit ? (
              <Link
                to={withScopeParams('/goals', search)}
                className="inline-flex items-center gap-1 font-medium text-foreground underline underline-offset-2"
              >
                <Plus aria-hidden="true" className="size-3.5" />
                {t('top.add')}
              </Link>
            ) : null}
          </div>
        ) : (
          <ul className="grid gap-4">
            {shown.map((goal) => (
              <li key={goal.id} className="grid gap-1.5">
                <div className="flex items-center justify-between gap-3 text-sm">
                  <Link
                    to={withScopeParams(`/goals/${goal.id}`, search)}
                    className="min-w-0 truncate font-medium hover:underline"
                  >
                    {goal.title}
                  </Link>
                  <span className="shrink-0 tabular-nums">
                    {goal.progress.percent === null
                      ? '—'
                      : format.percent(goal.progress.percent, { decimals: 0 })}
                  </span>
                </div>
                <GoalBar goal={goal} />
                <div className="flex items-center justify-between gap-3 text-[13px] text-muted-foreground">
                  <span className="tabular-nums">
                    {format.money(goal.targetAmount, { currency: goal.currency })} ·{' '}
                    {format.date(goal.targetDate)}
                  </span>
                  <TrackBadge goal={goal} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
