import { ChartColumn, TableProperties } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { useElementWidth } from './chart-hooks';

type BoundaryProps = { fallback: ReactNode; children: ReactNode };

/** A chart that throws while drawing shows its fallback (its table); the page goes on. */
export class ChartErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Chart failed to draw', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The frame every chart sits in: the drawing carries a text alternative (`summary`, a sentence
 * that says what the chart shows), and a 'Show as table' button swaps it for a real table of
 * the same data (keyboard and screen-reader users, or anyone who wants the figures). A chart that
 * fails to draw falls back to its table.
 */
export function ChartFigure({
  summary,
  chart,
  table,
  toolbar,
  busy = false,
  className,
}: {
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  /** Controls shown before the table toggle (range buttons, a tab list). */
  toolbar?: ReactNode;
  /** A new range is loading: the old drawing stays, dimmed. */
  busy?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const [asTable, setAsTable] = useState(false);
  const viewId = useId();
  return (
    <figure className={cn('m-0 grid grid-cols-[minmax(0,1fr)] gap-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {toolbar ?? <span />}
        <Button
          variant="ghost"
          size="sm"
          aria-controls={viewId}
          onClick={() => setAsTable((value) => !value)}
        >
          {asTable ? <ChartColumn aria-hidden="true" /> : <TableProperties aria-hidden="true" />}
          {asTable ? t('charts.showChart') : t('charts.showTable')}
        </Button>
      </div>
      <div id={viewId} aria-busy={busy || undefined} className="min-w-0">
        {asTable ? (
          table
        ) : (
          <ChartErrorBoundary
            fallback={
              <div className="grid gap-2">
                <p className="text-[13px] text-muted-foreground" role="status">
                  {t('charts.failed')}
                </p>
                {table}
              </div>
            }
          >
            <div
              role="img"
              aria-label={summary}
              className={cn('tabular transition-opacity', busy && 'opacity-60')}
            >
              {chart}
            </div>
          </ChartErrorBoundary>
        )}
      </div>
    </figure>
  );
}

/**
 * A chart's drawing area at `height`: 'No data' (or `emptyText`) when `empty`, else the (lazy)
 * drawing once the area's width is measured, a skeleton while its code loads.
 */
export function ChartCanvas({
  height,
  empty,
  emptyText,
  children,
}: {
  height: number;
  empty: boolean;
  /** What to say instead of 'No data' when there is something, but not enough to draw. */
  emptyText?: string;
  children: (width: number) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const [ref, width] = useElementWidth<HTMLDivElement>();
  return (
    <div ref={ref} style={{ height }} className="w-full">
      {empty ? (
        <p className="grid h-full place-items-center px-4 text-center text-[13px] text-muted-foreground">
          {emptyText ?? t('charts.noData')}
        </p>
      ) : width > 0 ? (
        <Suspense fallback={<Skeleton className="h-full w-full" />}>{children(width)}</Suspense>
      ) : null}
    </div>
  );
}
