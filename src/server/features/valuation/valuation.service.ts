import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { HoldingClass } from '@/contracts/holdings';
import type {
  HoldingPerformance,
  PerformanceFigures,
  PerformanceRange,
  PerformanceResponse,
} from '@/contracts/valuation';
import type { Currency } from '@/contracts/settings';
import { dec } from '@/domain/money/decimal';
import {
  fromDay,
  type HoldingValuation,
  type MoneyFigures,
  type PerformanceFigures as EnginePerformance,
  type ValuationResult,
} from '@/domain/valuation';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { marketDataVersion, portfolioVersions } from '../../db/schema';
import { requireScope, type Scope } from '../../platform/holding-scope';
import type { Actor } from '../../platform/actor';
import { mayPassBulkWrites } from '../../db/access-context';
import type { HoldingMeta } from './valuation.load';
import type { ComputedView } from './valuation.task';

/**
 * A portfolio's (or a simulation's) value and returns, from the valuation engine
 * (src/domain/valuation), computed on a worker thread. A result is kept per dataset: the view,
 * its portfolio's counter, the market data counter (both bumped by triggers on every write),
 * the currency, the day and the range; a repeated request is a cache hit, and nothing stale is
 * ever served because any write changes the key.
 */

export type Computed = ComputedView;

/** Results kept per process, the least recently used dropped first. */
const cache = new LRUCache<string, Computed>({ max: 64 });

/** For tests: forget every cached result. */
export function clearValuationCache() {
  cache.clear();
}

/** The dataset counters of a portfolio: its own and the market data's. */
async function datasetVersion(db: DbOrTx, portfolioId: string) {
  const [[own], [market]] = await Promise.all([
    db
      .select({ version: portfolioVersions.version })
      .from(portfolioVersions)
      .where(eq(portfolioVersions.portfolioId, portfolioId)),
    db.select({ version: marketDataVersion.version }).from(marketDataVersion),
  ]);
  return `${own?.version ?? 0}.${market?.version ?? 0}`;
}

/** Today in UTC (the day the last close belongs to). */
export function todayOf(ctx: ServerContext) {
  return ctx.clock.now().toISOString().slice(0, 10);
}

/**
 * Values one view in `currency` up to today over `range`: from the cache when its dataset has
 * not changed, else read and computed on a compute worker (valuation.task.ts), which keeps what
 * it read and revalues only what changed.
 */
export async function valueView(
  ctx: ServerContext,
  scope: Scope,
  currency: Currency,
  range: PerformanceRange,
): Promise<Computed> {
  const db = ctx.database.db;
  const asOf = todayOf(ctx);
  const version = await datasetVersion(db, scope.portfolioId);
  const key = [
    scope.portfolioId,
    scope.simulationId ?? 'real',
    version,
    currency,
    asOf,
    range,
  ].join(':');
  const cached = cache.get(key);
  if (cached) return cached;
  const computed = await ctx.compute.run('valueView', {
    view: { portfolioId: scope.portfolioId, simulationId: scope.simulationId },
    currency,
    baseCurrency: scope.access.portfolio.baseCurrency,
    asOf,
    range,
    passBulk: mayPassBulkWrites(),
  });
  cache.set(key, computed);
  return computed;
}

const ratio = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

function share(part: string, whole: string): number | null {
  const denominator = dec(whole);
  if (denominator.isZero()) return null;
  return dec(part).div(denominator).toNumber();
}

/** The contract's figures from the engine's money figures and range performance. */
export function figuresOf(
  money: MoneyFigures,
  performance: EnginePerformance,
  hasPreviousDay: boolean,
): PerformanceFigures {
  return {
    value: money.value,
    costBasis: money.costBasis,
    unrealizedGain: money.unrealisedGain,
    unrealizedGainPercent: share(money.unrealisedGain, money.costBasis),
    realizedGain: money.realisedGain,
    dividends: money.dividends,
    interest: money.interest,
    fees: money.fees,
    taxes: money.taxes,
    netContributions: money.netContributions,
    currencyEffect: money.currencyEffect,
    dayChange: hasPreviousDay ? money.dayChange : null,
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
  computed: Computed,
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
    ...figuresOf(result.figures, result.performance, hasPreviousDay),
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
    cash: options.cash,
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
    ...figuresOf(holding.figures, holding.performance, result.daily.value.length > 1),
  };
}

/** GET /api/v1/portfolios/{id}/performance */
export async function portfolioPerformance(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  query: { range: PerformanceRange; sim?: string },
): Promise<PerformanceResponse> {
  const scope = await requireScope(ctx.database.db, actor.userId, portfolioId, query.sim, 'view', {
    log: actor.log,
  });
  const currency = scope.access.portfolio.baseCurrency;
  const computed = await valueView(ctx, scope, currency, query.range);
  return performanceAnswer(computed, query.range, { cash: computed.cash });
}
