import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  Plus,
  Trash2,
} from 'lucide-react';
import { DataErrorCard } from '@/web/components/errors/error-card';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { can } from '@/contracts/portfolios';
import {
  statusChangeMovesLedger,
  type Transaction,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  TRANSACTIONS_PAGE_SIZE,
} from '@/contracts/transactions';
import { ApiErrorAlert, useErrorText } from '@/web/components/ui/api-error-alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { ClampText } from '@/web/components/ui/clamp-text';
import { Card } from '@/web/components/ui/card';
import { DateField } from '@/web/components/ui/date-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/select';
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
import { cn } from '@/web/lib/cn';
import { isIsoDate } from '@/web/lib/date-input';
import type { Currency } from '@/web/lib/format';
import { useFormatters } from '@/web/lib/preferences';
import { hashTargetId, useHashTarget } from '@/web/lib/use-hash-target';
import {
  type ListFilters,
  useDeleteTransaction,
  useScope,
  useScopeHoldings,
  useTotals,
  useTransactions,
  useUpdateTransaction,
} from '../api/transactions';
import { TransactionDialog } from '../components/transaction-dialog';

const FILTER_KEYS = ['type', 'assetId', 'from', 'to', 'minAmount', 'maxAmount'] as const;
const SORTABLE = ['settlementDate', 'tradeDate', 'amount', 'quantity', 'price'] as const;

/** The list's state lives in the URL (?type=&from=...&sort=&order=&page=), next to ?portfolio=&sim=. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const filters: ListFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const sort = params.get('sort');
  const order = params.get('order');
  if (sort) filters.sort = sort;
  if (order) filters.order = order;
  const page = Number(params.get('page') ?? '1');
  if (page > 1) filters.page = page;
  const update = (changes: Record<string, string | null>, keepPage = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, update };
}

function DeleteDialog({ transaction, onClose }: { transaction: Transaction; onClose: () => void }) {
  const { t } = useTranslation('ledger');
  const remove = useDeleteTransaction();
  return (
    <AlertDialog open onOpenChange={(open) => (open ? null : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('delete.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {transaction.transactionType === 'sell' ? t('delete.sell') : t('delete.description')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ApiErrorAlert error={remove.error} />
        <AlertDialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button
            change
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(transaction.id, {
                onSuccess: () => {
                  toast.success(t('toasts.deleted'));
                  onClose();
                },
              })
            }
          >
            {t('delete.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * A status change that takes the transaction out of the ledger or back in (to or from cancelled)
 * asks first and says what it recomputes; completed <-> pending applies at once.
 */
function StatusSelect({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('ledger');
  const format = useFormatters();
  const errorText = useErrorText();
  const update = useUpdateTransaction();
  const [asking, setAsking] = useState<TransactionStatus | null>(null);
  const apply = (status: TransactionStatus) =>
    update.mutate(
      { id: transaction.id, body: { status } },
      {
        onSuccess: () => {
          setAsking(null);
          toast.success(t('toasts.updated'));
        },
        onError: (error) => {
          setAsking(null);
          toast.error(errorText(error));
        },
      },
    );
  const asset = transaction.assetSymbol ?? transaction.assetName;
  return (
    <>
      <NativeSelect
        change
        aria-label={t('table.statusOf', { name: transaction.assetName })}
        // As wide as its longest status in the language (no 'Exécut…'), never narrower.
        className="h-8 w-auto shrink-0 [&_select]:h-8 [&_select]:w-auto [&_select]:text-xs"
        value={transaction.status}
        disabled={update.isPending}
        onChange={(event) => {
          const status = event.target.value as TransactionStatus;
          if (statusChangeMovesLedger(transaction.status, status)) setAsking(status);
          else apply(status);
        }}
      >
        {TRANSACTION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`statuses.${status}`)}
          </option>
        ))}
      </NativeSelect>
      {asking ? (
        <AlertDialog open onOpenChange={(open) => (open ? null : setAsking(null))}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {asking === 'cancelled'
                  ? t('statusChange.cancelTitle')
                  : t('statusChange.restoreTitle')}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {t(asking === 'cancelled' ? 'statusChange.cancel' : 'statusChange.restore', {
                  type: t(`types.${transaction.transactionType}`),
                  asset,
                  date: format.date(transaction.tradeDate),
                })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('statusChange.keep')}</AlertDialogCancel>
              <Button
                change
                variant={asking === 'cancelled' ? 'destructive' : 'default'}
                disabled={update.isPending}
                onClick={() => apply(asking)}
              >
                {asking === 'cancelled'
                  ? t('statusChange.confirmCancel')
                  : t('statusChange.confirmRestore')}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : null}
    </>
  );
}

