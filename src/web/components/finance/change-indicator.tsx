import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/web/lib/cx';

type Direction = 'up' | 'down' | 'flat';

export function directionOf(value: number): Direction {
  if (value > 0) return 'up';
  if (value < 0) return 'down';
  return 'flat';
}

/**
 * A gain or a loss, marked by an arrow icon, an explicit sign and a screen-reader word as well
 * as colour (colour alone fails colour-blind readers).
 */
export function ChangeIndicator({
  value,
  label,
  className,
}: {
  value: number;
  /** What is shown after the arrow: the signed amount (kept on one line by the caller if need be). */
  label: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const direction = directionOf(value);
  const Icon = direction === 'up' ? TrendingUp : direction === 'down' ? TrendingDown : Minus;
  return (
    <span
      className={cx(
        'tabular inline-flex items-center gap-1 font-medium',
        direction === 'up' && 'text-gain',
        direction === 'down' && 'text-loss',
        direction === 'flat' && 'text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t(`change.${direction}`)}</span>
      {label}
    </span>
  );
}
