import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FlaskConical, Pencil, Play, Star, Trash2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { can, type Portfolio, type Simulation } from '@/contracts/portfolios';
import { DEFAULT_PERFORMANCE_RANGE } from '@/contracts/valuation';
import { dec } from '@/domain/money/decimal';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Alert } from '@/web/components/ui/alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
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
import { portfolioScopedKeys, useActiveScope } from '@/web/lib/active-scope';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { usePerformance } from '@/web/lib/performance';
import { useFormatters } from '@/web/lib/preferences';
import { useRealtime } from '@/web/lib/realtime';
import { portfolioKeys, usePortfolio, useSimulationStats } from '../api/queries';
import { PortfolioBadges } from '../components/portfolio-badges';
import { usePortfolioDialogs } from '../components/portfolio-dialogs-context';
import { PerformanceSection } from '../components/performance-section';
import { ShareForm } from '../components/share-form';
import { SharesTable } from '../components/shares-table';
import { SIMULATION_THEME_STYLES } from '../lib/simulation-themes';
import { useDocumentTitle } from '../lib/use-document-title';

function StatCells({ simulation }: { simulation: Simulation }) {
  const { t } = useTranslation('portfolios');
  const format = useFormatters();
  const stats = useSimulationStats(simulation.id);
  // Its holdings' value from the valuation its own pages show (closes, rates, value history), so
  // the figures agree: the simulation's value less its cash.
  const performance = usePerformance(
    simulation.portfolioId,
    simulation.id,
    DEFAULT_PERFORMANCE_RANGE,
  );
  if (stats.isPending) {
    return (
      <>
        {[0, 1, 2, 3].map((i) => (
          <TableCell key={i} numeric>
            <Skeleton className="ml-auto h-4 w-12" />
          </TableCell>
        ))}
      </>
    );
  }
  if (!stats.data) {
    return (
      <>
        {[0, 1, 2, 3].map((i) => (
          <TableCell key={i} numeric className="text-muted-foreground">
            —
          </TableCell>
        ))}
      </>
    );
  }
  const valued = performance.data;
  return (
    <>
      <TableCell numeric>{format.number(stats.data.totalAssets, 0)}</TableCell>
      <TableCell numeric>{format.number(stats.data.totalTransactions, 0)}</TableCell>
      <TableCell numeric className="font-medium" data-testid="simulation-holdings-value">
        {valued ? (
          <>
            {format.money(
              dec(valued.value)
                .minus(valued.cash ?? '0')
                .toFixed(2),
              {
                currency: valued.currency,
                decimals: true,
              },
            )}
            {valued.unpriced.length ? (
              <span className="block text-xs font-normal text-muted-foreground">
                {t('detail.notValued', { count: valued.unpriced.length })}
              </span>
            ) : null}
          </>
        ) : performance.isError ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <Skeleton className="ml-auto h-4 w-16" />
        )}
      </TableCell>
      <TableCell numeric>
        {format.money(simulation.cash, { currency: simulation.cashCurrency, decimals: true })}
      </TableCell>
    </>
  );
}

