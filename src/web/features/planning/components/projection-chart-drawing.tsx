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
import { useReducedMotion } from '@/web/components/charts/chart-hooks';
import { useFormatters } from '@/web/lib/preferences';
import type { ProjectionRow } from '../lib/projection-rows';
import { COMPARED_COLORS, COMPARED_DASHES } from './compared-lines';

type DrawnRow = ProjectionRow & {
  outer: [number, number];
  inner: [number, number];
  [compared: `c${number}`]: number | undefined;
};

const BAND = 'var(--chart-1)';

function ProjectionTooltip({
  active,
  payload,
  currency,
}: Pick<TooltipContentProps, 'active' | 'payload'> & { currency: Currency }) {
  const { t } = useTranslation('planning');
  const format = useFormatters();
  const row = payload?.[0]?.payload as DrawnRow | undefined;
  if (!active || !row) return null;
  const money = (value: number) => format.money(value, { currency, decimals: false });
  const line = (label: string, value: number, strong = false) => (
    <p className="flex items-center justify-between gap-4">
      <span className={strong ? 'font-medium' : 'text-muted-foreground'}>{label}</span>
      <span className={strong ? 'font-medium' : undefined}>{money(value)}</span>
    </p>
  );
  return (
    <div className="tabular grid gap-1 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{t('chart.year', { count: row.year })}</p>
      {line(t('bands.p95'), row.p95)}
      {line(t('bands.p75'), row.p75)}
      {line(t('bands.p50'), row.p50, true)}
      {line(t('bands.p25'), row.p25)}
      {line(t('bands.p5'), row.p5)}
      {line(t('bands.mean'), row.mean)}
      {line(t('bands.paidIn'), row.paidIn)}
    </div>
  );
}

/** The recharts part of the projection chart (loaded with recharts, on first use). */
export default function ProjectionChartDrawing({
  rows,
  compared = [],
  currency,
  width,
  height,
}: {
  rows: ProjectionRow[];
  /** Saved scenarios' medians by year, drawn as lines of their own. */
  compared?: { name: string; medians: Map<number, number> }[];
  currency: Currency;
  width: number;
  height: number;
}) {
  const { t } = useTranslation('planning');
  const format = useFormatters();
  const reduced = useReducedMotion();
  const drawn: DrawnRow[] = rows.map((row) => ({
    ...row,
    outer: [row.p5, row.p95],
    inner: [row.p25, row.p75],
    ...Object.fromEntries(
      compared.map((comparison, index) => [`c${index}`, comparison.medians.get(row.year)]),
    ),
  }));
  return (
    <ComposedChart
      width={width}
      height={height}
      data={drawn}
      margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
      <XAxis
        dataKey="year"
        tickFormatter={(year: number) => t('chart.yearShort', { count: year })}
        tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        minTickGap={16}
      />
      <YAxis
        width="auto"
        tickFormatter={(amount: number) => format.money(amount, { currency, compact: true })}
        tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip
        content={(props) => (
          <ProjectionTooltip active={props.active} payload={props.payload} currency={currency} />
        )}
        cursor={{ stroke: 'var(--muted-foreground)', strokeDasharray: '3 3' }}
      />
      <Area
        dataKey="outer"
        stroke="none"
        fill={BAND}
        fillOpacity={0.12}
        isAnimationActive={!reduced}
        animationDuration={400}
        activeDot={false}
      />
      <Area
        dataKey="inner"
        stroke="none"
        fill={BAND}
        fillOpacity={0.26}
        isAnimationActive={!reduced}
        animationDuration={400}
        activeDot={false}
      />
      <Line
        dataKey="p50"
        stroke={BAND}
        strokeWidth={2}
        dot={false}
        isAnimationActive={!reduced}
        animationDuration={400}
        activeDot={{ r: 3 }}
      />
      <Line
        dataKey="mean"
        stroke="var(--foreground)"
        strokeWidth={1.25}
        strokeDasharray="5 4"
        dot={false}
        isAnimationActive={!reduced}
        animationDuration={400}
        activeDot={false}
      />
      <Line
        type="stepAfter"
        dataKey="paidIn"
        stroke="var(--muted-foreground)"
        strokeWidth={1.25}
        strokeDasharray="2 3"
        dot={false}
        isAnimationActive={!reduced}
        animationDuration={400}
        activeDot={false}
      />
      {compared.map((comparison, index) => (
        <Line
          key={comparison.name + String(index)}
          dataKey={`c${index}`}
          name={comparison.name}
          stroke={COMPARED_COLORS[index]}
          strokeWidth={1.75}
          strokeDasharray={COMPARED_DASHES[index]}
          dot={false}
          connectNulls={false}
          isAnimationActive={!reduced}
          animationDuration={400}
          activeDot={{ r: 3 }}
        />
      ))}
    </ComposedChart>
  );
}
