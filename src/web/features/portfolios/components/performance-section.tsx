import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceHistory } from '@/contracts/market-data';
import {
  DEFAULT_PERFORMANCE_RANGE,
  type HoldingPerformance,
  type PerformanceRange,
  type PerformanceResponse,
} from '@/contracts/valuation';
import { PriceSparkline } from '@/web/components/charts/price-chart';
import { ValueChart, ValueChartLegend } from '@/web/components/charts/value-chart';
import { DataErrorCard } from '@/web/components/errors/error-card';
import {
  asPercent,
  MoneyChange,
  ReturnsPair,
  Stat,
  UnpricedNotice,
} from '@/web/components/performance/figures';
import { PlanRangeToggle } from '@/web/components/plans/plan-range-toggle';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { marketSymbolOf, usePriceHistories } from '@/web/lib/market-prices';
import { usePerformance } from '@/web/lib/performance';
import { useLockedRanges } from '@/web/lib/plan';
import { useFormatters } from '@/web/lib/preferences';
import { PerformanceReport } from './performance-report';

function SectionSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="grid gap-5" data-testid="performance-skeleton" aria-busy="true">
      <p className="sr-only" role="status">
        {t('loading')}
      </p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="grid gap-1.5">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-5 w-28" />
          </div>
        ))}
      </div>
      <Skeleton className="h-8 w-80 max-w-full" />
      <Skeleton className="h-60 w-full" />
      <div className="grid gap-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </div>
    </div>
  );
}

const MARKET_CLASSES: ReadonlySet<HoldingPerformance['class']> = new Set(['market', 'crypto']);

/**
 * The holdings with what the performance answer gives each: value, gain and day change in the
 * portfolio's currency, and weight; under a market or crypto holding's name, a sparkline of its
 * closes over the section's range (one batched request for the table; none without closes).
 */
