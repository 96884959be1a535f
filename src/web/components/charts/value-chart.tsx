import { lazy, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@/contracts/settings';
import { useFormatters } from '@/web/lib/preferences';
import { ChartCanvas, ChartFigure } from './chart-figure';
import { ChartTable } from './chart-table';
import type { ValueRow } from './value-chart-drawing';

// recharts is heavy: it loads with the first drawing, after the figures and the table.
const ValueChartDrawing = lazy(() => import('./value-chart-drawing'));

/** One day of a value series: amounts as decimal strings in the series' currency. */
export type ValuePoint = { date: string; value: string; netContributions: string };

/**
 * Value against net contributions over a range: the area is what it is worth, the dashed line
 * what was put in (so the gap between them is the gain). Amounts in the series' own currency.
 */
export function ValueChart({
  series,
  currency,
  caption,
  toolbar,
  busy,
  height = 240,
}: {
  series: ValuePoint[];
  currency: Currency;
  /** What the data is ('Net worth, 1 year'): the table's caption. */
  caption: string;
  toolbar?: ReactNode;
  busy?: boolean;
  height?: number;
}) {
  const { t } = useTranslation('common');
  const format = useFormatters();

  const rows: ValueRow[] = useMemo(
    () =>
      series.map((point) => ({
        date: point.date,
        value: Number(point.value),
        netContributions: Number(point.netContributions),
        point,
      })),
    [series],
  );

  const first = series[0];
  const last = series[series.length - 1];
  const money = (amount: string) => format.money(amount, { currency, decimals: true });
  // A single day (a portfolio or simulation started today) is no curve: a lone dot says nothing.
  const oneDay = series.length === 1;
  const summary =
    oneDay && last
      ? t('charts.valueSummaryOneDay', {
          caption,
          date: format.date(last.date),
          value: money(last.value),
          contributions: money(last.netContributions),
        })
      : first && last
        ? t('charts.valueSummary', {
            caption,
            from: format.date(first.date),
            to: format.date(last.date),
            start: money(first.value),
            end: money(last.value),
            contributions: money(last.netContributions),
          })
        : t('charts.noData');

  const table = (
    <ChartTable
      caption={caption}
      rows={[...series].reverse()}
      rowKey={(point) => point.date}
      columns={[
        { id: 'date', header: t('charts.date'), cell: (point) => format.date(point.date) },
        {
          id: 'value',
          header: t('charts.value'),
          numeric: true,
          cell: (point) => money(point.value),
        },
        {
          id: 'contributions',
          header: t('charts.netContributions'),
          numeric: true,
          cell: (point) => money(point.netContributions),
        },
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
        <ChartCanvas
          height={height}
          empty={series.length < 2}
          emptyText={oneDay ? t('charts.oneDay') : undefined}
        >
          {(width) => (
            <ValueChartDrawing rows={rows} currency={currency} width={width} height={height} />
          )}
        </ChartCanvas>
      }
    />
  );
}

/** The chart's key: the filled area is the value, the dashed line the net contributions. */
export function ValueChartLegend() {
  const { t } = useTranslation('common');
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="h-2.5 w-4 rounded-sm bg-chart-1/40 ring-1 ring-chart-1"
        />
        {t('charts.value')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="w-4 border-t-2 border-dashed border-muted-foreground" />
        {t('charts.netContributions')}
      </li>
    </ul>
  );
}
