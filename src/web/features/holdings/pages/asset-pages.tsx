import { ArrowDown, ArrowUp, ArrowUpDown, Plus } from 'lucide-react';
import { DataErrorCard } from '@/web/components/errors/error-card';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { can } from '@/contracts/portfolios';
import {
  type CategoryTotals,
  type ConvertedTotals,
  type Holding,
  HOLDING_CLASSES,
  type HoldingClass,
} from '@/contracts/holdings';
import type { Currency } from '@/contracts/settings';
import { ChangeIndicator } from '@/web/components/finance/change-indicator';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormatters } from '@/web/lib/preferences';
import { useHoldings, useScopeIds, useSummary } from '../api/holdings';
import { UnpricedNotice } from '@/web/components/performance/figures';
import { AddHoldingDialog } from '../components/add-holding-dialog';
import {
  HoldingPerformanceProvider,
  rowFiguresOf,
  useScopePerformance,
} from '../components/holding-performance';
import { HoldingsTable } from '../components/holdings-table';
import { CLASS_PATHS, PAGE_CLASSES } from '../lib/classes';
import { type HoldingSort, type HoldingSortKey, sortHoldings } from '../lib/sort-holdings';

function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Cairn`;
  }, [title]);
}

/** Scope-scoped query string (?portfolio=&sim=) for links that stay in the active scope. */
function useScopeSearch() {
  const [params] = useSearchParams();
  const next = new URLSearchParams();
  for (const key of ['portfolio', 'sim']) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

function PageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="text-[13px] text-muted-foreground">{description}</p>
      </div>
      {action}
    </header>
  );
}

function TableSkeleton() {
  return (
    <div className="grid gap-2 p-4" aria-busy="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-9" />
      ))}
    </div>
  );
}

function NoPortfolio() {
  const { t } = useTranslation('holdings');
  return (
    <Card className="p-6 text-[13px]" role="status">
      {t('noPortfolio')}
    </Card>
  );
}

/** One class's page: its holdings with their own columns, add, edit and delete. */
export function AssetClassPage({ holdingClass }: { holdingClass: HoldingClass }) {
  const { t } = useTranslation('holdings');
  const { scope, portfolioId } = useScopeIds();
  const holdings = useHoldings(holdingClass);
  const performance = useScopePerformance();
  const [adding, setAdding] = useState(false);
  const canEdit = can(scope.permission ?? undefined, 'edit');
  useTitle(t(`pages.${holdingClass}.title`));

  const add = canEdit ? (
    <Button change onClick={() => setAdding(true)} disabled={!portfolioId}>
      <Plus aria-hidden="true" />
      {t(`add.button.${holdingClass}`)}
    </Button>
  ) : null;

  return (
    <div className="grid gap-4">
      <PageHeader
        title={t(`pages.${holdingClass}.title`)}
        description={t(`pages.${holdingClass}.description`)}
        action={add}
      />
      {performance.data && holdings.data ? (
        <UnpricedNotice
          items={performance.data.unpriced.filter((item) =>
            holdings.data.some((holding) => holding.id === item.holdingId),
          )}
        />
      ) : null}
      {!portfolioId && scope.status !== 'loading' ? (
        <NoPortfolio />
      ) : (
        <Card className="overflow-hidden p-0">
          {holdings.isPending ? (
            <TableSkeleton />
          ) : holdings.isError ? (
            <DataErrorCard className="m-4" onRetry={() => void holdings.refetch()} />
          ) : holdings.data.length === 0 ? (
            <div className="grid justify-items-start gap-3 p-6 text-[13px]">
              <p className="text-muted-foreground">{t(`pages.${holdingClass}.empty`)}</p>
              {add}
            </div>
          ) : (
            <HoldingPerformanceProvider value={performance}>
              <HoldingsTable
                holdings={holdings.data}
                holdingClass={holdingClass}
                canEdit={canEdit}
                caption={t(`pages.${holdingClass}.title`)}
              />
            </HoldingPerformanceProvider>
          )}
        </Card>
      )}
      {/* Mounted when opened: it starts in the active portfolio's currency, whichever it is then. */}
      {adding ? (
        <AddHoldingDialog holdingClass={holdingClass} open onOpenChange={setAdding} />
      ) : null}
    </div>
  );
}

export const MarketPage = () => <AssetClassPage holdingClass="market" />;
export const CryptoPage = () => <AssetClassPage holdingClass="crypto" />;
export const RealEstatePage = () => <AssetClassPage holdingClass="real_estate" />;
export const CrowdfundingPage = () => <AssetClassPage holdingClass="crowdfunding" />;
export const SavingsPage = () => <AssetClassPage holdingClass="savings" />;

/** Category totals: one card per class, a line per currency (the spec's category aggregation). */
function CategoryCards({
  categories,
  currency: base,
}: {
  categories: CategoryTotals[];
  /** The portfolio's currency: its line comes first in each card. */
  currency: string;
}) {
  const { t } = useTranslation('holdings');
  const format = useFormatters();
  const search = useScopeSearch();
  const first = (code: string) => (code === base ? '' : code);
  const byClass = HOLDING_CLASSES.map((holdingClass) => ({
    holdingClass,
    rows: categories
      .filter((row) => row.class === holdingClass)
      .sort((a, b) => first(a.currency).localeCompare(first(b.currency))),
  })).filter((group) => group.rows.length > 0);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('overview.categories')}>
      {byClass.map(({ holdingClass, rows }) => (
        <li key={holdingClass}>
          <Card className="grid gap-2 p-4" data-testid={`category-${holdingClass}`}>
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="text-sm font-semibold">
                {holdingClass === 'generic' ? (
                  t(`classes.${holdingClass}`)
                ) : (
                  <Link className="hover:underline" to={`${CLASS_PATHS[holdingClass]}${search}`}>
                    {t(`classes.${holdingClass}`)}
                  </Link>
                )}
              </h2>
              <span className="tabular text-xs text-muted-foreground">
                {t('overview.items', { count: rows.reduce((sum, row) => sum + row.itemCount, 0) })}
              </span>
            </div>
            {rows.map((row) => {
              const currency = row.currency as Currency;
              // The server's gain, rounded once from the exact sums: the same cent as a row's.
              const gainValue = Number(row.totalGain);
              // Nothing of this line could be valued: no figure rather than a zero.
              const none = row.unvaluedCount === row.itemCount;
              const dash = <span className="text-muted-foreground">—</span>;
              return (
                <div key={row.currency} className="grid gap-1">
                  <dl className="grid grid-cols-3 gap-2 text-[13px] [&_dd]:whitespace-nowrap">
                    <div>
                      <dt className="text-xs text-muted-foreground">{t('overview.value')}</dt>
                      <dd className="tabular font-semibold">
                        {none ? dash : format.money(row.totalValue, { currency, decimals: true })}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">{t('overview.cost')}</dt>
                      <dd className="tabular">
                        {none ? dash : format.money(row.totalCost, { currency, decimals: true })}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">{t('overview.gain')}</dt>
                      <dd>
                        {none ? (
                          dash
                        ) : (
                          <ChangeIndicator
                            value={gainValue}
                            label={format.money(row.totalGain, {
                              currency,
                              decimals: true,
                              signed: true,
                            })}
                          />
                        )}
                      </dd>
                    </div>
                  </dl>
                  {row.unvaluedCount > 0 ? (
                    <p className="text-xs text-muted-foreground" role="note">
                      {t('overview.unvalued', { count: row.unvaluedCount })}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * The view's total in the portfolio's base currency: each currency converted with its published
 * rate, never added one for one; a currency without a rate is shown apart, in its own currency.
 */
function ConvertedTotal({
  totals,
  simulation,
}: {
  totals: ConvertedTotals;
  /** In a simulation: its cash and its whole value (the performance answer's, same currency). */
  simulation: { cash: string; value: string; currency: Currency } | null;
}) {
  const { t } = useTranslation('holdings');
  const format = useFormatters();
  const money = (amount: string, currency: Currency) =>
    format.money(amount, { currency, decimals: true });
  return (
    <Card className="grid gap-1 p-4 text-[13px]" data-testid="converted-total">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold">
          {t('overview.total', { currency: totals.currency })}
        </h2>
        <span className="tabular text-base font-semibold">
          {money(totals.totalValue, totals.currency)}
        </span>
      </div>
      {simulation ? (
        <p className="text-muted-foreground" data-testid="simulation-total">
          {t('overview.withCash', {
            cash: money(simulation.cash, simulation.currency),
            value: money(simulation.value, simulation.currency),
          })}
        </p>
      ) : null}
      {totals.rates.length ? (
        <p className="text-muted-foreground">
          {t('overview.convertedWith', {
            rates: totals.rates
              .map(
                (rate) => `1 ${rate.currency} = ${format.number(rate.rate, 6)} ${totals.currency}`,
              )
              .join(', '),
          })}
        </p>
      ) : null}
      {totals.unconverted.length ? (
        <p className="text-muted-foreground" role="note">
          {t('overview.unconverted', {
            amounts: totals.unconverted
              .map((row) => money(row.totalValue, row.currency as Currency))
              .join(', '),
          })}
        </p>
      ) : null}
    </Card>
  );
}

/** Everything the scope holds: category totals, then one sortable, filterable list. */
export function AssetsOverviewPage() {
  const { t } = useTranslation('holdings');
  const { scope, portfolioId } = useScopeIds();
  const summary = useSummary();
  const holdings = useHoldings();
  const performance = useScopePerformance();
  const [filter, setFilter] = useState<HoldingClass | ''>('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<HoldingSort>({ key: 'value', desc: true });
  const [adding, setAdding] = useState<HoldingClass | null>(null);
  const canEdit = can(scope.permission ?? undefined, 'edit');
  const { currency: ownCurrency } = useFormatters();
  const totals = summary.data?.totals;
  useTitle(t('pages.overview.title'));

  const rows = useMemo(() => {
    const words = query.trim().toLowerCase();
    const list = (holdings.data ?? []).filter(
      (holding: Holding) =>
        (!filter || holding.class === filter) &&
        (!words || `${holding.name} ${holding.symbol ?? ''}`.toLowerCase().includes(words)),
    );
    // Value and gain by their amount in one currency (the valuation's, else the total's rates).
    return sortHoldings(list, sort, {
      totals,
      ownCurrency,
      figures: (holding) => rowFiguresOf(holding, performance),
    });
  }, [holdings.data, filter, query, sort, totals, ownCurrency, performance]);

  const sortable = new Set(['name', 'class', 'value', 'gain']);
  const header = (id: string, label: string) => {
    if (!sortable.has(id)) return label;
    const active = sort.key === id;
    const Icon = active ? (sort.desc ? ArrowDown : ArrowUp) : ArrowUpDown;
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() =>
          setSort({
            key: id as HoldingSortKey,
            desc: active ? !sort.desc : id !== 'name' && id !== 'class',
          })
        }
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
        {active ? (
          <span className="sr-only">
            {t(sort.desc ? 'overview.sortedDesc' : 'overview.sortedAsc')}
          </span>
        ) : null}
      </button>
    );
  };

  const limits = summary.data?.limits;
  return (
    <div className="grid gap-4">
      <PageHeader
        title={t('pages.overview.title')}
        description={t('pages.overview.description')}
        action={
          canEdit && portfolioId ? (
            <div className="flex flex-wrap items-center gap-2">
              <NativeSelect
                change
                aria-label={t('overview.addKind')}
                value=""
                onChange={(event) => setAdding((event.target.value || null) as HoldingClass | null)}
              >
                <option value="">{t('overview.addAsset')}</option>
                {[...PAGE_CLASSES, 'generic' as const].map((holdingClass) => (
                  <option key={holdingClass} value={holdingClass}>
                    {t(`classes.${holdingClass}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null
        }
      />
      {!portfolioId && scope.status !== 'loading' ? (
        <NoPortfolio />
      ) : (
        <>
          {limits ? (
            <p className="tabular text-[13px] text-muted-foreground" data-testid="tier-usage">
              {limits.assetLimit === null
                ? t('overview.usageUnlimited', {
                    count: limits.assetCount,
                    plan: t(`plans.${limits.tier}`),
                  })
                : t('overview.usage', {
                    count: limits.assetCount,
                    limit: limits.assetLimit,
                    plan: t(`plans.${limits.tier}`),
                  })}
            </p>
          ) : null}
          {performance.data ? <UnpricedNotice items={performance.data.unpriced} /> : null}
          {summary.isPending ? (
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-28 rounded-xl" />
              ))}
            </div>
          ) : summary.isError ? (
            <DataErrorCard onRetry={() => void summary.refetch()} />
          ) : summary.data.categories.length ? (
            <>
              {summary.data.totals ? (
                <ConvertedTotal
                  totals={summary.data.totals}
                  simulation={
                    performance.data && performance.data.cash !== null
                      ? {
                          cash: performance.data.cash,
                          value: performance.data.value,
                          currency: performance.data.currency,
                        }
                      : null
                  }
                />
              ) : null}
              <CategoryCards
                categories={summary.data.categories}
                currency={summary.data.totals?.currency ?? ''}
              />
            </>
          ) : null}
          <Card className="overflow-hidden p-0">
            <div className="flex flex-wrap items-center gap-2 border-b p-3">
              <Input
                type="search"
                aria-label={t('overview.search')}
                placeholder={t('overview.search')}
                className="h-8 w-full sm:max-w-64"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
              <NativeSelect
                aria-label={t('overview.filter')}
                value={filter}
                onChange={(event) => setFilter(event.target.value as HoldingClass | '')}
              >
                <option value="">{t('overview.allClasses')}</option>
                {HOLDING_CLASSES.map((holdingClass) => (
                  <option key={holdingClass} value={holdingClass}>
                    {t(`classes.${holdingClass}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {holdings.isPending ? (
              <TableSkeleton />
            ) : holdings.isError ? (
              <DataErrorCard className="m-4" onRetry={() => void holdings.refetch()} />
            ) : holdings.data.length === 0 ? (
              <p className="p-6 text-[13px] text-muted-foreground">{t('pages.overview.empty')}</p>
            ) : rows.length === 0 ? (
              <p className="p-6 text-[13px] text-muted-foreground">{t('overview.noMatch')}</p>
            ) : (
              <HoldingPerformanceProvider value={performance}>
                <HoldingsTable
                  holdings={rows}
                  holdingClass="all"
                  canEdit={canEdit}
                  caption={t('pages.overview.title')}
                  header={header}
                />
              </HoldingPerformanceProvider>
            )}
          </Card>
        </>
      )}
      {adding ? (
        <AddHoldingDialog
          key={adding}
          holdingClass={adding}
          open
          onOpenChange={(open) => (open ? null : setAdding(null))}
        />
      ) : null}
    </div>
  );
}
