import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Holding, HoldingClass } from '@/contracts/holdings';
import type { Currency } from '@/contracts/settings';
import { ChangeIndicator } from '@/web/components/finance/change-indicator';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { ClampText } from '@/web/components/ui/clamp-text';
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
import { type Formatters, useFormatters } from '@/web/lib/preferences';
import { hashTargetId, useHashTarget } from '@/web/lib/use-hash-target';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  DayChangeCell,
  LastPriceCell,
  type RowFigures,
  useRowFigures,
} from './holding-performance';
import { HoldingActions } from './holding-actions';
import { PriceChartCard } from './price-chart-card';
import { SavingsPanel } from './savings-panel';
import { ValueHistoryCard } from './value-history-card';
import { hasValueHistory } from '@/contracts/holding-valuations';
import { DEFAULT_PERFORMANCE_RANGE } from '@/contracts/valuation';

type Column = {
  id: string;
  numeric?: boolean;
  /** Hidden under 640 px, where name, value and gain matter most. */
  secondary?: boolean;
  cell: (holding: Holding, format: Formatters) => ReactNode;
};

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const money = (format: Formatters, holding: Holding, amount: string | null | undefined) =>
  amount ? format.money(amount, { currency: holding.currency as Currency, decimals: true }) : '—';

function NameCell({
  holding,
  sub,
  leading,
}: {
  holding: Holding;
  sub?: ReactNode;
  leading?: ReactNode;
}) {
  const name = (
    <span className="grid min-w-28 gap-0.5 sm:min-w-40">
      <ClampText
        className="font-medium"
        text={holding.symbol ? `${holding.symbol} ${holding.name}` : holding.name}
      >
        {/* A real space: the line may break between symbol and name (and it is read apart). */}
        {holding.symbol ? (
          <>
            <span className="mr-1 font-semibold">{holding.symbol}</span>{' '}
          </>
        ) : null}
        {holding.name}
      </ClampText>
      {sub ? <span className="text-xs text-muted-foreground">{sub}</span> : null}
    </span>
  );
  if (!leading) return name;
  return (
    <span className="flex items-center gap-2.5">
      {/* Decorative (the bank is named below the account): a phone's narrow row keeps the name. */}
      <span className="hidden shrink-0 sm:block">{leading}</span>
      {name}
    </span>
  );
}

/**
 * A savings account's bank logo: the server's copy (fetched once and re-encoded, served from our
 * origin), else the bank's initial. Decorative: the bank's name is written beside it.
 */
