import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import type { Currency } from '@/contracts/settings';
import { useFormatters } from '@/web/lib/preferences';
import { ChartFigure } from './chart-figure';
import { useElementWidth, useReducedMotion } from './chart-hooks';
import { ChartTable } from './chart-table';

/** One day of a value series: amounts as decimal strings in the series' currency. */
export type ValuePoint = { date: string; value: string; netContributions: string };

type Row = { date: string; value: number; netContributions: number; point: ValuePoint };

const VALUE_COLOR = 'var(--chart-1)';
const CONTRIBUTIONS_COLOR = 'var(--muted-foreground)';

function ValueTooltip({
  active,
  payload,
  currency,
}: Pick<TooltipContentProps, 'active' | 'payload'> & { currency: Currency }) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  return (
    <div className="tabular grid gap-1 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{format.date(row.date)}</p>
      <p className="flex items-center justify-between gap-4">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2 rounded-full bg-chart-1" />
          {t('charts.value')}
        </span>
        <span className="font-medium">
          {format.money(row.point.value, { currency, decimals: true })}
        </span>
      </p>
      <p className="flex items-center justify-between gap-4 text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="w-2 border-t-2 border-dashed border-current" />
          {t('charts.netContributions')}
        </span>
        <span>{format.money(row.point.netContributions, { currency, decimals: true })}</span>
      </p>
    </div>
  );
}

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
  const reduced = useReducedMotion();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const gradientId = useId().replace(/:/g, '');

  const rows: Row[] = useMemo(
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
  const summary =
    first && last
      ? t('charts.valueSummary', {
          caption,
          from: format.date(first.date),
          to: format.date(last.date),
          start: money(first.value),
          end: money(last.value),
          contributions: money(last.netContributions),
        })
      : t('charts.noData');

  // Short dates on the axis: day and month within a year, month and year beyond.
  const spanDays =
    first && last ? (Date.parse(last.date) - Date.parse(first.date)) / 86_400_000 : 0;
  const tickFormat = new Intl.DateTimeFormat(
    format.locale,
    spanDays > 370
      ? { month: 'short', year: '2-digit', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );

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
        <div ref={ref} style={{ height }} className="w-full">
          {series.length === 0 ? (
            <p className="grid h-full place-items-center text-[13px] text-muted-foreground">
              {t('charts.noData')}
            </p>
          ) : width > 0 ? (
            <ComposedChart
              width={width}
              height={height}
              data={rows}
              margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
              accessibilityLayer={false}
            >
              <defs>
                <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={VALUE_COLOR} stopOpacity={0.28} />
                  <stop offset="100%" stopColor={VALUE_COLOR} stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
              <XAxis
                dataKey="date"
                tickFormatter={(date: string) => tickFormat.format(new Date(date))}
                tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
                tickLine={false}
                axisLine={{ stroke: 'var(--border)' }}
                minTickGap={24}
              />
              <YAxis
                width={width < 480 ? 48 : 64}
                tickFormatter={(amount: number) =>
                  format.money(amount, { currency, compact: true })
                }
                tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
                tickLine={false}
                axisLine={false}
                domain={['auto', 'auto']}
              />
              <Tooltip
                content={(props) => (
                  <ValueTooltip active={props.active} payload={props.payload} currency={currency} />
                )}
                cursor={{ stroke: 'var(--muted-foreground)', strokeDasharray: '3 3' }}
              />
              <Area
                type="monotone"
                dataKey="value"
                stroke={VALUE_COLOR}
                strokeWidth={2}
                fill={`url(#${gradientId})`}
                isAnimationActive={!reduced}
                dot={false}
                activeDot={{ r: 3 }}
              />
              <Line
                type="stepAfter"
                dataKey="netContributions"
                stroke={CONTRIBUTIONS_COLOR}
                strokeWidth={1.5}
                strokeDasharray="4 3"
                isAnimationActive={!reduced}
                dot={false}
                activeDot={false}
              />
            </ComposedChart>
          ) : null}
        </div>
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
