import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Holding } from '@/contracts/holdings';
import { DEFAULT_PERFORMANCE_RANGE, type PerformanceRange } from '@/contracts/valuation';
import { PriceChart } from '@/web/components/charts/price-chart';
import { RangeToggle } from '@/web/components/charts/range-toggle';
import { DataErrorCard } from '@/web/components/errors/error-card';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { usePriceHistory } from '@/web/lib/market-prices';

/**
 * A market or crypto holding's price: its symbol's closes over a period the reader picks (1Y
 * first), drawn as a line in the quote currency, with the same closes as a table.
 */
export function PriceChartCard({ holding, symbol }: { holding: Holding; symbol: string }) {
  const { t } = useTranslation(['holdings', 'common']);
  const [range, setRange] = useState<PerformanceRange>(DEFAULT_PERFORMANCE_RANGE);
  const history = usePriceHistory(symbol, range);
  const data = history.data;
  const id = holding.id.slice(0, 8);
  const toolbar = <RangeToggle value={range} onChange={setRange} />;

  return (
    <Card className="grid min-w-0 gap-3 p-3 sm:p-4" aria-labelledby={`price-chart-${id}`}>
      <div className="grid gap-0.5">
        <h4 id={`price-chart-${id}`} className="text-sm font-semibold">
          {t('priceChart.title', { symbol })}
        </h4>
        {data ? (
          <p className="text-[13px] text-muted-foreground">
            {t(
              data.currency === 'GBp' || data.currency === 'GBX'
                ? 'priceChart.descriptionPence'
                : 'priceChart.description',
              { currency: data.currency },
            )}
          </p>
        ) : null}
      </div>
      {data ? (
        <PriceChart
          closes={data.closes}
          currency={data.currency}
          busy={history.isPlaceholderData}
          caption={`${t(`common:charts.priceOver.${data.range}`)} (${symbol})`}
          toolbar={toolbar}
        />
      ) : history.isError ? (
        <>
          {toolbar}
          <DataErrorCard
            onRetry={() => void history.refetch()}
            className="max-w-none shadow-none"
          />
        </>
      ) : (
        <div className="grid gap-3" aria-busy="true">
          <p className="sr-only" role="status">
            {t('common:loading')}
          </p>
          <Skeleton className="h-8 w-80 max-w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      )}
    </Card>
  );
}
