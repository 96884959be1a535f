import { lazy, Suspense } from 'react';
import { cn } from '@/web/lib/cn';
import { ChartErrorBoundary } from './chart-figure';

const SparklineDrawing = lazy(() => import('./sparkline-drawing'));

/**
 * A small trend line for a row or a headline, with no axes. It is an image with a text
 * alternative (`label`: what it shows, start and end); the figures themselves are written
 * beside it. Draws nothing with fewer than two points: no trend is better than an invented one.
 */
export function Sparkline({
  values,
  label,
  width = 96,
  height = 28,
  className,
}: {
  values: number[];
  label: string;
  width?: number;
  height?: number;
  className?: string;
}) {
  const first = values[0];
  const last = values[values.length - 1];
  if (values.length < 2 || first === undefined || last === undefined) return null;
  const color = last > first ? 'var(--gain)' : last < first ? 'var(--loss)' : 'var(--chart-6)';
  return (
    <span
      role="img"
      aria-label={label}
      className={cn('inline-block', className)}
      style={{ width, height }}
    >
      <ChartErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <SparklineDrawing values={values} color={color} width={width} height={height} />
        </Suspense>
      </ChartErrorBoundary>
    </span>
  );
}
