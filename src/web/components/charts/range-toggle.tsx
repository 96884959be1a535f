import { Lock } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { PERFORMANCE_RANGES, type PerformanceRange } from '@/contracts/valuation';
import { cn } from '@/web/lib/cn';

/**
 * The period a chart and its returns cover: 1W … MAX as a single-choice toggle group (Tab
 * reaches the group, arrow keys move between periods, Space or Enter picks one; one stays picked).
 * Periods the plan does not open (`locked`) stay in the row with a lock: picking one calls
 * `onLockedPick` (which explains) instead of `onChange`.
 */
export function RangeToggle({
  value,
  onChange,
  locked = [],
  lockedLabel,
  onLockedPick,
  className,
}: {
  value: PerformanceRange;
  onChange: (range: PerformanceRange) => void;
  locked?: readonly PerformanceRange[];
  /** The accessible name of a locked period ('3 years, with the Premium plan'). */
  lockedLabel?: (range: PerformanceRange) => string;
  onLockedPick?: (range: PerformanceRange) => void;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (!next) return;
        const range = next as PerformanceRange;
        if (locked.includes(range)) onLockedPick?.(range);
        else onChange(range);
      }}
      aria-label={t('charts.range.label')}
      className={cn(
        'inline-flex max-w-full items-center gap-0.5 overflow-x-auto rounded-lg bg-muted p-0.5',
        className,
      )}
    >
      {PERFORMANCE_RANGES.map((range) => {
        const isLocked = locked.includes(range);
        return (
          <ToggleGroup.Item
            key={range}
            value={range}
            data-range={range}
            data-locked={isLocked || undefined}
            title={isLocked && lockedLabel ? lockedLabel(range) : t(`charts.range.long.${range}`)}
            aria-label={isLocked && lockedLabel ? lockedLabel(range) : undefined}
            className={cn(
              'tabular inline-flex h-7 min-w-9 items-center justify-center gap-1 rounded-md px-2 text-xs font-medium text-muted-foreground transition-colors outline-none',
              'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
              'data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-xs',
            )}
          >
            {t(`charts.range.short.${range}`)}
            {isLocked ? <Lock aria-hidden="true" className="size-3 shrink-0 opacity-70" /> : null}
          </ToggleGroup.Item>
        );
      })}
    </ToggleGroup.Root>
  );
}