function HoldingsPerformanceTable({
  holdings,
  currency,
  caption,
  range,
}: {
  holdings: HoldingPerformance[];
  currency: PerformanceResponse['currency'];
  caption: string;
  range: PerformanceRange;
}) {
  const { t } = useTranslation('portfolios');
  const format = useFormatters();
  const rows = [...holdings].sort((a, b) => Number(b.value) - Number(a.value));
  const symbols = useMemo(
    () => holdings.filter((holding) => MARKET_CLASSES.has(holding.class)).map((h) => h.symbol),
    [holdings],
  );
  const prices = usePriceHistories(symbols, range);
  return (
    <TableContainer tabIndex={0} aria-label={caption} className="rounded-lg border">
      <Table>
        <TableCaption>{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t('performance.columns.holding')}</TableHead>
            <TableHead numeric>{t('performance.columns.value')}</TableHead>
            <TableHead numeric className="hidden sm:table-cell">
              {t('performance.columns.gain')}
            </TableHead>
            <TableHead numeric>{t('performance.columns.dayChange')}</TableHead>
            <TableHead numeric className="hidden md:table-cell">
              {t('performance.columns.weight')}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((holding) => (
            <TableRow key={holding.holdingId}>
              <TableCell className="min-w-36">
                <span className="grid">
                  <span className="font-medium">
                    {holding.symbol ? (
                      <span className="mr-2 font-semibold">{holding.symbol}</span>
                    ) : null}
                    {holding.name}
                  </span>
                  <HoldingSparkline
                    series={
                      MARKET_CLASSES.has(holding.class)
                        ? prices.get(marketSymbolOf(holding.symbol) ?? '')
                        : undefined
                    }
                    range={range}
                  />
                </span>
              </TableCell>
              <TableCell numeric className="whitespace-nowrap font-medium">
                {format.money(holding.value, { currency, decimals: true })}
                {/* Phones: the gain goes under the value (its column is hidden). */}
                <span className="mt-0.5 block text-xs font-normal sm:hidden">
                  <MoneyChange
                    amount={holding.unrealizedGain}
                    ratio={holding.unrealizedGainPercent}
                    currency={currency}
                    className="justify-end"
                  />
                </span>
              </TableCell>
              <TableCell numeric className="hidden whitespace-nowrap sm:table-cell">
                <MoneyChange
                  amount={holding.unrealizedGain}
                  ratio={holding.unrealizedGainPercent}
                  currency={currency}
                  className="justify-end"
                />
              </TableCell>
              <TableCell numeric className="whitespace-nowrap">
                <MoneyChange
                  amount={holding.dayChange}
                  ratio={holding.dayChangePercent}
                  currency={currency}
                  className="justify-end"
                />
              </TableCell>
              <TableCell numeric className="hidden whitespace-nowrap md:table-cell">
                {holding.weight === null
                  ? '—'
                  : format.percent(asPercent(holding.weight), { decimals: 1 })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function HoldingSparkline({
  series,
  range,
}: {
  series: PriceHistory | undefined;
  range: PerformanceRange;
}) {
  if (!series) return null;
  return (
    <PriceSparkline
      closes={series.closes}
      currency={series.currency}
      range={range}
      className="mt-1"
    />
  );
}

/**
 * A portfolio's (or simulation's) performance over a range: value, gain, day change, TWR and MWR,
 * the value chart, and each holding's figures. Its failure stays inside the section. A
 * simulation's (`simulationId`, `name` its own) says so and shows its cash.
 */
export function PerformanceSection({
  portfolioId,
  simulationId = null,
  name,
}: {
  portfolioId: string;
  simulationId?: string | null;
  /** The portfolio's name, or the simulation's. */
  name: string;
}) {
  const { t } = useTranslation(['portfolios', 'common']);
  const format = useFormatters();
  const [picked, setRange] = useState<PerformanceRange>(DEFAULT_PERFORMANCE_RANGE);
  // A period the plan no longer opens (downgraded while here) falls back to the default.
  const range = useLockedRanges().includes(picked) ? DEFAULT_PERFORMANCE_RANGE : picked;
  const performance = usePerformance(portfolioId, simulationId, range);
  const [reportError, setReportError] = useState<unknown>(null);
  const data = performance.data;
  const toolbar = (
    <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
      <PlanRangeToggle value={range} onChange={setRange} />
      <ValueChartLegend />
    </div>
  );

  return (
    <section aria-labelledby="performance-title">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1.5">
              <CardTitle id="performance-title">
                {simulationId ? t('performance.simulationTitle', { name }) : t('performance.title')}
              </CardTitle>
              {data ? (
                <CardDescription>
                  {t(
                    simulationId ? 'performance.simulationDescription' : 'performance.description',
                    {
                      currency: data.currency,
                      date: format.date(data.asOf),
                    },
                  )}
                </CardDescription>
              ) : null}
            </div>
            <PerformanceReport
              portfolioId={portfolioId}
              simulationId={simulationId}
              range={range}
              onError={setReportError}
            />
          </div>
        </CardHeader>
        <CardContent className="grid gap-5">
          <ApiErrorAlert
            error={reportError}
            situation={{ wrap: (message) => t('performance.report.failed', { message }) }}
          />
          {data ? (
            <>
              <UnpricedNotice items={data.unpriced} />
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                <Stat label={t('common:performance.value')}>
                  <span data-testid="performance-value">
                    {format.money(data.value, { currency: data.currency, decimals: true })}
                  </span>
                </Stat>
                <Stat label={t('common:performance.unrealizedGain')}>
                  <MoneyChange
                    amount={data.unrealizedGain}
                    ratio={data.unrealizedGainPercent}
                    currency={data.currency}
                  />
                </Stat>
                <Stat label={t('common:performance.dayChange')}>
                  {data.dayChange === null ? (
                    <span className="text-sm font-normal text-muted-foreground">
                      {t('common:performance.noDayChange')}
                    </span>
                  ) : (
                    <MoneyChange
                      amount={data.dayChange}
                      ratio={data.dayChangePercent}
                      currency={data.currency}
                    />
                  )}
                </Stat>
                {data.cash !== null ? (
                  <Stat label={t('performance.cash')}>
                    {format.money(data.cash, { currency: data.currency, decimals: true })}
                  </Stat>
                ) : null}
              </dl>
              <ReturnsPair figures={data} />
              <div className="grid gap-2">
                <h3 className="text-sm font-semibold">{t('performance.chartTitle')}</h3>
                <ValueChart
                  series={data.series}
                  currency={data.currency}
                  busy={performance.isPlaceholderData}
                  caption={t('performance.chartCaption', {
                    name,
                    range: t(`common:charts.range.long.${data.range}`),
                  })}
                  toolbar={toolbar}
                />
              </div>
              <div className="grid gap-2">
                <h3 className="text-sm font-semibold">{t('performance.holdings')}</h3>
                {data.holdings.length === 0 ? (
                  <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
                    {t(
                      simulationId ? 'performance.noSimulationHoldings' : 'performance.noHoldings',
                    )}
                  </p>
                ) : (
                  <HoldingsPerformanceTable
                    holdings={data.holdings}
                    currency={data.currency}
                    caption={t('performance.holdingsCaption', { name, currency: data.currency })}
                    range={data.range}
                  />
                )}
              </div>
            </>
          ) : performance.isError ? (
            <>
              {/* Another period may load: the range stays reachable. */}
              {toolbar}
              <DataErrorCard
                onRetry={() => void performance.refetch()}
                className="max-w-none shadow-none"
              />
            </>
          ) : (
            <SectionSkeleton />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
