import { CalendarClock, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Goal } from '@/contracts/goals';
import { Badge } from '@/web/components/ui/badge';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { useFormatters } from '@/web/lib/preferences';
import { withScopeParams } from '@/web/lib/scope-params';
import { GoalAmounts, GoalBar, TrackBadge, useMonthsLeft } from './goal-progress';

/** A goal in the list: its title (a link to it), where it stands, and what it takes from here. */
export function GoalCard({ goal }: { goal: Goal }) {
  const { t } = useTranslation('goals');
  const format = useFormatters();
  const { search } = useLocation();
  const monthsLeft = useMonthsLeft();
  const { monthlyNeeded, remaining } = goal.progress;
  const quiet = goal.status === 'paused' || goal.status === 'abandoned';
  return (
    <Card className={cn('relative transition-colors hover:bg-muted/40', quiet && 'opacity-80')}>
      <div className="grid gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h2 className="truncate text-base font-semibold">
              <Link
                to={withScopeParams(`/goals/${goal.id}`, search)}
                className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
              >
                {goal.title}
              </Link>
            </h2>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Target aria-hidden="true" className="size-3.5" />
                {t(`categories.${goal.category}`)}
              </span>
              <span aria-hidden="true">·</span>
              <span className="inline-flex items-center gap-1">
                <CalendarClock aria-hidden="true" className="size-3.5" />
                {format.date(goal.targetDate)}
              </span>
              <span aria-hidden="true">·</span>
              <span>{t(`priorities.${goal.priority}`)}</span>
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
            {goal.status === 'active' ? (
              <TrackBadge goal={goal} />
            ) : (
              <Badge variant="outline">{t(`statuses.${goal.status}`)}</Badge>
            )}
          </div>
        </div>
        <GoalBar goal={goal} />
        <GoalAmounts goal={goal} />
        <dl className="grid grid-cols-3 gap-2 border-t pt-3 text-[13px]">
          <div className="grid content-between gap-0.5">
            <dt className="text-muted-foreground">{t('progress.remaining')}</dt>
            <dd className="font-medium tabular-nums">
              {remaining === null ? '—' : format.money(remaining, { currency: goal.currency })}
            </dd>
          </div>
          <div className="grid content-between gap-0.5">
            <dt className="text-muted-foreground">{t('progress.monthsLeft')}</dt>
            <dd className="font-medium tabular-nums">{monthsLeft(goal)}</dd>
          </div>
          <div className="grid content-between gap-0.5">
            <dt className="text-muted-foreground">{t('progress.monthlyNeeded')}</dt>
            <dd className="font-medium tabular-nums">
              {monthlyNeeded === null
                ? '—'
                : format.money(monthlyNeeded, { currency: goal.currency })}
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
