import { Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerformanceRange } from '@/contracts/valuation';
import { requiredTierForFeature } from '@/domain/plans/plans';
import { RangeToggle } from '@/web/components/charts/range-toggle';
import { Popover, PopoverAnchor, PopoverContent } from '@/web/components/ui/popover';
import { useLockedRanges } from '@/web/lib/plan';
import { SeePlansLink } from './see-plans-link';

/**
 * The range toggle of a performance chart under the caller's plan: below Premium, 3Y, 5Y and MAX
 * stay in the row with a lock and a spoken "with the Premium plan"; picking one opens a small
 * note with the way to the plans instead of asking the server (which would refuse it).
 */
export function PlanRangeToggle({
  value,
  onChange,
}: {
  value: PerformanceRange;
  onChange: (range: PerformanceRange) => void;
}) {
  const { t } = useTranslation('common');
  const locked = useLockedRanges();
  const [picked, setPicked] = useState<PerformanceRange | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const lastPicked = useRef<PerformanceRange | null>(null);
  const plan = t(`plans.tiers.${requiredTierForFeature('advanced_analytics')}`);

  return (
    <Popover open={picked !== null} onOpenChange={(open) => !open && setPicked(null)}>
      <PopoverAnchor asChild>
        <div ref={anchor} className="inline-flex max-w-full min-w-0">
          <RangeToggle
            value={value}
            onChange={onChange}
            locked={locked}
            lockedLabel={(range) =>
              t('plans.lockedRange', { range: t(`charts.range.long.${range}`), plan })
            }
            onLockedPick={(range) => {
              lastPicked.current = range;
              setPicked(range);
            }}
          />
        </div>
      </PopoverAnchor>
      <PopoverContent
        align="start"
        className="grid w-72 max-w-[calc(100vw-2rem)] gap-2 p-3 text-sm"
        aria-label={t('plans.longerHistory', { plan })}
        onCloseAutoFocus={(event) => {
          // Back to the period that was picked (the popover has no trigger of its own).
          const range = lastPicked.current;
          event.preventDefault();
          if (range) anchor.current?.querySelector<HTMLElement>(`[data-range="${range}"]`)?.focus();
        }}
      >
        <p className="flex items-start gap-2 font-medium">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          {t('plans.longerHistory', { plan })}
        </p>
        <p className="text-[13px] text-muted-foreground">
          {t('plans.longerHistoryText', { plan })}
        </p>
        <SeePlansLink className="w-fit text-[13px]" />
      </PopoverContent>
    </Popover>
  );
}
