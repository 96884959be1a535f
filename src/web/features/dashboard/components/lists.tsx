import { ArrowRight, CalendarClock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { DashboardResponse } from '@/contracts/valuation';
import { dec } from '@/domain/money/decimal';
import { MoneyChange, asPercent } from '@/web/components/performance/figures';
import { ChangeIndicator } from '@/web/components/finance/change-indicator';
import { Badge } from '@/web/components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
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
import { withScopeParams } from '@/web/lib/scope-params';
import { moneyIn } from './money-in';

function ListCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3 pb-3">
        <div className="grid gap-1">
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed px-4 py-6 text-center text-[13px] text-muted-foreground">
      {children}
    </p>
  );
}

function HoldingName({ symbol, name }: { symbol: string | null; name: string }) {
  return (
    <span className="grid min-w-0">
      {symbol ? <span className="truncate font-semibold">{symbol}</span> : null}
      <span
        title={name}
        className={symbol ? 'truncate text-xs text-muted-foreground' : 'truncate font-medium'}
      >
        {name}
      </span>
    </span>
  );
}

/** The holdings that moved most today, in the dashboard's currency. */
export function TopMovers({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  return (
    <ListCard title={t('movers.title')}>
      {data.topMovers.length === 0 ? (
        <Empty>{t('movers.empty')}</Empty>
      ) : (
        <Table>
          <TableCaption>{t('movers.caption')}</TableCaption>
          <TableHeader className="static">
            <TableRow>
              <TableHead>{t('movers.name')}</TableHead>
              <TableHead numeric>{t('movers.change')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.topMovers.map((mover) => (
              <TableRow key={`${mover.portfolioId}-${mover.holdingId}`}>
                <TableCell className="max-w-0 w-full">
                  <HoldingName symbol={mover.symbol} name={mover.name} />
                </TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  <MoneyChange
                    amount={mover.dayChange}
                    ratio={mover.dayChangePercent}
                    currency={data.currency}
                    className="justify-end"
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ListCard>
  );
}

/** The last transactions, each amount in the transaction's own currency. */
export function RecentActivity({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const { search } = useLocation();
  return (
    <ListCard
      title={t('activity.title')}
      action={
        <Link
          to={withScopeParams('/transactions', search)}
          className="inline-flex items-center gap-1 rounded-sm text-[13px] font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('activity.all')}
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      }
    >
      {data.recentTransactions.length === 0 ? (
        <Empty>{t(data.simulation ? 'simulation.noActivity' : 'activity.empty')}</Empty>
      ) : (
        <ul className="divide-y text-[13px]" aria-label={t('activity.caption')}>
          {data.recentTransactions.map((tx) => {
            const total = dec(tx.quantity).times(tx.price).toFixed(2);
            return (
              <li key={tx.id} className="flex items-start justify-between gap-3 py-2.5">
                <span className="grid min-w-0">
                  <span className="truncate font-medium" title={tx.holdingName}>
                    {tx.holdingName}
                  </span>
                  <span className="tabular truncate text-xs text-muted-foreground">
                    {format.date(tx.tradeDate)} ·{' '}
                    {t('activity.line', {
                      type: t(`activity.types.${tx.type}`, { defaultValue: tx.type }),
                      quantity: format.number(tx.quantity, 8),
                      price: moneyIn(format, tx.price, tx.currency),
                    })}
                  </span>
                </span>
                <span className="tabular shrink-0 text-right font-medium">
                  {moneyIn(format, total, tx.currency)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </ListCard>
  );
}

/** The savings page of a maturity's portfolio, in the simulation the dashboard shows, if any. */
function savingsPath(portfolioId: string, simulationId: string | null) {
  const params = new URLSearchParams({ portfolio: portfolioId });
  if (simulationId) params.set('sim', simulationId);
  return `/assets/savings?${params.toString()}`;
}

/** Savings accounts that reach their maturity date soon, balance in the account's currency. */
export function UpcomingMaturities({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  return (
    <ListCard title={t('maturities.title')}>
      {data.upcomingMaturities.length === 0 ? (
        <Empty>{t('maturities.empty')}</Empty>
      ) : (
        <ul className="divide-y text-[13px]" aria-label={t('maturities.caption')}>
          {data.upcomingMaturities.map((item) => (
            <li key={item.holdingId} className="flex items-start justify-between gap-3 py-2.5">
              <span className="flex min-w-0 items-start gap-2">
                <CalendarClock
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                />
                <span className="grid min-w-0">
                  <Link
                    to={savingsPath(item.portfolioId, data.simulation?.id ?? null)}
                    className="truncate rounded-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {item.name}
                  </Link>
                  <span className="tabular text-xs text-muted-foreground">
                    {t('maturities.due', { date: format.date(item.maturityDate) })}
                  </span>
                </span>
              </span>
              <span className="tabular shrink-0 font-medium">
                {moneyIn(format, item.balance, item.currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

/** The user's own portfolios: value (converted), today's change and return over the range. */
export function PortfoliosCard({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  if (data.portfolios.length === 0) return null;
  return (
    <ListCard title={t('portfolios.title')}>
      <Table>
        <TableCaption>{t('portfolios.caption', { currency: data.currency })}</TableCaption>
        <TableHeader className="static">
          <TableRow>
            <TableHead>{t('portfolios.name')}</TableHead>
            <TableHead numeric>{t('portfolios.value')}</TableHead>
            <TableHead numeric className="hidden sm:table-cell">
              {t('portfolios.dayChange')}
            </TableHead>
            <TableHead numeric>{t('portfolios.twr')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.portfolios.map((portfolio) => (
            <TableRow key={portfolio.id}>
              <TableCell className="max-w-0 w-full">
                <span className="grid min-w-0">
                  <Link
                    to={`/portfolio/${portfolio.id}`}
                    className="truncate rounded-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {portfolio.name}
                  </Link>
                  {portfolio.baseCurrency !== data.currency ? (
                    <span className="text-xs text-muted-foreground">
                      {t('portfolios.base', { currency: portfolio.baseCurrency })}
                    </span>
                  ) : null}
                </span>
              </TableCell>
              <TableCell numeric className="whitespace-nowrap font-medium">
                {format.money(portfolio.value, { currency: data.currency, decimals: true })}
              </TableCell>
              <TableCell numeric className="hidden whitespace-nowrap sm:table-cell">
                <MoneyChange
                  amount={portfolio.dayChange}
                  currency={data.currency}
                  className="justify-end"
                />
              </TableCell>
              <TableCell numeric className="whitespace-nowrap">
                {portfolio.twr === null ? (
                  <span className="text-muted-foreground">—</span>
                ) : (
                  <ChangeIndicator
                    value={portfolio.twr}
                    label={format.percent(asPercent(portfolio.twr), { decimals: 2, signed: true })}
                    className="justify-end"
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ListCard>
  );
}

/** Portfolios others share with the user: listed apart, never added to the net worth. */
export function SharedPortfoliosCard({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  if (data.sharedPortfolios.length === 0) return null;
  return (
    <ListCard title={t('shared.title')} description={t('shared.hint')}>
      <ul className="divide-y text-[13px]" aria-label={t('shared.caption')}>
        {data.sharedPortfolios.map((portfolio) => (
          <li key={portfolio.id} className="flex items-start justify-between gap-3 py-2.5">
            <span className="flex min-w-0 items-start gap-2">
              <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="grid min-w-0 gap-0.5">
                <Link
                  to={`/portfolio/${portfolio.id}`}
                  className="truncate rounded-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {portfolio.name}
                </Link>
                <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                  {portfolio.ownerName ? t('shared.owner', { owner: portfolio.ownerName }) : null}
                  <Badge variant="outline">{t(`shared.${portfolio.permission}`)}</Badge>
                </span>
              </span>
            </span>
            <span className="tabular shrink-0 font-medium">
              {format.money(portfolio.value, { currency: data.currency, decimals: true })}
            </span>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}
