import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FileUp, FlaskConical, Layers, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  DEFAULT_PERFORMANCE_RANGE,
  type DashboardResponse,
  type PerformanceRange,
} from '@/contracts/valuation';
import { ValueChart, ValueChartLegend } from '@/web/components/charts/value-chart';
import { DataErrorCard } from '@/web/components/errors/error-card';
import { UnpricedNotice } from '@/web/components/performance/figures';
import { PlanRangeToggle } from '@/web/components/plans/plan-range-toggle';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useOptionalActiveScope } from '@/web/lib/active-scope';
import { useLockedRanges } from '@/web/lib/plan';
import { withScopeParams } from '@/web/lib/scope-params';
import { TopGoalsCard } from '@/web/features/goals';
import { useSession } from '@/web/lib/session';
import { type DashboardView, dashboardKeys, useDashboard } from '../api/queries';
import { AllocationCard } from '../components/allocation-card';
import { DashboardSkeleton } from '../components/dashboard-skeleton';
import { CompleteProfileCard, GettingStartedCard } from '../components/getting-started';
import {
  PortfoliosCard,
  RecentActivity,
  SharedPortfoliosCard,
  TopMovers,
  UpcomingMaturities,
} from '../components/lists';
import { NetWorthCard, ReturnsCard } from '../components/net-worth';
import { holdsOnlyCash, isEmptyDashboard } from '../lib/labels';

/**
 * The most recent dashboard answer of any range of the same view (shown while another range
 * cannot load).
 */
function latestDashboard(
  queryClient: QueryClient,
  view: DashboardView,
): DashboardResponse | undefined {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: dashboardKeys.of(view) })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return queries[0]?.state.data as DashboardResponse | undefined;
}

/** No holdings yet: what to do, with the two ways to start. */
function EmptyState() {
  const { t } = useTranslation('dashboard');
  return (
    <section
      aria-labelledby="net-worth-title"
      className="rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center"
    >
      <span
        className="mx-auto flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground"
        aria-hidden="true"
      >
        <Layers className="size-5" />
      </span>
      <h2 id="net-worth-title" className="mt-4 text-base font-semibold">
        {t('empty.title')}
      </h2>
      <p className="mx-auto mt-1.5 max-w-md text-sm text-muted-foreground">{t('empty.text')}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">{t('empty.start')}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        <Button asChild size="sm">
          <Link to="/assets">
            <Plus aria-hidden="true" />
            {t('empty.add')}
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/import-export">
            <FileUp aria-hidden="true" />
            {t('empty.import')}
          </Link>
        </Button>
      </div>
    </section>
  );
}

/** A simulation that holds only its cash: what to do to try a scenario. */
function OnlyCashCard() {
  const { t } = useTranslation('dashboard');
  const { search } = useLocation();
  return (
    <section
      aria-labelledby="only-cash-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed bg-card/60 px-5 py-4"
    >
      <div className="grid gap-1">
        <h2 id="only-cash-title" className="text-sm font-semibold">
          {t('simulation.onlyCash.title')}
        </h2>
        <p className="max-w-xl text-[13px] text-muted-foreground">
          {t('simulation.onlyCash.text')}
        </p>
      </div>
      <Button asChild size="sm" change>
        <Link to={withScopeParams('/assets', search)}>
          <Plus aria-hidden="true" />
          {t('simulation.onlyCash.add')}
        </Link>
      </Button>
    </section>
  );
}

function ValueCard({
  data,
  range,
  onRangeChange,
  busy,
  failed,
  onRetry,
}: {
  data: DashboardResponse;
  range: PerformanceRange;
  onRangeChange: (range: PerformanceRange) => void;
  busy: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const toolbar = (
    <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
      <PlanRangeToggle value={range} onChange={onRangeChange} />
      <ValueChartLegend />
    </div>
  );
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle id="value-chart-title">{t('netWorth.chartTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        {failed ? (
          <div className="grid gap-3">
            {toolbar}
            <DataErrorCard onRetry={onRetry} className="max-w-none shadow-none" />
          </div>
        ) : (
          <ValueChart
            series={data.series}
            currency={data.currency}
            busy={busy}
            toolbar={toolbar}
            caption={t(data.simulation ? 'simulation.chartCaption' : 'netWorth.chartCaption', {
              range: t(`common:charts.range.long.${data.range}`),
            })}
          />
        )}
      </CardContent>
    </Card>
  );
}

