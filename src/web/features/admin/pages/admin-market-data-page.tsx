import { CheckCircle2, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isErrorCode } from '@/contracts/error-codes';
import type { AdminMarketData } from '@/contracts/market-data';
import { Alert } from '@/web/components/ui/alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/web/components/ui/table';
import { useFormatters } from '@/web/lib/preferences';
import { useAdminMarketData } from '../api/market-data';
import { AdminPage } from '../components/admin-page';
import {
  EmptyRow,
  LoadError,
  LoadingStatus,
  SkeletonRows,
  TableCard,
} from '../components/data-table';
import { MarketDataImport } from '../components/market-data-import';

type Provider = AdminMarketData['providers'][number];

/** A closing day ('2026-11-20') read at noon UTC, so no time zone moves it to another day. */
const dayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00Z` : date);

function ProviderRow({ provider }: { provider: Provider }) {
  const { t } = useTranslation(['admin', 'errors']);
  const format = useFormatters();
  const never = <span className="text-muted-foreground">{t('marketData.never')}</span>;
  const when = (value: string | null) =>
    value ? (
      <time dateTime={value} className="tabular">
        {format.dateTime(value, { dateStyle: 'medium' })}
      </time>
    ) : (
      never
    );
  return (
    <li className="grid gap-2 border-b px-4 py-3 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t(`marketData.providers.${provider.name}`)}</h3>
        <Badge variant={provider.enabled ? 'success' : 'outline'}>
          {provider.enabled ? t('marketData.on') : t('marketData.off')}
        </Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-[13px] sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t('marketData.lastRun')}</dt>
        <dd>{when(provider.lastRunAt)}</dd>
        <dt className="text-muted-foreground">{t('marketData.lastSuccess')}</dt>
        <dd>{when(provider.lastSuccessAt)}</dd>
        <dt className="text-muted-foreground">{t('marketData.lastError')}</dt>
        <dd className="min-w-0">
          {provider.lastError ? (
            <span className="grid gap-1">
              <span className="font-medium text-destructive">
                {isErrorCode(provider.lastError)
                  ? t(`errors:${provider.lastError}`)
                  : t('errors:MARKET_DATA_UNAVAILABLE')}
              </span>
              {isErrorCode(provider.lastError) ? null : (
                <details className="text-muted-foreground">
                  <summary className="cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
                    {t('marketData.errorDetail')}
                  </summary>
                  <code className="font-mono text-xs break-words">{provider.lastError}</code>
                </details>
              )}
            </span>
          ) : (
            <span className="text-muted-foreground">{t('marketData.none')}</span>
          )}
        </dd>
      </dl>
    </li>
  );
}

function Providers({ data }: { data: AdminMarketData | undefined }) {
  const { t } = useTranslation('admin');
  const offline = data ? data.providers.every((provider) => !provider.enabled) : false;
  return (
    <Card className="min-w-0" role="region" aria-labelledby="market-providers">
      <div className="grid gap-1 border-b px-4 py-3">
        <h2 id="market-providers" className="text-base font-semibold">
          {t('marketData.providersTitle')}
        </h2>
        <p className="text-[13px] text-muted-foreground">{t('marketData.providersDescription')}</p>
      </div>
      {data ? (
        <>
          {offline ? (
            <div className="px-4 pt-3">
              <Alert tone="info" role="note" title={t('marketData.offline')} />
            </div>
          ) : null}
          <ul aria-label={t('marketData.providersTitle')}>
            {data.providers.map((provider) => (
              <ProviderRow key={provider.name} provider={provider} />
            ))}
          </ul>
        </>
      ) : (
        <div className="grid gap-3 p-4" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      )}
    </Card>
  );
}

function Counts({ data }: { data: AdminMarketData | undefined }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const items = [
    ['instruments', data?.counts.instruments],
    ['closes', data?.counts.closes],
    ['fxDays', data?.counts.fxDays],
  ] as const;
  return (
    <Card className="min-w-0 p-4" role="region" aria-labelledby="market-counts">
      <h2 id="market-counts" className="mb-3 text-base font-semibold">
        {t('marketData.countsTitle')}
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {items.map(([id, value]) => (
          <div key={id} className="grid min-w-0 gap-0.5">
            <dt className="text-[13px] text-muted-foreground">{t(`marketData.counts.${id}`)}</dt>
            <dd className="text-right text-lg font-semibold tabular sm:text-left">
              {value === undefined ? (
                <Skeleton className="ml-auto h-6 w-16 sm:ml-0" />
              ) : (
                format.number(value, 0)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Gaps({ data, loading }: { data: AdminMarketData | undefined; loading: boolean }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  return (
    <section aria-labelledby="market-gaps" className="grid min-w-0 gap-2">
      <div className="grid gap-0.5">
        <h2 id="market-gaps" className="text-base font-semibold">
          {t('marketData.gaps.title')}
        </h2>
        <p className="text-[13px] text-muted-foreground">{t('marketData.gaps.description')}</p>
      </div>
      <TableCard label={t('marketData.gaps.caption')} busy={loading}>
        <Table>
          <TableCaption>{t('marketData.gaps.caption')}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t('marketData.gaps.symbol')}</TableHead>
              <TableHead numeric>{t('marketData.gaps.holdings')}</TableHead>
              <TableHead numeric>{t('marketData.gaps.lastClose')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {loading ? (
              <SkeletonRows columns={3} rows={3} />
            ) : !data || data.gaps.length === 0 ? (
              <EmptyRow
                colSpan={3}
                icon={CheckCircle2}
                title={t('marketData.gaps.emptyTitle')}
                description={t('marketData.gaps.emptyDescription')}
              />
            ) : (
              data.gaps.map((gap) => (
                <TableRow key={gap.symbol}>
                  <TableCell className="font-mono font-medium">{gap.symbol}</TableCell>
                  <TableCell numeric>{format.number(gap.holdings, 0)}</TableCell>
                  <TableCell numeric>
                    {gap.lastDate ? (
                      <time dateTime={gap.lastDate}>{format.date(dayOf(gap.lastDate))}</time>
                    ) : (
                      <span className="text-muted-foreground">{t('marketData.never')}</span>
                    )}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableCard>
    </section>
  );
}

/**
 * /admin/market-data: the providers (on or off, last run, success and error), how much is stored,
 * the held symbols without a recent close, and an import of closes and exchange rates.
 */
export function AdminMarketDataPage() {
  const { t } = useTranslation('admin');
  const overview = useAdminMarketData();
  const data = overview.data;
  return (
    <AdminPage
      title={t('marketData.title')}
      description={t('marketData.description')}
      actions={
        <Button
          variant="outline"
          size="sm"
          disabled={overview.isFetching}
          onClick={() => void overview.refetch()}
        >
          <RefreshCw aria-hidden="true" />
          {t('marketData.refresh')}
        </Button>
      }
    >
      {overview.isPending ? <LoadingStatus label={t('marketData.loading')} /> : null}
      {overview.isError ? (
        <LoadError title={t('marketData.loadFailed')} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <div className="grid items-start gap-5 lg:grid-cols-2">
            <Providers data={data} />
            <div className="grid min-w-0 gap-5">
              <Counts data={data} />
              {data && data.counts.instruments === 0 ? (
                <Alert tone="info" role="note" title={t('marketData.emptyTitle')}>
                  <p className="text-[13px]">{t('marketData.emptyDescription')}</p>
                </Alert>
              ) : null}
            </div>
          </div>
          <Gaps data={data} loading={overview.isPending} />
        </>
      )}
      <MarketDataImport />
    </AdminPage>
  );
}
