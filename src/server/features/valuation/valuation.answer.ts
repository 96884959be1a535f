import {
  type CategoryTotals,
  HOLDING_CATEGORY,
  type HoldingClass,
  type Summary,
} from '@/contracts/holdings';
import type {
  HeldFigures,
  HoldingPerformance,
  PerformanceFigures,
  PerformanceRange,
  PerformanceResponse,
} from '@/contracts/valuation';
import type { Currency } from '@/contracts/settings';
import { dec, type Decimal, roundMoney, ZERO } from '@/domain/money/decimal';
import {
  fromDay,
  type HoldingValuation,
  type MoneyFigures,
  type PerformanceFigures as EnginePerformance,
  type ValuationResult,
} from '@/domain/valuation';
import type { HoldingMeta } from './valuation.load';

/** A view computed by the engine (valuation.task.ts), what the answers below are built from. */
export type ComputedView = {
  result: ValuationResult;
  meta: Map<string, HoldingMeta>;
  /** The day of the last close used per close-priced holding. */
  lastCloseDay: Map<string, number>;
  /** Market and crypto holdings with no stored close, valued at the price typed on them. */
  manual: Set<string>;
  /** A simulation's cash today, in the portfolio's base currency (part of the value); else null. */
  cash: string | null;
  /**
   * Holdings left out for want of a rate into the view's currency, valued in their own currency
   * alone (their `held` figures): listed apart, never added to the view's value.
   */
  heldOnly: Map<string, HoldingValuation['held']>;
  /** The rate of asOf of each of the view's holdings' own currencies into the base currency. */
  rates: { currency: string; rate: string; rateDate: string }[];
};

/**
 * The API's answers from a computed view (valuation.task.ts): pure, so that a compute worker
 * builds the performance answer itself and the request thread only sends it.
 */

const ratio = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

function share(part: string, whole: string): number | null {
  const denominator = dec(whole);
  if (denominator.isZero()) return null;
  return dec(part).div(denominator).toNumber();
}

/**
 * The contract's figures from the engine's money figures (exact, in `currency`) and range
 * performance: money rounded to the currency's minor unit here, at the edge of the answer, and
 * nowhere before (ratios come from the exact figures).
 */
export function figuresOf(
  money: MoneyFigures,
  performance: EnginePerformance,
  hasPreviousDay: boolean,
  currency: string,
): PerformanceFigures {
  const round = (amount: string) => roundMoney(amount, currency);
  return {
    value: round(money.value),
    costBasis: round(money.costBasis),
    unrealizedGain: round(money.unrealisedGain),
    unrealizedGainPercent: share(money.unrealisedGain, money.costBasis),
    realizedGain: round(money.realisedGain),
    dividends: round(money.dividends),
    interest: round(money.interest),
    fees: round(money.fees),
    taxes: round(money.taxes),
    netContributions: round(money.netContributions),
    currencyEffect: round(money.currencyEffect),
    dayChange: hasPreviousDay ? round(money.dayChange) : null,
    dayChangePercent: hasPreviousDay ? share(money.dayChange, money.previousValue) : null,
    twr: ratio(performance.twr),
    twrAnnualized: ratio(performance.twrAnnualised),
    mwr: ratio(performance.mwr),
    volatility: ratio(performance.volatility),
    maxDrawdown: ratio(performance.maxDrawdown),
  };
}

function priceSourceOf(
  meta: HoldingMeta,
  hasCloses: boolean,
  manual: boolean,
): HoldingPerformance['priceSource'] {
  if (meta.class === 'savings') return 'savings';
  if (meta.class === 'market' || meta.class === 'crypto') {
    if (manual) return 'manual';
    return hasCloses ? 'market' : null;
  }
  return 'valuation';
}

/** The performance answer of a computed view. */
export function performanceAnswer(
  computed: ComputedView,
  range: PerformanceRange,
  options: { cash: string | null },
): PerformanceResponse {
  const { result, meta, lastCloseDay, manual } = computed;
  const hasPreviousDay = result.daily.value.length > 1;
  const holdings: HoldingPerformance[] = [];
  for (const holding of result.holdings) {
    const info = meta.get(holding.id);
    if (!info) continue;
    holdings.push(holdingAnswer(holding, info, result, lastCloseDay, manual));
  }
  const unpricedIds = new Set(result.unpriced.map((item) => item.id));
  const heldOnly = computed.heldOnly;
  return {
    asOf: result.asOf,
    currency: result.currency as Currency,
    range,
    from: result.firstDate ? result.performance.start : null,
    ...figuresOf(result.figures, result.performance, hasPreviousDay, result.currency),
    series: result.series.map((point) => ({
      date: point.date,
      value: point.value.toFixed(2),
      netContributions: point.netContributions.toFixed(2),
      twrIndex: point.twrIndex,
    })),
    holdings: holdings.filter((holding) => !unpricedIds.has(holding.holdingId)),
    unpriced: result.unpriced.map((item) => {
      const currency = meta.get(item.id)?.currency ?? '';
      const held = heldOnly.get(item.id);
      return {
        holdingId: item.id,
        name: meta.get(item.id)?.name ?? item.symbol ?? '',
        reason: item.reason === 'missing-rate' ? 'no_rate' : 'no_price',
        holdingCurrency: currency,
        held: held ? heldFiguresOf(held, currency) : null,
      };
    }),
    cash: options.cash === null ? null : roundMoney(options.cash, result.currency),
  };
}

