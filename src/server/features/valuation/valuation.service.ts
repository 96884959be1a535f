import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Summary } from '@/contracts/holdings';
import {
  DEFAULT_PERFORMANCE_RANGE,
  type PerformanceRange,
  type PerformanceResponse,
} from '@/contracts/valuation';
import type { Currency } from '@/contracts/settings';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { marketDataVersion, portfolioVersions } from '../../db/schema';
import { assetLimitOf, ownerTier } from '../holdings';
import { type Actor, requireScope, type Scope } from '../ledger';
import { mayPassBulkWrites } from '../../db/access-context';
import type { ComputedView, SummaryFigures } from './valuation.answer';
import type { ValueViewInput } from './valuation.task';
import { portfolioKey } from '../portfolios';
import { MARKET_KEY } from '../market-data';

export { figuresOf, performanceAnswer } from './valuation.answer';

/**
 * A portfolio's (or a simulation's) value and returns, from the valuation engine
 * (src/domain/valuation), read and computed on a compute worker (valuation.task.ts). An answer is
 * kept per dataset: the view, its portfolio's counter, the market data counter (both bumped by
 * triggers on every write), the currency, the day and the range; a repeated request is a cache
 * hit, and nothing stale is ever served because any write changes the key.
 */

export type Computed = ComputedView;

type ViewAnswers = { performance: PerformanceResponse; summary: SummaryFigures };

/**
 * What is kept per process, the least recently used dropped first. The answers are kept as
 * they are asked (a promise): the portfolio's performance and its summary, asked at once by a
 * page, are computed once, by one worker.
 */
const computedCache = new LRUCache<string, Computed>({ max: 64 });
const answerCache = new LRUCache<string, Promise<ViewAnswers>>({ max: 64 });

/** For tests: forget every cached result. */
export function clearValuationCache() {
  computedCache.clear();
  answerCache.clear();
}

/**
 * The dataset counters of a portfolio: its own and the market data's; kept in memory until the
 * portfolio or the market data changes (what bumps a counter announces that key too).
 */
function datasetVersion(ctx: ServerContext, portfolioId: string) {
  return ctx.reads.read(`dataset:${portfolioId}`, async () => ({
    value: await readDatasetVersion(ctx.database.db, portfolioId),
    deps: [portfolioKey(portfolioId), MARKET_KEY],
  }));
}

async function readDatasetVersion(db: DbOrTx, portfolioId: string) {
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

/** What the worker is asked, and the key of its answer. */
async function request(
  ctx: ServerContext,
  scope: Scope,
  currency: Currency,
  range: PerformanceRange,
) {
  const asOf = todayOf(ctx);
  const version = await datasetVersion(ctx, scope.portfolioId);
  // The base currency is part of what is valued (a simulation's cash is kept in it) and changes
  // no dataset counter.
  const key = [
    scope.portfolioId,
    scope.simulationId ?? 'real',
    version,
    scope.access.portfolio.baseCurrency,
    currency,
    asOf,
    range,
  ].join(':');
  const input: ValueViewInput = {
    view: { portfolioId: scope.portfolioId, simulationId: scope.simulationId },
    currency,
    baseCurrency: scope.access.portfolio.baseCurrency,
    asOf,
    range,
    passBulk: mayPassBulkWrites(),
  };
  return { key, input };
}

/**
 * Values one view in `currency` up to today over `range` (the dashboard adds several): from the
 * cache when its dataset has not changed, else on a compute worker, which keeps what it read and
 * revalues only what changed.
 */
export async function valueView(
  ctx: ServerContext,
  scope: Scope,
  currency: Currency,
  range: PerformanceRange,
): Promise<Computed> {
  const { key, input } = await request(ctx, scope, currency, range);
  const cached = computedCache.get(key);
  if (cached) return cached;
  const computed = await ctx.valuations.run('valueView', input);
  computedCache.set(key, computed);
  return computed;
}

/**
 * A view's value today in its portfolio's base currency (a decimal string): what a projection
 * starts from when none is typed (features/planning).
 */
export async function viewValue(ctx: ServerContext, scope: Scope): Promise<string> {
  const computed = await valueView(
    ctx,
    scope,
    scope.access.portfolio.baseCurrency,
    DEFAULT_PERFORMANCE_RANGE,
  );
  return computed.result.figures.value;
}

/** A view's performance answer and summary: kept, else built on a worker (once for both). */
async function viewAnswers(
  ctx: ServerContext,
  scope: Scope,
  range: PerformanceRange,
): Promise<ViewAnswers> {
  const currency = scope.access.portfolio.baseCurrency;
  const { key, input } = await request(ctx, scope, currency, range);
  const kept = answerCache.get(key);
  if (kept) return kept;
  const asked = ctx.valuations.run('viewAnswers', input);
  answerCache.set(key, asked);
  // A failure is not kept: the next request asks again.
  asked.catch(() => {
    if (answerCache.get(key) === asked) answerCache.delete(key);
  });
  return asked;
}

/**
 * GET /api/v1/portfolios/{id}/performance: the answer itself is built on the worker (hundreds of
 * holdings' decimal figures), so the request thread only sends it.
 */
export async function portfolioPerformance(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  query: { range: PerformanceRange; sim?: string },
): Promise<PerformanceResponse> {
  const scope = await requireScope(ctx.database.db, actor.userId, portfolioId, query.sim, 'view', {
    log: actor.log,
    reads: ctx.reads,
  });
  return (await viewAnswers(ctx, scope, query.range)).performance;
}

/**
 * GET /api/v1/portfolios/{id}/summary: the category aggregation (spec 002, section 3) from the
 * valuation the performance answer and the dashboard use (built with it, on the worker, for the
 * range the pages ask first), so its total is the portfolio's value and each line the sum of its
 * holdings' rows; with the owner's plan and its asset limit (read per request: a plan changes
 * without the portfolio's data).
 */
export async function portfolioSummary(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
): Promise<Summary> {
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, simulationId, 'view', {
    log: actor.log,
  });
  const [{ summary }, tier] = await Promise.all([
    viewAnswers(ctx, scope, DEFAULT_PERFORMANCE_RANGE),
    ownerTier(db, scope.access.portfolio.userId),
  ]);
  return {
    ...summary,
    limits: {
      tier,
      assetLimit: assetLimitOf(tier),
      assetCount: summary.categories.reduce((sum, row) => sum + row.itemCount, 0),
    },
  };
}
