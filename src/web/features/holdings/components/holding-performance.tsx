import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Holding } from '@/contracts/holdings';
import type { Currency } from '@/contracts/settings';
import {
  DEFAULT_PERFORMANCE_RANGE,
  type HoldingPerformance,
  type PerformanceResponse,
} from '@/contracts/valuation';
import { MoneyChange, usePriceSourceText } from '@/web/components/performance/figures';
import { CURRENCY_SYMBOLS } from '@/web/lib/format';
import { usePerformance } from '@/web/lib/performance';
import { useFormatters } from '@/web/lib/preferences';
import { useScopeIds } from '../api/holdings';

type PerformanceByHolding = {
  /** The performance answer's currency (the portfolio's). */
  currency: Currency;
  byId: ReadonlyMap<string, HoldingPerformance>;
  unpriced: PerformanceResponse['unpriced'];
  /** A simulation's cash and its whole value (holdings and cash), in `currency`; else null. */
  cash: string | null;
  value: string;
};

const HoldingPerformanceContext = createContext<PerformanceByHolding | null>(null);

/**
 * The active scope's performance, by holding (day change, last price and where it comes from).
 * The table works without it: while it loads or when it fails, those cells show '—'.
 */
export function useScopePerformance(): PerformanceByHolding | null {
  const { portfolioId, simulationId } = useScopeIds();
  const performance = usePerformance(portfolioId, simulationId, DEFAULT_PERFORMANCE_RANGE);
  const data = performance.data;
  return useMemo(
    () =>
      data
        ? {
            currency: data.currency,
            byId: new Map(data.holdings.map((holding) => [holding.holdingId, holding])),
            unpriced: data.unpriced,
            cash: data.cash,
            value: data.value,
          }
        : null,
    [data],
  );
}

export function HoldingPerformanceProvider({
  value,
  children,
}: {
  value: PerformanceByHolding | null;
  children: ReactNode;
}) {
  return (
    <HoldingPerformanceContext.Provider value={value}>
      {children}
    </HoldingPerformanceContext.Provider>
  );
}

function useHoldingPerformance(holdingId: string) {
  const context = useContext(HoldingPerformanceContext);
  return context ? { currency: context.currency, row: context.byId.get(holdingId) } : null;
}

const isCurrency = (code: string): code is Currency => code in CURRENCY_SYMBOLS;

/**
 * Today's change of a holding in its own currency, as the row's value is (a dollar holding's move
 * in dollars, never a euro amount on a dollar row); '—' while it is not known.
 */
export function DayChangeCell({ holding }: { holding: Holding }) {
  const row = useHoldingPerformance(holding.id)?.row;
  if (!row || row.holdingDayChange === null || !isCurrency(row.holdingCurrency))
    return <span className="text-muted-foreground">—</span>;
  return (
    <MoneyChange
      amount={row.holdingDayChange}
      ratio={row.holdingDayChangePercent}
      currency={row.holdingCurrency}
      className="justify-end"
    />
  );
}

/**
 * The last price used, in the holding's own currency, with its date and source under it
 * ('Entered by hand on 1 Mar 2026'); the holding's current price until the valuation answers.
 */
export function LastPriceCell({ holding }: { holding: Holding }) {
  const format = useFormatters();
  const sourceText = usePriceSourceText();
  const row = useHoldingPerformance(holding.id)?.row;
  const price = row ? row.lastPrice : holding.currentPrice;
  const code = row?.holdingCurrency ?? holding.currency;
  const source = row ? sourceText(row.priceSource, row.lastPriceDate) : null;
  return (
    <span className="grid justify-items-end">
      <span>
        {price
          ? isCurrency(code)
            ? format.money(price, { currency: code, decimals: true })
            : `${format.number(price, 6)} ${code}`
          : '—'}
      </span>
      {source ? (
        <span className="text-xs font-normal whitespace-nowrap text-muted-foreground">
          {source}
        </span>
      ) : null}
    </span>
  );
}
