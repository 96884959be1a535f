import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Line,
  LineChart,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { useFormatters } from '@/web/lib/preferences';
import { useReducedMotion } from './chart-hooks';
import { formatPrice } from './price-format';

/** One day as drawn: a number for the scale, the original string for the tooltip. */
export type PriceRow = { date: string; close: number; point: { close: string } };

const LINE_COLOR = 'var(--chart-1)';

function PriceTooltip({
  active,
  payload,
  currency,
}: Pick<TooltipContentProps, 'active' | 'payload'> & { currency: string }) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  const row = payload?.[0]?.payload as PriceRow | undefined;
  if (!active || !row) return null;
  return (
    <div className="tabular grid gap-1 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{format.date(row.date)}</p>
      <p className="flex items-center justify-between gap-4">
        <span>{t('charts.close')}</span>
        <span className="font-medium">{formatPrice(format, row.point.close, currency)}</span>
      </p>
    </div>
  );
}

/** The recharts part of PriceChart (loaded with recharts, on first use). */
export default function PriceChartDrawing({
  rows,
  currency,
  width,
  height,
}: {
  rows: PriceRow[];
  currency: string;
  width: number;
  height: number;
}) {
  const format = useFormatters();
  const reduced = useReducedMotion();
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
  const compact = new Intl.NumberFormat(format.locale, {
    notation: 'compact',
    maximumSignificantDigits: 4,
  });
  return (
    <LineChart
      width={width}
      height={height}
      data={rows}
      margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
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
        tickFormatter={(close: number) => compact.format(close)}
        tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
        tickLine={false}
        axisLine={false}
        domain={['auto', 'auto']}
      />
      <Tooltip
        content={(props) => (
          <PriceTooltip active={props.active} payload={props.payload} currency={currency} />
        )}
        cursor={{ stroke: 'var(--muted-foreground)', strokeDasharray: '3 3' }}
      />
      <Line
        type="monotone"
        dataKey="close"
        stroke={LINE_COLOR}
        strokeWidth={2}
        dot={false}
        activeDot={{ r: 3 }}
        isAnimationActive={!reduced}
      />
    </LineChart>
  );
}
