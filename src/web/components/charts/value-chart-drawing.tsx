import { useId } from 'react';
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
import { useReducedMotion } from './chart-hooks';

/** One day as drawn: numbers for the scales, the original strings for the tooltip. */
export type ValueRow = {
  date: string;
  value: number;
  netContributions: number;
  point: { value: string; netContributions: string };
};

const VALUE_COLOR = 'var(--chart-1)';
const CONTRIBUTIONS_COLOR = 'var(--muted-foreground)';

function ValueTooltip({
  active,
  payload,
  currency,
}: Pick<TooltipContentProps, 'active' | 'payload'> & { currency: Currency }) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  const row = payload?.[0]?.payload as ValueRow | undefined;
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

/** The recharts part of ValueChart (loaded with recharts, on first use). */
export default function ValueChartDrawing({
  rows,
  currency,
  width,
  height,
}: {
  rows: ValueRow[];
  currency: Currency;
  width: number;
  height: number;
}) {
  const format = useFormatters();
  const reduced = useReducedMotion();
  const gradientId = useId().replace(/:/g, '');
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Short dates on the axis: day and month within a year, month and year beyond.
  const spanDays =
    first && last ? (Date.parse(last.date) - Date.parse(first.date)) / 86_400_000 : 0;
  const tickFormat = new Intl.DateTimeFormat(
    format.locale,
    spanDays > 370
      ? { month: 'short', year: '2-digit', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );
  return (
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
        width="auto"
        tickFormatter={(amount: number) => format.money(amount, { currency, compact: true })}
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
  );
}
