import { CircleAlert, CircleCheck, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Goal } from '@/contracts/goals';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/cn';
import { useFormatters } from '@/web/lib/preferences';

/** The share reached, as a bar (capped at full) that assistive tech reads as a progress bar. */
export function GoalBar({ goal, className }: { goal: Goal; className?: string }) {
  const { t } = useTranslation('goals');
  const format = useFormatters();
  const percent = goal.progress.percent;
  const width = percent === null ? 0 : Math.min(100, Math.max(0, percent));
  return (
    <div
      role="progressbar"
      aria-label={t('progress.bar', { title: goal.title })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      aria-valuetext={percent === null ? undefined : format.percent(percent, { decimals: 1 })}
      className={cn('h-2 overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-500',
          width >= 100 ? 'bg-gain' : 'bg-primary',
        )}
        style={{ width: `${width}%` }}
      />
    </div>
  );
}

/** Reached, on track or behind: an icon and a word, never the colour alone. */
export function TrackBadge({ goal }: { goal: Goal }) {
  const { t } = useTranslation('goals');
  const { onTrack, percent } = goal.progress;
  if (onTrack === null) return null;
  if (percent !== null && percent >= 100)
    return (
      <Badge variant="success">
        <CircleCheck aria-hidden="true" />
        {t('progress.reached')}
      </Badge>
    );
  return onTrack ? (
    <Badge variant="success">
      <TrendingUp aria-hidden="true" />
      {t('progress.onTrack')}
    </Badge>
  ) : (
    <Badge variant="warning">
      <CircleAlert aria-hidden="true" />
      {t('progress.offTrack')}
    </Badge>
  );
}

/** '1,380 € of 2,760 €' and '50.0% reached', in the goal's own currency. */
export function GoalAmounts({ goal }: { goal: Goal }) {
  const { t } = useTranslation('goals');
  const format = useFormatters();
  const { currentAmount, percent } = goal.progress;
  const money = (amount: string) => format.money(amount, { currency: goal.currency });
  if (currentAmount === null)
    return (
      <p className="text-[13px] text-muted-foreground">
        {t('progress.noRate', { currency: goal.currency })}
      </p>
    );
  return (
    <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm tabular-nums">
      <span>
        {t('progress.of', { current: money(currentAmount), target: money(goal.targetAmount) })}
      </span>
      {percent !== null ? (
        <span className="font-medium">
          {t('progress.percent', { percent: format.percent(percent, { decimals: 1 }) })}
        </span>
      ) : null}
    </p>
  );
}

/** Months left as words ('3 months', 'Date passed'). */
export function useMonthsLeft() {
  const { t } = useTranslation('goals');
  return (goal: Goal) =>
    goal.progress.monthsLeft > 0
      ? t('progress.months', { count: goal.progress.monthsLeft })
      : t('progress.datePassed');
}
