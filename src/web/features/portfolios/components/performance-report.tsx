import { Download, Lock } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDay } from '@/contracts/import-export';
import type { PerformanceRange } from '@/contracts/valuation';
import { requiredTierForFeature } from '@/domain/plans/plans';
import { SeePlansLink } from '@/web/components/plans/see-plans-link';
import { Button } from '@/web/components/ui/button';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { downloadFile } from '@/web/lib/download';
import { usePlan } from '@/web/lib/plan';

/** GET /portfolios/:id/performance/report.csv?range=&sim= (under /api/v1). */
export function performanceReportPath(
  portfolioId: string,
  simulationId: string | null,
  range: PerformanceRange,
) {
  const params = new URLSearchParams({ range });
  if (simulationId) params.set('sim', simulationId);
  return `/portfolios/${encodeURIComponent(portfolioId)}/performance/report.csv?${params.toString()}`;
}

/** The saved file's name, as the server names it: the period, then the user's local date. */
export const performanceReportFileName = (range: PerformanceRange, now: Date = new Date()) =>
  `cairn-performance-${range}-${localDay(now)}.csv`;

/**
 * "Performance report (CSV)" beside the chart: the daily value, net contributions,
 * time-weighted index and each holding's figures over the period shown. With data export
 * (Premium and up) it downloads the file (fetched first, saved only when it comes: a failure is
 * handed to `onError`); below, the same control says the report comes with Premium and links to
 * the plans.
 */
export function PerformanceReport({
  portfolioId,
  simulationId,
  range,
  onError,
}: {
  portfolioId: string;
  simulationId: string | null;
  range: PerformanceRange;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation(['portfolios', 'common']);
  const plan = usePlan();
  const [pending, setPending] = useState(false);
  const label = t('performance.report.label');

  if (!plan.allows('data_export')) {
    const tier = t(`common:plans.tiers.${requiredTierForFeature('data_export')}`);
    return (
      <Popover>
        <PopoverTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('performance.report.lockedLabel', { plan: tier })}
          >
            <Lock aria-hidden="true" />
            {label}
          </Button>
        </PopoverTrigger>
        <PopoverContent
          align="end"
          aria-label={t('performance.report.locked', { plan: tier })}
          className="grid w-72 max-w-[calc(100vw-2rem)] gap-2 p-3 text-sm"
        >
          <p className="font-medium">{t('performance.report.locked', { plan: tier })}</p>
          <p className="text-[13px] text-muted-foreground">
            {t('performance.report.lockedText', { plan: tier })}
          </p>
          <SeePlansLink className="w-fit text-[13px]" />
        </PopoverContent>
      </Popover>
    );
  }

  const path = performanceReportPath(portfolioId, simulationId, range);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    onError(null);
    try {
      await downloadFile(path, performanceReportFileName(range));
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <a
      href={`/api/v1${path}`}
      download
      aria-busy={pending || undefined}
      title={t('performance.report.hint', { range: t(`common:charts.range.long.${range}`) })}
      onClick={(event) => void download(event)}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
    >
      <Download aria-hidden="true" />
      {pending ? t('performance.report.downloading') : label}
    </a>
  );
}
