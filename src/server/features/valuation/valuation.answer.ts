import type { HoldingClass } from '@/contracts/holdings';
import type {
  HoldingPerformance,
  PerformanceFigures,
  PerformanceRange,
  PerformanceResponse,
} from '@/contracts/valuation';
import type { Currency } from '@/contracts/settings';
import { dec, roundMoney } from '@/domain/money/decimal';
import {
  fromDay,
  type HoldingValuation,
  type MoneyFigures,
  type PerformanceFigures as EnginePerformance,
  type ValuationResult,
} from '@/domain/valuation';
import type { HoldingMeta } from './valuation.load';
import type { ComputedView } from './valuation.task';

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
    unpriced: result.unpriced.map((item) => ({
      holdingId: item.id,
      name: meta.get(item.id)?.name ?? item.symbol ?? '',
      reason: item.reason === 'missing-rate' ? 'no_rate' : 'no_price',
    })),
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
    lastPriceDate: lastDay === undefined ? null : fromDay(lastDay),
    priceSource: priceSourceOf(info, lastDay !== undefined, manual),
    weight: share(holding.figures.value, result.figures.value),
    ...figuresOf(holding.figures, holding.performance, hasPreviousDay, result.currency),
    holdingDayChange: own ? roundMoney(own.dayChange, info.currency) : null,
    holdingDayChangePercent: own ? share(own.dayChange, own.previousValue) : null,
  };
}
