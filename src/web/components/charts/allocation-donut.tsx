import { Cell, Pie, PieChart, Tooltip, type TooltipContentProps } from 'recharts';
import type { Currency } from '@/contracts/settings';
import { useFormatters } from '@/web/lib/preferences';
import type { AllocationPart } from './allocation-part';
import { chartColor, useReducedMotion } from './chart-hooks';

function PartTooltip({
  active,
  payload,
  currency,
}: Pick<TooltipContentProps, 'active' | 'payload'> & { currency: Currency }) {
  const format = useFormatters();
  const part = payload?.[0]?.payload as AllocationPart | undefined;
  if (!active || !part) return null;
  return (
    <div className="tabular grid gap-0.5 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{part.label}</p>
      <p>
        {format.percent(part.weight * 100, { decimals: 1 })} ·{' '}
        {format.money(part.value, { currency, decimals: true })}
      </p>
    </div>
  );
}

/** The recharts part of AllocationChart (loaded with recharts, on first use). */
export default function AllocationDonut({
  parts,
  currency,
  size,
}: {
  parts: AllocationPart[];
  currency: Currency;
  size: number;
}) {
  const reduced = useReducedMotion();
  return (
    <PieChart width={size} height={size} accessibilityLayer={false}>
      <Pie
        data={parts}
        dataKey="weight"
        nameKey="label"
        innerRadius={size / 2 - 28}
        outerRadius={size / 2 - 4}
        paddingAngle={parts.length > 1 ? 1.5 : 0}
        stroke="var(--card)"
        strokeWidth={1}
        isAnimationActive={!reduced}
      >
        {parts.map((part, index) => (
          <Cell key={part.key} fill={chartColor(index)} />
        ))}
      </Pie>
      <Tooltip
        content={(props) => (
          <PartTooltip active={props.active} payload={props.payload} currency={currency} />
        )}
      />
    </PieChart>
  );
}