export function BankLogo({ holding }: { holding: Holding }) {
  const logo = text(holding.details.bankLogo);
  const bank = text(holding.details.bankName) ?? holding.name;
  if (logo?.startsWith('/uploads/')) {
    return (
      <img
        src={logo}
        alt=""
        width={28}
        height={28}
        loading="lazy"
        decoding="async"
        data-testid="bank-logo"
        className="size-7 shrink-0 rounded-md border bg-white object-contain p-0.5"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="bank-initial"
      className="grid size-7 shrink-0 place-items-center rounded-md bg-muted text-xs font-semibold text-muted-foreground"
    >
      {bank.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/** A row's figure from the valuation (`RowFigures`): a skeleton while it comes, '—' without. */
function RowFigure({
  holding,
  children,
}: {
  holding: Holding;
  children: (figures: Extract<RowFigures, { state: 'valued' }>) => ReactNode;
}) {
  const figures = useRowFigures(holding);
  if (figures.state === 'pending') {
    return <Skeleton className="ml-auto inline-block h-4 w-20 align-middle" />;
  }
  if (figures.state === 'unvalued') return <span className="text-muted-foreground">—</span>;
  return children(figures);
}

function Gain({ holding }: { holding: Holding }) {
  const format = useFormatters();
  return (
    <RowFigure holding={holding}>
      {(figures) => {
        const amount = format.money(figures.gain, {
          currency: holding.currency as Currency,
          decimals: true,
          signed: true,
        });
        const percent =
          figures.gainRatio === null
            ? null
            : `(${format.percent(figures.gainRatio * 100, { decimals: 2, signed: true })})`;
        // A narrow column breaks between the amount and its percentage, never inside either.
        return (
          <ChangeIndicator
            value={Number(figures.gain)}
            label={
              <span>
                <span className="whitespace-nowrap">{amount}</span>
                {percent ? (
                  <>
                    {' '}
                    <span className="whitespace-nowrap">{percent}</span>
                  </>
                ) : null}
              </span>
            }
            className="justify-end"
          />
        );
      }}
    </RowFigure>
  );
}

/**
 * A row's value or cost in the holding's currency, from the valuation; a holding it has no price
 * for says so ('Not valued'), and one it values only in its own currency says it is not in the
 * total (no exchange rate).
 */
function Amount({ holding, field }: { holding: Holding; field: 'value' | 'cost' }) {
  const { t } = useTranslation('holdings');
  const format = useFormatters();
  const figures = useRowFigures(holding);
  if (field === 'value' && figures.state === 'unvalued') {
    return (
      <span className="grid justify-items-end">
        <span className="text-muted-foreground">—</span>
        <span className="text-xs font-normal text-muted-foreground">
          {t(figures.reason === 'no_rate' ? 'table.noRate' : 'table.notValued')}
        </span>
      </span>
    );
  }
  return (
    <RowFigure holding={holding}>
      {(valued) => {
        const amount = format.money(field === 'value' ? valued.value : valued.cost, {
          currency: holding.currency as Currency,
          decimals: true,
        });
        if (field !== 'value' || valued.inTotal) return amount;
        return (
          <span className="grid justify-items-end">
            <span>{amount}</span>
            {/* It may wrap: on a phone the value column stays narrow. */}
            <span className="text-xs font-normal text-muted-foreground">{t('table.noRate')}</span>
          </span>
        );
      }}
    </RowFigure>
  );
}

/**
 * A value column that, on phones, also shows the gain under the value (the gain column is hidden
 * there: name, value and gain then fit 390 px without scrolling sideways).
 */
const withGain = (column: Column): Column => ({
  ...column,
  cell: (h, f) => (
    <>
      {column.cell(h, f)}
      <span className="mt-0.5 block text-xs sm:hidden">
        <Gain holding={h} />
      </span>
    </>
  ),
});
const value = withGain({
  id: 'value',
  numeric: true,
  cell: (h) => <Amount holding={h} field="value" />,
});
const gain: Column = {
  id: 'gain',
  numeric: true,
  secondary: true,
  cell: (h) => <Gain holding={h} />,
};
const quantity: Column = {
  id: 'quantity',
  numeric: true,
  secondary: true,
  cell: (h, f) => f.number(h.quantity, 8),
};
const averageCost: Column = {
  id: 'averageCost',
  numeric: true,
  secondary: true,
  cell: (h, f) => money(f, h, h.purchasePrice),
};
/** The last price, with its date and source when the valuation gives them. */
const price: Column = {
  id: 'price',
  numeric: true,
  secondary: true,
  cell: (h) => <LastPriceCell holding={h} />,
};
const lastPrice: Column = { ...price, id: 'lastPrice' };
/** Today's change (from the valuation; '—' until it answers). */
const dayChange: Column = {
  id: 'dayChange',
  numeric: true,
  secondary: true,
  cell: (h) => <DayChangeCell holding={h} />,
};

function useColumns(holdingClass: HoldingClass | 'all'): Column[] {
  const { t } = useTranslation('holdings');
  switch (holdingClass) {
    case 'market':
      return [
        {
          id: 'name',
          cell: (h) => (
            <NameCell
              holding={h}
              sub={[
                text(h.details.sector) && t(`options.sector.${h.details.sector as string}`),
                text(h.details.exchange),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          ),
        },
        quantity,
        averageCost,
        price,
        value,
        gain,
        dayChange,
      ];
    case 'crypto':
      return [
        {
          id: 'name',
          cell: (h) => (
            <NameCell
              holding={h}
              sub={[text(h.details.exchange), text(h.details.walletAddress)]
                .filter(Boolean)
                .join(' · ')}
            />
          ),
        },
        quantity,
        averageCost,
        price,
        value,
        gain,
        dayChange,
      ];
    case 'real_estate':
      return [
        {
          id: 'name',
          cell: (h) => (
            <NameCell
              holding={h}
              sub={[
                t(`options.propertyType.${String(h.details.propertyType)}`),
                [text(h.details.address), text(h.details.zipCode), text(h.details.city)]
                  .filter(Boolean)
                  .join(', '),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          ),
        },
        {
          id: 'size',
          numeric: true,
          secondary: true,
          cell: (h, f) =>
            text(h.details.size)
              ? t('table.sizeValue', {
                  size: f.number(h.details.size as string, 2),
                  unit: t(`options.sizeUnit.${String(h.details.sizeUnit ?? 'sqm')}`),
                })
              : '—',
        },
        {
          id: 'bedrooms',
          numeric: true,
          secondary: true,
          cell: (h, f) =>
            typeof h.details.bedrooms === 'number' ? f.number(h.details.bedrooms) : '—',
        },
        {
          id: 'purchasePrice',
          numeric: true,
          secondary: true,
          cell: (h) => <Amount holding={h} field="cost" />,
        },
        withGain({
          id: 'currentValue',
          numeric: true,
          cell: (h) => <Amount holding={h} field="value" />,
        }),
        {
          id: 'rentalIncome',
          numeric: true,
          secondary: true,
          cell: (h, f) => money(f, h, text(h.details.rentalIncome)),
        },
        lastPrice,
        gain,
      ];
    case 'crowdfunding':
      return [
        { id: 'name', cell: (h) => <NameCell holding={h} sub={text(h.details.platform)} /> },
        {
          id: 'amountInvested',
          numeric: true,
          secondary: true,
          cell: (h) => <Amount holding={h} field="cost" />,
        },
        withGain({
          id: 'valuation',
          numeric: true,
          cell: (h) => <Amount holding={h} field="value" />,
        }),
        {
          id: 'equityPercentage',
          numeric: true,
          secondary: true,
          cell: (h, f) =>
            text(h.details.equityPercentage)
              ? f.percent(h.details.equityPercentage as string, { decimals: 2 })
              : '—',
        },
        {
          id: 'expectedReturn',
          numeric: true,
          secondary: true,
          cell: (h, f) =>
            text(h.details.expectedReturn)
              ? f.percent(h.details.expectedReturn as string, { decimals: 2 })
              : '—',
        },
        {
          id: 'duration',
          numeric: true,
          secondary: true,
          cell: (h) =>
            typeof h.details.duration === 'number'
              ? t('table.months', { count: h.details.duration })
              : '—',
        },
        {
          id: 'status',
          secondary: true,
          cell: (h) => <Badge variant="outline">{t(`options.status.${h.status}`)}</Badge>,
        },
        lastPrice,
        gain,
      ];
    case 'savings':
      return [
        {
          id: 'name',
          cell: (h) => (
            <NameCell
              holding={h}
              leading={<BankLogo holding={h} />}
              sub={
                <>
                  {text(h.details.bankName)}
                  {/* Phones: the account type goes here (its column is hidden). */}
                  <span className="sm:hidden">
                    {text(h.details.bankName) ? ' · ' : ''}
                    {t(`options.accountType.${String(h.details.accountType)}`)}
                  </span>
                </>
              }
            />
          ),
        },
        {
          id: 'accountType',
          secondary: true,
          cell: (h) => (
            <span className="flex flex-wrap items-center gap-1.5">
              {t(`options.accountType.${String(h.details.accountType)}`)}
              {h.details.isTaxExempt ? (
                <Badge variant="success">{t('table.taxExempt')}</Badge>
              ) : null}
            </span>
          ),
        },
        { id: 'balance', numeric: true, cell: (h) => <Amount holding={h} field="value" /> },
        {
          id: 'rate',
          numeric: true,
          secondary: true,
          cell: (h, f) => f.percent(Number(h.details.interestRate ?? 0) * 100, { decimals: 2 }),
        },
        {
          id: 'maturityDate',
          numeric: true,
          secondary: true,
          cell: (h, f) =>
            text(h.details.maturityDate) ? f.date(h.details.maturityDate as string) : '—',
        },
      ];
    default:
      return [
        { id: 'name', cell: (h) => <NameCell holding={h} /> },
        { id: 'class', secondary: true, cell: (h) => t(`classes.${h.class}`) },
        {
          id: 'cost',
          numeric: true,
          secondary: true,
          cell: (h) => <Amount holding={h} field="cost" />,
        },
        lastPrice,
        value,
        gain,
        dayChange,
      ];
  }
}

const hasMarket = (holding: Holding) => holding.class === 'market' || holding.class === 'crypto';

/**
 * Holdings as a dense table: the class's own columns, values in the holding's currency, gains
 * with sign and arrow. Savings rows open a panel (accrual, movements, rates, alerts); real
 * estate, crowdfunding and other assets open their value history; market and crypto holdings
 * whose symbol has closes open their price chart (which symbols have closes: one batched
 * request for the table, shared with the sparklines' cache).
 */
export function HoldingsTable({
  holdings,
  holdingClass,
  canEdit,
  caption,
  header,
}: {
  holdings: Holding[];
  holdingClass: HoldingClass | 'all';
  canEdit: boolean;
  caption: string;
  /** Sortable header cells (the overview), keyed by column id. */
  header?: (id: string, label: string) => ReactNode;
}) {
  const { t } = useTranslation('holdings');
  const format = useFormatters();
  const columns = useColumns(holdingClass);
  const [open, setOpen] = useState<string | null>(null);
  // A search result's destination (#holding-<id>) is scrolled to and highlighted.
  const target = useHashTarget('holding', holdings.length > 0);
  const symbols = useMemo(
    () => holdings.filter(hasMarket).map((holding) => holding.symbol),
    [holdings],
  );
  const priced = usePriceHistories(symbols, DEFAULT_PERFORMANCE_RANGE);
  /** The symbol of a market or crypto holding with closes (its chart has something to draw). */
  const chartSymbol = (holding: Holding) => {
    const symbol = hasMarket(holding) ? marketSymbolOf(holding.symbol) : null;
    return symbol && (priced.get(symbol)?.closes.length ?? 0) > 0 ? symbol : null;
  };
  // Savings accounts open their panel; holdings without a market their value history; market
  // holdings with closes their price chart.
  const opens = (holding: Holding) =>
    holding.class === 'savings'
      ? holdingClass === 'savings'
      : hasValueHistory(holding.class) || chartSymbol(holding) !== null;
  const showLabel = (holding: Holding) =>
    holding.class === 'savings'
      ? 'table.showDetails'
      : hasMarket(holding)
        ? 'table.showPrice'
        : 'table.showHistory';
  const expandable = holdings.some(opens);
  const span = columns.length + (canEdit ? 1 : 0) + (expandable ? 1 : 0);

  return (
    <TableContainer tabIndex={0} aria-label={caption}>
      <Table>
        <TableCaption>{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            {expandable ? (
              <TableHead className="w-10">
                <span className="sr-only">{t('table.details')}</span>
              </TableHead>
            ) : null}
            {columns.map((column) => (
              <TableHead
                key={column.id}
                numeric={column.numeric}
                className={column.secondary ? 'hidden sm:table-cell' : undefined}
              >
                {header ? header(column.id, t(`columns.${column.id}`)) : t(`columns.${column.id}`)}
              </TableHead>
            ))}
            {canEdit ? (
              <TableHead className="w-12">
                <span className="sr-only">{t('table.actions')}</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {holdings.map((holding) => (
            <Fragment key={holding.id}>
              <TableRow
                id={hashTargetId('holding', holding.id)}
                data-state={open === holding.id ? 'selected' : undefined}
                data-target={target === holding.id ? '' : undefined}
                className="scroll-mt-20 data-[target]:bg-primary/10"
              >
                {expandable && !opens(holding) ? <TableCell className="w-10 pr-0" /> : null}
                {expandable && opens(holding) ? (
                  <TableCell className="w-10 pr-0">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-expanded={open === holding.id}
                      aria-label={t(showLabel(holding), { name: holding.name })}
                      onClick={() => setOpen(open === holding.id ? null : holding.id)}
                    >
                      {open === holding.id ? (
                        <ChevronDown aria-hidden="true" />
                      ) : (
                        <ChevronRight aria-hidden="true" />
                      )}
                    </Button>
                  </TableCell>
                ) : null}
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    numeric={column.numeric}
                    className={column.secondary ? 'hidden sm:table-cell' : undefined}
                  >
                    {column.cell(holding, format)}
                  </TableCell>
                ))}
                {canEdit ? (
                  <TableCell className="w-12 text-right">
                    <HoldingActions holding={holding} />
                  </TableCell>
                ) : null}
              </TableRow>
              {expandable && open === holding.id && opens(holding) ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={span} className="bg-muted/20 p-0">
                    {holding.class === 'savings' ? (
                      <SavingsPanel holding={holding} canEdit={canEdit} />
                    ) : hasMarket(holding) ? (
                      // A container: the chart and its period toggle take the row's width and
                      // never widen the table (the toggle scrolls when a phone is too narrow).
                      <div className="@container px-2 py-3 sm:p-4">
                        <PriceChartCard holding={holding} symbol={chartSymbol(holding) ?? ''} />
                      </div>
                    ) : (
                      <div className="p-3 sm:p-4">
                        <ValueHistoryCard holding={holding} canEdit={canEdit} />
                      </div>
                    )}
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