function DashboardContent({
  data,
  range,
  onRangeChange,
  busy,
  rangeFailed,
  onRetry,
}: {
  data: DashboardResponse;
  range: PerformanceRange;
  onRangeChange: (range: PerformanceRange) => void;
  busy: boolean;
  rangeFailed: boolean;
  onRetry: () => void;
}) {
  if (!data.simulation && isEmptyDashboard(data)) {
    return (
      <>
        <EmptyState />
        <SharedPortfoliosCard data={data} />
      </>
    );
  }
  return (
    <>
      <UnpricedNotice items={data.unpriced} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)]">
        <NetWorthCard data={data} />
        <ReturnsCard data={data} />
      </div>
      {data.simulation && holdsOnlyCash(data) ? <OnlyCashCard /> : null}
      <ValueCard
        data={data}
        range={range}
        onRangeChange={onRangeChange}
        busy={busy}
        failed={rangeFailed}
        onRetry={onRetry}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <AllocationCard data={data} />
        <TopGoalsCard />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <TopMovers data={data} />
        <RecentActivity data={data} />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <UpcomingMaturities data={data} />
        <PortfoliosCard data={data} />
      </div>
      <SharedPortfoliosCard data={data} />
    </>
  );
}

/**
 * /dashboard: net worth and how it moved, value against contributions over a range, returns,
 * allocation, movers, activity, maturities and portfolios (own and shared apart); then the
 * account checklist. A profile without a name is asked to complete it first. While a simulation
 * is active, the same for that simulation alone: its holdings and its cash (issue 26).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const queryClient = useQueryClient();
  const scope = useOptionalActiveScope();
  const user = session.data?.user;
  const [picked, setRange] = useState<PerformanceRange>(DEFAULT_PERFORMANCE_RANGE);
  // A period the plan no longer opens (downgraded while here) falls back to the default.
  const range = useLockedRanges().includes(picked) ? DEFAULT_PERFORMANCE_RANGE : picked;
  const needsProfile = !!user && !user.fullName?.trim();
  const simulation = scope?.simulation ?? null;
  const portfolio = scope?.portfolio ?? null;
  const view: DashboardView =
    simulation && portfolio ? { portfolioId: portfolio.id, simulationId: simulation.id } : null;
  // Until the active scope is known, nothing is asked: real figures must not flash under a
  // simulation's banner (nor a simulation's under the real view).
  const scopeKnown = !scope || scope.status !== 'loading';
  const dashboard = useDashboard(range, !needsProfile && scopeKnown, view);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  if (needsProfile) return <CompleteProfileCard />;

  // A range that fails to load keeps the last answer on screen, with the error in the chart.
  const data =
    dashboard.data ?? (dashboard.isError ? latestDashboard(queryClient, view) : undefined);
  const retry = () => void dashboard.refetch();

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('heading')}</h1>
        {simulation && portfolio ? (
          <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
            <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {t('simulation.subheading', { name: simulation.name, portfolio: portfolio.name })}
            </span>
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">{t('subheading')}</p>
        )}
      </div>

      {data ? (
        <DashboardContent
          data={data}
          range={range}
          onRangeChange={setRange}
          busy={dashboard.isPlaceholderData}
          rangeFailed={dashboard.isError && !dashboard.data}
          onRetry={retry}
        />
      ) : dashboard.isError ? (
        <DataErrorCard onRetry={retry} />
      ) : (
        <DashboardSkeleton />
      )}

      <GettingStartedCard />
    </div>
  );
}