function Total({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular text-sm font-semibold">{value}</dd>
    </div>
  );
}

/** /transactions: filters, totals, the sortable and paged list, recording, status and deletion. */
export function TransactionsPage() {
  const { t } = useTranslation('ledger');
  const format = useFormatters();
  const { scope, portfolioId } = useScope();
  // A sale's tax estimate is worked out in the portfolio's base currency (each trade's rate to it):
  // shown in it, never labelled as euros it is not.
  const taxCurrency: Currency = scope.portfolio?.baseCurrency ?? 'EUR';
  const { filters, update } = useListParams();
  const list = useTransactions(filters);
  const target = useHashTarget('transaction', !!list.data?.transactions.length);
  const totals = useTotals(filters);
  const holdings = useScopeHoldings();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  const canEdit = can(scope.permission ?? undefined, 'edit');
  // ?new=1 (the installed app's "Add transaction" shortcut) opens the form, for those who may
  // record; closing it drops the parameter.
  const [params, setParams] = useSearchParams();
  const askedNew = params.get('new') === '1' && scope.status === 'ready' && canEdit;
  const setCreatingFromUrl = (open: boolean) => {
    setCreating(open);
    if (!open && params.has('new')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('new');
          return next;
        },
        { replace: true },
      );
    }
  };
  const title = t('title');
  useEffect(() => {
    document.title = `${title} · Cairn`;
  }, [title]);

  const page = filters.page ?? 1;
  const pages = totals.data
    ? Math.max(1, Math.ceil(totals.data.count / TRANSACTIONS_PAGE_SIZE))
    : null;
  const sort = filters.sort ?? 'settlementDate';
  const desc = (filters.order ?? 'desc') === 'desc';
  const money = (amount: string, currency: Currency) =>
    format.money(amount, { currency, decimals: true });
  // One line per currency (amounts of different currencies are never added), the user's first.
  const byCurrency = [...(totals.data?.byCurrency ?? [])].sort(
    (a, b) => Number(b.currency === format.currency) - Number(a.currency === format.currency),
  );

  /** A column's sort button: its label and the direction it sorts in. */
  const sortButton = (id: (typeof SORTABLE)[number], label: string) => {
    const active = sort === id;
    const Icon = active ? (desc ? ArrowDown : ArrowUp) : ArrowUpDown;
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() =>
          update({
            sort: id === 'settlementDate' ? null : id,
            order: active && desc ? 'asc' : null,
          })
        }
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
      </button>
    );
  };
  const header = (
    id: (typeof SORTABLE)[number] | string,
    label: string,
    numeric = false,
    secondary = false,
    phoneExtra?: ReactNode,
  ) => {
    const hide = secondary ? 'hidden sm:table-cell' : undefined;
    if (!(SORTABLE as readonly string[]).includes(id)) {
      return (
        <TableHead key={id} numeric={numeric} className={hide}>
          {label}
          {phoneExtra}
        </TableHead>
      );
    }
    const active = sort === id;
    return (
      <TableHead
        key={id}
        numeric={numeric}
        className={hide}
        aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined}
      >
        {sortButton(id as (typeof SORTABLE)[number], label)}
      </TableHead>
    );
  };

  const create = canEdit ? (
    <Button change onClick={() => setCreating(true)} disabled={!portfolioId}>
      <Plus aria-hidden="true" />
      {t('new')}
    </Button>
  ) : null;

  if (!portfolioId && scope.status !== 'loading') {
    return (
      <div className="grid gap-4">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <Card className="p-6 text-[13px]" role="status">
          {t('noPortfolio')}
        </Card>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          <p className="text-[13px] text-muted-foreground">{t('description')}</p>
        </div>
        {create}
      </header>

      <Card className="grid gap-3 p-3">
        <div
          // Columns of at least 9rem: as many as fit, also when the text is larger (rem grows).
          className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,9rem),1fr))] gap-2"
          role="search"
          aria-label={t('filters.label')}
        >
          <NativeSelect
            aria-label={t('filters.type')}
            value={filters.type ?? ''}
            onChange={(event) => update({ type: event.target.value || null })}
          >
            <option value="">{t('filters.allTypes')}</option>
            {TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label={t('filters.asset')}
            value={filters.assetId ?? ''}
            onChange={(event) => update({ assetId: event.target.value || null })}
          >
            <option value="">{t('filters.allAssets')}</option>
            {holdings.data?.map((holding) => (
              <option key={holding.id} value={holding.id}>
                {holding.symbol ?? holding.name}
              </option>
            ))}
          </NativeSelect>
          {(['from', 'to'] as const).map((key) => (
            <DateField
              key={key}
              aria-label={t(`filters.${key}`)}
              value={filters[key] ?? ''}
              // The list follows a whole date or an emptied field, not the keys on their way.
              onChange={(value) => {
                if (value === '' || isIsoDate(value)) update({ [key]: value || null });
              }}
            />
          ))}
          <Input
            inputMode="decimal"
            aria-label={t('filters.minAmount')}
            // Short enough for a phone's half-width column (the label says it in full).
            placeholder={t('filters.minAmountShort')}
            className="tabular"
            defaultValue={filters.minAmount ?? ''}
            onBlur={(event) => update({ minAmount: event.target.value.replace(',', '.') || null })}
          />
          <Input
            inputMode="decimal"
            aria-label={t('filters.maxAmount')}
            // Short enough for a phone's half-width column (the label says it in full).
            placeholder={t('filters.maxAmountShort')}
            className="tabular"
            defaultValue={filters.maxAmount ?? ''}
            onBlur={(event) => update({ maxAmount: event.target.value.replace(',', '.') || null })}
          />
        </div>
        {totals.data ? (
          <dl
            className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,8.5rem),1fr))] gap-3 border-t pt-3"
            data-testid="totals"
          >
            <Total label={t('totals.count')} value={format.number(totals.data.count)} />
            {(['bought', 'sold', 'income', 'fees'] as const).map((field) => (
              <Total
                key={field}
                label={t(`totals.${field}`)}
                value={
                  byCurrency.length === 0
                    ? '—'
                    : byCurrency.map((row) => (
                        <span key={row.currency} className="block">
                          {money(row[field], row.currency)}
                        </span>
                      ))
                }
              />
            ))}
          </dl>
        ) : (
          <Skeleton className="h-10" />
        )}
      </Card>

      <Card className="overflow-hidden p-0">
        {list.isPending ? (
          <div className="grid gap-2 p-4" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-9" />
            ))}
          </div>
        ) : list.isError ? (
          <DataErrorCard className="m-4" onRetry={() => void list.refetch()} />
        ) : list.data.transactions.length === 0 ? (
          <div className="grid justify-items-start gap-3 p-6 text-[13px]">
            <p className="text-muted-foreground">
              {Object.keys(filters).some((key) => (FILTER_KEYS as readonly string[]).includes(key))
                ? t('noMatch')
                : t('empty')}
            </p>
            {create}
          </div>
        ) : (
          <TableContainer tabIndex={0} aria-label={title}>
            <Table>
              <TableCaption>{title}</TableCaption>
              <TableHeader>
                <TableRow>
                  {/* Phones: the date goes under the asset, its sort button beside the asset's
                      heading; asset, amount and the pinned delete fit 390 px without scrolling. */}
                  {header('settlementDate', t('table.settlementDate'), false, true)}
                  {header('tradeDate', t('table.tradeDate'), false, true)}
                  {header('type', t('table.type'), false, true)}
                  {header(
                    'asset',
                    t('table.asset'),
                    false,
                    false,
                    <span className="sm:hidden">
                      <span aria-hidden="true"> · </span>
                      {sortButton('settlementDate', t('table.settlementDate'))}
                    </span>,
                  )}
                  {header('quantity', t('table.quantity'), true, true)}
                  {header('price', t('table.price'), true, true)}
                  {header('fees', t('table.fees'), true, true)}
                  {header('amount', t('table.amount'), true)}
                  {header('status', t('table.status'), false, true)}
                  {canEdit ? (
                    // Pinned to the right edge: reachable without scrolling sideways, whatever
                    // the width or the text size.
                    <TableHead className="sticky right-0 z-20 w-12 border-l">
                      <span className="sr-only">{t('table.actions')}</span>
                    </TableHead>
                  ) : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.data.transactions.map((row) => {
                  const currency = row.currency as Currency;
                  return (
                    <TableRow
                      key={row.id}
                      // A search result's destination (#transaction-<id>) is scrolled to and
                      // highlighted.
                      id={hashTargetId('transaction', row.id)}
                      data-target={target === row.id ? '' : undefined}
                      // A cancelled one reads as set aside (muted, its amount struck through) while
                      // keeping its text's contrast (no fading with opacity).
                      className={cn(
                        'scroll-mt-20 data-[target]:bg-primary/10',
                        row.status === 'cancelled' && 'text-muted-foreground',
                      )}
                    >
                      <TableCell className="tabular hidden whitespace-nowrap sm:table-cell">
                        {format.date(row.settlementDate)}
                      </TableCell>
                      <TableCell className="tabular hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                        {format.date(row.tradeDate)}
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <Badge
                          variant={
                            row.transactionType === 'sell'
                              ? 'warning'
                              : row.transactionType === 'buy'
                                ? 'secondary'
                                : 'outline'
                          }
                        >
                          {t(`types.${row.transactionType}`)}
                        </Badge>
                      </TableCell>
                      <TableCell className="w-full min-w-20 sm:min-w-32">
                        <ClampText
                          text={
                            row.assetSymbol ? `${row.assetSymbol} ${row.assetName}` : row.assetName
                          }
                        >
                          <span className={cn('font-medium', row.assetSymbol && 'mr-1')}>
                            {row.assetSymbol ?? row.assetName}
                          </span>
                          {/* A real space: the line may break between symbol and name. */}
                          {row.assetSymbol ? (
                            <>
                              {' '}
                              <span className="text-muted-foreground">{row.assetName}</span>
                            </>
                          ) : null}
                        </ClampText>
                        {/* Phones: the type and the settlement date go under the asset (their
                            columns are hidden). */}
                        <span className="tabular block text-xs text-muted-foreground sm:hidden">
                          {t(`types.${row.transactionType}`)} · {format.date(row.settlementDate)}
                        </span>
                      </TableCell>
                      <TableCell numeric className="hidden sm:table-cell">
                        {format.number(row.quantity, 8)}
                      </TableCell>
                      <TableCell numeric className="hidden sm:table-cell">
                        {money(row.price, currency)}
                      </TableCell>
                      <TableCell numeric className="hidden sm:table-cell">
                        {money(row.fees, currency)}
                      </TableCell>
                      <TableCell
                        numeric
                        className={cn(
                          'font-medium whitespace-nowrap',
                          row.status === 'cancelled' && 'line-through',
                        )}
                      >
                        {row.transactionType === 'sell' ||
                        row.transactionType === 'dividend' ||
                        row.transactionType === 'interest'
                          ? '+'
                          : row.transactionType === 'buy' || row.transactionType === 'fee'
                            ? '−'
                            : ''}
                        {money(row.amount, currency)}
                        {row.taxTotal ? (
                          // The tax line may wrap: only the amount itself stays on one line.
                          <div className="text-xs font-normal whitespace-normal text-muted-foreground">
                            {t('table.tax', {
                              amount: money(row.taxTotal.taxAmount, taxCurrency),
                            })}
                          </div>
                        ) : null}
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap sm:table-cell">
                        {canEdit ? <StatusSelect transaction={row} /> : t(`statuses.${row.status}`)}
                      </TableCell>
                      {canEdit ? (
                        <TableCell className="sticky right-0 w-12 border-l bg-card text-right">
                          <Button
                            change
                            variant="ghost"
                            size="icon-sm"
                            aria-label={t('table.delete', { name: row.assetName })}
                            onClick={() => setDeleting(row)}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </TableCell>
                      ) : null}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {list.data && (page > 1 || list.data.hasMore) ? (
          <nav
            className="flex items-center justify-end gap-2 border-t p-2 text-[13px]"
            aria-label={t('paging.label')}
          >
            <span className="tabular text-muted-foreground">
              {pages ? t('paging.pageOf', { page, pages }) : t('paging.page', { page })}
            </span>
            <Button
              variant="outline"
              size="icon-sm"
              aria-label={t('paging.previous')}
              disabled={page <= 1}
              onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null }, true)}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="icon-sm"
              aria-label={t('paging.next')}
              disabled={!list.data.hasMore}
              onClick={() => update({ page: String(page + 1) }, true)}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        ) : null}
      </Card>
      <TransactionDialog open={creating || askedNew} onOpenChange={setCreatingFromUrl} />
      {deleting ? <DeleteDialog transaction={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
