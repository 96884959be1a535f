import { ToggleGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { PERFORMANCE_RANGES, type PerformanceRange } from '@/contracts/valuation';
import { cn } from '@/web/lib/cn';

/**
 * The period a chart and its returns cover: 1W … MAX as a single-choice toggle group (Tab
 * reaches the group, arrow keys move between periods, Space or Enter picks one; one stays picked).
 */
export function RangeToggle({
  value,
  onChange,
  className,
}: {
  value: PerformanceRange;
  onChange: (range: PerformanceRange) => void;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (next) onChange(next as PerformanceRange);
      }}
      aria-label={t('charts.range.label')}
      className={cn(
        'inline-flex max-w-full items-center gap-0.5 overflow-x-auto rounded-lg bg-muted p-0.5',
        className,
      )}
    >
      {PERFORMANCE_RANGES.map((range) => (
        <ToggleGroup.Item
          key={range}
          value={range}
          title={t(`charts.range.long.${range}`)}
          className={cn(
            'tabular inline-flex h-7 min-w-9 items-center justify-center rounded-md px-2 text-xs font-medium text-muted-foreground transition-colors outline-none',
            'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
            'data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-xs',
          )}
        >
          {t(`charts.range.short.${range}`)}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
