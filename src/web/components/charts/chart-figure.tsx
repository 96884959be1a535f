import { ChartColumn, TableProperties } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';

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
    <figure className={cn('m-0 grid gap-3', className)}>
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
