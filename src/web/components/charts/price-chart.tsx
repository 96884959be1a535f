import { lazy, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PerformanceRange } from '@/contracts/valuation';
import { useFormatters } from '@/web/lib/preferences';
import { ChartCanvas, ChartFigure } from './chart-figure';
import { ChartTable } from './chart-table';
import type { PriceRow } from './price-chart-drawing';
import { formatPrice } from './price-format';
import { Sparkline } from './sparkline';

// recharts is heavy: it loads with the first drawing, after the figures and the table.
const PriceChartDrawing = lazy(() => import('./price-chart-drawing'));

/** One day's close, a decimal string in the instrument's quote currency. */
export type PricePoint = { date: string; close: string };

function extremes(closes: PricePoint[]) {
  let low = closes[0];
  let high = closes[0];
  for (const point of closes) {
    if (low && Number(point.close) < Number(low.close)) low = point;
    if (high && Number(point.close) > Number(high.close)) high = point;
  }
  return { low, high };
}

/**
 * An instrument's closes over a range as a line, in its quote currency, with a text
 * alternative (first and last close, lowest and highest) and the same closes as a table.
 */
export function PriceChart({
  closes,
  currency,
  caption,
  toolbar,
  busy,
  height = 200,
}: {
  closes: PricePoint[];
  currency: string;
  /** What the data is ('AAPL, 1 year'): the table's caption. */
  caption: string;
  toolbar?: ReactNode;
  busy?: boolean;
  height?: number;
}) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  const rows: PriceRow[] = useMemo(
    () => closes.map((point) => ({ date: point.date, close: Number(point.close), point })),
    [closes],
  );
  const first = closes[0];
  const last = closes[closes.length - 1];
  const { low, high } = extremes(closes);
  const price = (close: string) => formatPrice(format, close, currency);
  const summary =
    first && last && low && high
      ? t('charts.priceSummary', {
          caption,
          from: format.date(first.date),
          to: format.date(last.date),
          start: price(first.close),
          end: price(last.close),
          low: price(low.close),
          high: price(high.close),
        })
      : t('charts.noData');

  const table = (
    <ChartTable
      caption={caption}
      rows={[...closes].reverse()}
      rowKey={(point) => point.date}
      columns={[
        { id: 'date', header: t('charts.date'), cell: (point) => format.date(point.date) },
        {
          id: 'close',
          header: t('charts.close'),
          numeric: true,
          cell: (point) => price(point.close),
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
        <ChartCanvas height={height} empty={closes.length === 0}>
          {(width) => (
            <PriceChartDrawing rows={rows} currency={currency} width={width} height={height} />
          )}
        </ChartCanvas>
      }
    />
  );
}

/**
 * A holding's price trend as a sparkline, labelled with the period and its first and last close
 * ('Price over 1 year: from $100.00 to $120.00'). Nothing with fewer than two closes.
 */
export function PriceSparkline({
  closes,
  currency,
  range,
  width = 80,
  height = 22,
  className,
}: {
  closes: PricePoint[];
  currency: string;
  range: PerformanceRange;
  width?: number;
  height?: number;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const format = useFormatters();
  const values = useMemo(() => closes.map((point) => Number(point.close)), [closes]);
  const first = closes[0];
  const last = closes[closes.length - 1];
  if (!first || !last || closes.length < 2) return null;
  return (
    <Sparkline
      values={values}
      width={width}
      height={height}
      className={className}
      label={t('charts.priceSparkline', {
        over: t(`charts.priceOver.${range}`),
        start: formatPrice(format, first.close, currency),
        end: formatPrice(format, last.close, currency),
      })}
    />
  );
}
