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

type UnpricedItem = PerformanceResponse['unpriced'][number];

type PerformanceByHolding = {
  /** The performance answer's currency (the portfolio's). */
  currency: Currency;
  byId: ReadonlyMap<string, HoldingPerformance>;
  unpriced: PerformanceResponse['unpriced'];
  unpricedById: ReadonlyMap<string, UnpricedItem>;
  /** A simulation's cash and its whole value (holdings and cash), in `currency`; else null. */
  cash: string | null;
  value: string;
};

/** The valuation as the holdings tables read it: still loading, failed, or its answer. */
export type ScopePerformance =
  | { status: 'pending'; data: null }
  | { status: 'error'; data: null }
  | { status: 'ready'; data: PerformanceByHolding };

const HoldingPerformanceContext = createContext<PerformanceByHolding | null>(null);

/**
 * The active scope's performance, by holding: each row's value, cost and gain in its own
 * currency (the valuation the summary's cards and total and the dashboard come from), its day
 * change and its last price with where it comes from. While it loads those figures are
 * skeletons; when it fails the table falls back on the holdings' own answer.
 */
export function useScopePerformance(): ScopePerformance {
  const { portfolioId, simulationId } = useScopeIds();
  const performance = usePerformance(portfolioId, simulationId, DEFAULT_PERFORMANCE_RANGE);
  const data = performance.data;
  const failed = performance.isError && !data;
  return useMemo((): ScopePerformance => {
    if (data) {
      return {
        status: 'ready',
        data: {
          currency: data.currency,
          byId: new Map(data.holdings.map((holding) => [holding.holdingId, holding])),
          unpriced: data.unpriced,
          unpricedById: new Map(data.unpriced.map((item) => [item.holdingId, item])),
          cash: data.cash,
          value: data.value,
        },
      };
    }
    return failed ? { status: 'error', data: null } : { status: 'pending', data: null };
  }, [data, failed]);
}

const HoldingStatusContext = createContext<ScopePerformance['status']>('error');

export function HoldingPerformanceProvider({
  value,
  children,
}: {
  value: ScopePerformance;
  children: ReactNode;
}) {
  return (
    <HoldingStatusContext.Provider value={value.status}>
      <HoldingPerformanceContext.Provider value={value.data}>
        {children}
      </HoldingPerformanceContext.Provider>
    </HoldingStatusContext.Provider>
  );
}

function useHoldingPerformance(holdingId: string) {
  const context = useContext(HoldingPerformanceContext);
  return context ? { currency: context.currency, row: context.byId.get(holdingId) } : null;
}

/**
 * A row's figures in the holding's own currency:
 * - `valued`: from the valuation (`inTotal` false for a holding valued only in its own currency,
 *   for want of a rate into the portfolio's: it is listed apart from the total), or from the
 *   holdings' own answer when the valuation failed (`fromHolding`);
 * - `unvalued`: the valuation has no price for it (said so, never a typed price instead);
 * - `pending`: the valuation is still coming (or does not know this holding yet).
 * `inPortfolio` is the value and gain in the portfolio's currency, to compare rows by.
 */
export type RowFigures =
  | { state: 'pending' }
  | { state: 'unvalued'; reason: UnpricedItem['reason'] }
  | {
      state: 'valued';
      value: string;
      cost: string;
      gain: string;
      /** A ratio (0.2 is 20 %); null without a cost. */
      gainRatio: number | null;
      inTotal: boolean;
      fromHolding: boolean;
      inPortfolio: { value: string; gain: string } | null;
    };

export function rowFiguresOf(
  holding: Holding,
  performance: { status: ScopePerformance['status']; data: PerformanceByHolding | null },
): RowFigures {
  const data = performance.data;
  if (!data && performance.status === 'error') {
    return {
      state: 'valued',
      value: holding.marketValue,
      cost: holding.costBasis,
      gain: holding.gainLoss,
      gainRatio: holding.gainLossPercent === null ? null : Number(holding.gainLossPercent) / 100,
      inTotal: true,
      fromHolding: true,
      inPortfolio: null,
    };
  }
  if (!data) return { state: 'pending' };
  const row = data.byId.get(holding.id);
  if (row) {
    return {
      state: 'valued',
      value: row.holdingValue,
      cost: row.holdingCostBasis,
      gain: row.holdingUnrealizedGain,
      gainRatio: row.holdingUnrealizedGainPercent,
      inTotal: true,
      fromHolding: false,
      inPortfolio: { value: row.value, gain: row.unrealizedGain },
    };
  }
  const unpriced = data.unpricedById.get(holding.id);
  if (!unpriced) return { state: 'pending' };
  if (!unpriced.held) return { state: 'unvalued', reason: unpriced.reason };
  return {
    state: 'valued',
    value: unpriced.held.holdingValue,
    cost: unpriced.held.holdingCostBasis,
    gain: unpriced.held.holdingUnrealizedGain,
    gainRatio: unpriced.held.holdingUnrealizedGainPercent,
    inTotal: false,
    fromHolding: false,
    inPortfolio: null,
  };
}

/** The figures of a row of the table (see `RowFigures`). */
export function useRowFigures(holding: Holding): RowFigures {
  const status = useContext(HoldingStatusContext);
  const data = useContext(HoldingPerformanceContext);
  return rowFiguresOf(holding, { status, data });
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
 * The last price used, in its own currency (an instrument quoted in dollars shows dollars on a
 * euro holding), with its date and source under it ('Entered by hand on 1 Mar 2026'); the
 * holding's current price until the valuation answers.
 */
export function LastPriceCell({ holding }: { holding: Holding }) {
  const format = useFormatters();
  const sourceText = usePriceSourceText();
  const context = useContext(HoldingPerformanceContext);
  const row = context?.byId.get(holding.id);
  // A holding the valuation has no price for has none here either (never its typed price).
  const unvalued = context?.unpricedById.get(holding.id)?.held === null;
  const price = row ? row.lastPrice : unvalued ? null : holding.currentPrice;
  const code = (row ? row.lastPriceCurrency : null) ?? holding.currency;
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