function holdingAnswer(
  holding: HoldingValuation,
  info: HoldingMeta,
  result: ValuationResult,
  lastCloseDay: Map<string, number>,
  manualHoldings: Set<string>,
): HoldingPerformance {
  const lastDay = lastCloseDay.get(holding.id);
  const manual = manualHoldings.has(holding.id);
  const hasPreviousDay = result.daily.value.length > 1;
  // Its own day in its own currency, when its prices are in it (never relabelled).
  const own = hasPreviousDay && holding.currency === info.currency ? holding.own : null;
  return {
    holdingId: holding.id,
    name: info.name,
    symbol: info.symbol,
    class: info.class as HoldingClass,
    holdingCurrency: info.currency,
    quantity: holding.quantity,
    lastPrice: holding.price === null ? null : String(holding.price),
    // The instrument's quote currency (pence read in pounds), which may not be the holding's.
    lastPriceCurrency: holding.price === null ? null : holding.currency,
    lastPriceDate: lastDay === undefined ? null : fromDay(lastDay),
    priceSource: priceSourceOf(info, lastDay !== undefined, manual),
    weight: share(holding.figures.value, result.figures.value),
    ...figuresOf(holding.figures, holding.performance, hasPreviousDay, result.currency),
    holdingDayChange: own ? roundMoney(own.dayChange, info.currency) : null,
    holdingDayChangePercent: own ? share(own.dayChange, own.previousValue) : null,
    ...heldFiguresOf(holding.held, info.currency),
  };
}

/** A holding's figures in its own currency, rounded there (the gain once, from the exact two). */
export function heldFiguresOf(held: HoldingValuation['held'], currency: string): HeldFigures {
  const gain = dec(held.value).minus(held.costBasis).toFixed();
  return {
    holdingValue: roundMoney(held.value, currency),
    holdingCostBasis: roundMoney(held.costBasis, currency),
    holdingUnrealizedGain: roundMoney(gain, currency),
    holdingUnrealizedGainPercent: share(gain, held.costBasis),
  };
}

/** The summary's figures; the plan's limits are the request's own (they change with the plan). */
export type SummaryFigures = Omit<Summary, 'limits'>;

type Line = {
  holdingClass: HoldingClass;
  currency: string;
  itemCount: number;
  unvaluedCount: number;
  value: Decimal;
  cost: Decimal;
  lastUpdated: Date | null;
};

/**
 * The category aggregation (spec 002, section 3) of a computed view: per class and currency, its
 * holdings' figures in that currency (the performance answer's held figures) added exactly and
 * rounded once; and the view's value and cost basis in its base currency, the engine's totals
 * without a simulation's cash (the portfolio's value, to the cent). A holding the engine could
 * not value is counted, never priced another way (`unvaluedCount`); one that only lacks a rate
 * into the base currency is in its line, and listed apart from the total (`unconverted`).
 */
export function summaryFigures(
  computed: ComputedView,
  baseCurrency: string,
  asOf: string,
): SummaryFigures {
  const { result, meta, heldOnly } = computed;
  const valued = new Map(result.holdings.map((holding) => [holding.id, holding]));
  const lines = new Map<string, Line>();
  const apart = new Map<string, { value: Decimal; cost: Decimal }>();
  const converted = new Set<string>();
  for (const info of meta.values()) {
    const key = `${info.class}:${info.currency}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        holdingClass: info.class,
        currency: info.currency,
        itemCount: 0,
        unvaluedCount: 0,
        value: ZERO,
        cost: ZERO,
        lastUpdated: null,
      };
      lines.set(key, line);
    }
    line.itemCount += 1;
    if (!line.lastUpdated || info.updatedAt > line.lastUpdated) line.lastUpdated = info.updatedAt;
    const inTotal = valued.get(info.id)?.held;
    const held = inTotal ?? heldOnly.get(info.id);
    if (!held) {
      line.unvaluedCount += 1;
      continue;
    }
    line.value = line.value.plus(held.value);
    line.cost = line.cost.plus(held.costBasis);
    if (inTotal) {
      converted.add(info.currency);
    } else {
      const sum = apart.get(info.currency) ?? { value: ZERO, cost: ZERO };
      apart.set(info.currency, {
        value: sum.value.plus(held.value),
        cost: sum.cost.plus(held.costBasis),
      });
    }
  }
  const categories: CategoryTotals[] = [...lines.values()]
    .sort(
      (a, b) =>
        a.holdingClass.localeCompare(b.holdingClass) || a.currency.localeCompare(b.currency),
    )
    .map((line) => ({
      class: line.holdingClass,
      category: HOLDING_CATEGORY[line.holdingClass] ?? 'miscellaneous',
      currency: line.currency as Currency,
      itemCount: line.itemCount,
      totalCost: roundMoney(line.cost.toFixed(), line.currency),
      totalValue: roundMoney(line.value.toFixed(), line.currency),
      totalGain: roundMoney(line.value.minus(line.cost).toFixed(), line.currency),
      unvaluedCount: line.unvaluedCount,
      lastUpdated: line.lastUpdated ? line.lastUpdated.toISOString() : null,
    }));
  // A simulation's cash is part of its value, not a holding: the overview adds it apart.
  let value = dec(result.figures.value);
  let cost = dec(result.figures.costBasis);
  for (const holding of result.holdings) {
    if (meta.has(holding.id)) continue;
    value = value.minus(holding.figures.value);
    cost = cost.minus(holding.figures.costBasis);
  }
  return {
    categories,
    totals: {
      currency: baseCurrency as Currency,
      asOf,
      totalCost: roundMoney(cost.toFixed(), baseCurrency),
      totalValue: roundMoney(value.toFixed(), baseCurrency),
      rates: computed.rates.filter((rate) => converted.has(rate.currency)),
      unconverted: [...apart]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, sum]) => ({
          currency,
          totalCost: roundMoney(sum.cost.toFixed(), currency),
          totalValue: roundMoney(sum.value.toFixed(), currency),
        })),
    },
  };
}
