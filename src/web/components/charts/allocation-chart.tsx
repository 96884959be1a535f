import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@/contracts/settings';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormatters } from '@/web/lib/preferences';
import type { AllocationPart } from './allocation-part';
import { ChartFigure } from './chart-figure';
import { chartColor } from './chart-hooks';
import { ChartTable } from './chart-table';

// recharts loads with the first drawing; the legend and the table do not wait for it.
const AllocationDonut = lazy(() => import('./allocation-donut'));

// The type lives apart so that the lazily loaded donut need not import this file back.
export type { AllocationPart } from './allocation-part';

const SIZE = 168;

/**
 * How a whole splits into parts: a donut and, beside it, a legend that names each part with its
 * share and its amount (so the figures are there without hovering, and colour is never the only
 * key). Parts come largest first.
 */
export function AllocationChart({
  parts,
  currency,
  caption,
  toolbar,
  busy,
}: {
  parts: AllocationPart[];
  currency: Currency;
  caption: string;
  toolbar?: ReactNode;
  busy?: boolean;
}) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  const sorted = useMemo(() => [...parts].sort((a, b) => b.weight - a.weight), [parts]);
  const percent = (weight: number) => format.percent(weight * 100, { decimals: 1 });
  const money = (amount: string) => format.money(amount, { currency, decimals: true });

  const summary = sorted.length
    ? t('charts.allocationSummary', {
        caption,
        parts: new Intl.ListFormat(format.locale, { type: 'conjunction' }).format(
          sorted.map((part) => `${part.label} ${percent(part.weight)}`),
        ),
      })
    : t('charts.noData');

  const table = (
    <ChartTable
      caption={caption}
      rows={sorted}
      rowKey={(part) => part.key}
      columns={[
        { id: 'part', header: t('charts.part'), cell: (part) => part.label },
        { id: 'share', header: t('charts.share'), numeric: true, cell: (p) => percent(p.weight) },
        { id: 'amount', header: t('charts.amount'), numeric: true, cell: (p) => money(p.value) },
      ]}
    />
  );

  return (
    <ChartFigure
      summary={summary}
      toolbar={toolbar}
      busy={busy}
      table={table}
      chart={
        sorted.length === 0 ? (
          <p className="py-10 text-center text-[13px] text-muted-foreground">
            {t('charts.noData')}
          </p>
        ) : (
          <div className="@container">
            <div className="grid items-center gap-4 @lg:grid-cols-[auto_minmax(0,1fr)]">
              <div className="mx-auto" style={{ width: SIZE, height: SIZE }}>
                <Suspense fallback={<Skeleton className="size-full rounded-full" />}>
                  <AllocationDonut parts={sorted} currency={currency} size={SIZE} />
                </Suspense>
              </div>
              {/* Inside the image: its text alternative names each part and share, the table
                  gives the amounts; the legend is for the eye (colour is never the only key). */}
              <ul className="grid gap-1.5 text-[13px]">
                {sorted.map((part, index) => (
                  <li
                    key={part.key}
                    className="grid grid-cols-[auto_minmax(0,1fr)_auto_auto] items-center gap-x-3"
                  >
                    <span
                      className="size-2.5 rounded-sm"
                      style={{ backgroundColor: chartColor(index) }}
                    />
                    <span className="truncate">{part.label}</span>
                    <span className="tabular text-right text-muted-foreground">
                      {percent(part.weight)}
                    </span>
                    <span className="tabular min-w-20 text-right font-medium">
                      {money(part.value)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )
      }
    />
  );
}