function SimulationsSection({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation('portfolios');
  const format = useFormatters();
  const scope = useActiveScope();
  const dialogs = usePortfolioDialogs();
  const manage = can(portfolio.permissionLevel, 'manageSimulations');

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t('detail.simulations')}</CardTitle>
          <CardDescription>{t('detail.simulationsHint')}</CardDescription>
        </div>
        {manage ? (
          <Button
            change
            size="sm"
            onClick={() =>
              dialogs.open({
                kind: 'create-simulation',
                portfolioId: portfolio.id,
                fixed: true,
              })
            }
          >
            <FlaskConical aria-hidden="true" />
            {t('detail.newSimulation')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {portfolio.simulations.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {manage ? t('detail.noSimulations') : t('detail.noSimulationsRead')}
          </p>
        ) : (
          <TableContainer className="rounded-lg border">
            <Table>
              <TableCaption>
                {t('detail.simulationsCaption', { name: portfolio.name })}
              </TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('detail.columns.name')}</TableHead>
                  <TableHead numeric>{t('detail.columns.assets')}</TableHead>
                  <TableHead numeric>{t('detail.columns.transactions')}</TableHead>
                  <TableHead numeric>{t('detail.columns.value')}</TableHead>
                  <TableHead numeric>{t('detail.columns.cash')}</TableHead>
                  <TableHead>{t('detail.columns.created')}</TableHead>
                  <TableHead className="w-0">
                    <span className="sr-only">{t('detail.columns.actions')}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {portfolio.simulations.map((simulation) => {
                  const active = scope.simulation?.id === simulation.id;
                  return (
                    <TableRow key={simulation.id}>
                      <TableCell className="max-w-72 min-w-44">
                        <span className="flex items-center gap-2">
                          <span
                            aria-hidden="true"
                            className={cn(
                              'size-2.5 shrink-0 rounded-full',
                              SIMULATION_THEME_STYLES[simulation.backgroundTheme].dot,
                            )}
                          />
                          <span className="grid min-w-0">
                            <span className="truncate font-medium">{simulation.name}</span>
                            <span className="truncate text-xs text-muted-foreground">
                              {t(`themes.${simulation.backgroundTheme}.name`)}
                              {simulation.description ? ` · ${simulation.description}` : ''}
                            </span>
                          </span>
                        </span>
                      </TableCell>
                      <StatCells simulation={simulation} />
                      <TableCell className="tabular whitespace-nowrap">
                        {format.date(simulation.createdAt)}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        <span className="flex justify-end gap-1">
                          {active ? (
                            <Badge variant="success">{t('detail.activeSimulation')}</Badge>
                          ) : (
                            <Button
                              variant="outline"
                              size="sm"
                              onClick={() =>
                                scope.switchSimulation(simulation.id, { portfolioId: portfolio.id })
                              }
                              aria-label={t('detail.openSimulation', { name: simulation.name })}
                            >
                              <Play aria-hidden="true" />
                              {t('detail.open')}
                            </Button>
                          )}
                          {can(simulation.permissionLevel, 'manageSimulations') ? (
                            <>
                              <Button
                                change
                                variant="ghost"
                                size="icon-sm"
                                aria-label={t('switcher.editSimulation', { name: simulation.name })}
                                onClick={() =>
                                  dialogs.open({ kind: 'edit-simulation', simulation })
                                }
                              >
                                <Pencil aria-hidden="true" />
                              </Button>
                              <Button
                                change
                                variant="ghost"
                                size="icon-sm"
                                className="text-destructive hover:text-destructive"
                                aria-label={t('detail.deleteSimulation', { name: simulation.name })}
                                onClick={() =>
                                  dialogs.open({ kind: 'delete-simulation', simulation })
                                }
                              >
                                <Trash2 aria-hidden="true" />
                              </Button>
                            </>
                          ) : null}
                        </span>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

function SharingSection({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation('portfolios');
  if (!can(portfolio.permissionLevel, 'share')) {
    const owner = portfolio.owner?.displayName || portfolio.owner?.email || '';
    return (
      <Alert tone="info" title={t('detail.sharedWithYou', { owner })}>
        {portfolio.permissionLevel === 'edit' ? t('detail.youCanEdit') : t('detail.youCanView')}
      </Alert>
    );
  }
  return (
    <Card id="sharing" className="scroll-mt-28">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-4" />
          {t('sharing.title')}
        </CardTitle>
        <CardDescription>{t('sharing.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ShareForm portfolio={portfolio} />
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('sharing.listTitle')}</h3>
          <SharesTable portfolio={portfolio} />
        </div>
      </CardContent>
    </Card>
  );
}

function PageSkeleton() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-busy="true">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-56 w-full rounded-xl" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </div>
  );
}

/** /portfolio/:portfolioId: details, simulations with their figures, and sharing for the owner. */
export function PortfolioPage() {
  const { t } = useTranslation('portfolios');
  const { portfolioId = '' } = useParams();
  const queryClient = useQueryClient();
  const portfolio = usePortfolio(portfolioId);
  const scope = useActiveScope();
  const dialogs = usePortfolioDialogs();
  useDocumentTitle(portfolio.data?.name ?? t('detail.title'));
  useRealtime(portfolioId ? `portfolio:${portfolioId}` : null, () => {
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    // Its performance too (it lives in the portfolio's scope).
    void queryClient.invalidateQueries({ queryKey: portfolioScopedKeys.portfolio(portfolioId) });
  });

  const back = (
    <Link
      to="/portfolio-management"
      className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('detail.back')}
    </Link>
  );

  // Until the active scope is known the page cannot tell the real view from a simulation's.
  if (portfolio.isPending || scope.status === 'loading') return <PageSkeleton />;
  // A refused refetch (access removed, portfolio deleted) must not leave the old copy on screen.
  const refused = portfolio.error instanceof ApiError && portfolio.error.isClientError;
  if (!portfolio.data || refused) {
    return (
      <div className="mx-auto grid max-w-2xl grid-cols-[minmax(0,1fr)] gap-4">
        {back}
        <h1 className="text-xl font-semibold tracking-tight">{t('detail.unavailableTitle')}</h1>
        <ApiErrorAlert error={portfolio.error} />
        <p className="text-sm text-muted-foreground">{t('detail.unavailableHint')}</p>
      </div>
    );
  }

  const p = portfolio.data;
  const active = scope.portfolio?.id === p.id;
  // While one of its simulations is active, the page shows that simulation's figures.
  const simulation = active ? scope.simulation : null;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      {back}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <h1 className="truncate text-xl font-semibold tracking-tight">{p.name}</h1>
          <PortfolioBadges portfolio={p} />
          <p className="text-sm text-muted-foreground">
            {p.description || t('management.noDescription')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {active ? null : (
            <Button variant="outline" onClick={() => scope.switchPortfolio(p.id)}>
              <Star aria-hidden="true" />
              {t('management.makeActive')}
            </Button>
          )}
          {can(p.permissionLevel, 'edit') && p.isOwner ? (
            <Button
              change
              variant="outline"
              onClick={() => dialogs.open({ kind: 'edit-portfolio', portfolio: p })}
            >
              <Pencil aria-hidden="true" />
              {t('management.edit')}
            </Button>
          ) : null}
          {can(p.permissionLevel, 'delete') ? (
            <Button
              change
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => dialogs.open({ kind: 'delete-portfolio', portfolio: p })}
            >
              <Trash2 aria-hidden="true" />
              {t('management.delete')}
            </Button>
          ) : null}
        </div>
      </header>
      <PerformanceSection
        key={simulation?.id ?? 'real'}
        portfolioId={p.id}
        simulationId={simulation?.id ?? null}
        name={simulation?.name ?? p.name}
      />
      <SimulationsSection portfolio={p} />
      <SharingSection portfolio={p} />
    </div>
  );
}
