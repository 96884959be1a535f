import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import {
  type CreateGoalBody,
  GOAL_MILESTONES,
  type Goal,
  type GoalMeasure,
  type GoalProgress,
  type UpdateGoalBody,
} from '@/contracts/goals';
import { DEFAULT_PERFORMANCE_RANGE } from '@/contracts/valuation';
import { type Decimal, dec, roundMoney, toPlain } from '@/domain/money/decimal';
import { limitOf, PLAN_NAMES, requiredTierForCount } from '@/domain/plans/plans';
import { assumptionsFromAllocation } from '@/domain/projection';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { goals, holdings, portfolios } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { ownerTier } from '../holdings';
import { type Actor, requireScope, type Scope, simulationIs } from '../ledger';
import { notify } from '../notifications';
import { publishChanged } from '../portfolios';
import { inView, requireItemScope } from './item-scope';
import { ownerGoalCount } from '../subscription';
import { todayOf, valueView } from '../valuation';

/**
 * Goals (issue 29): an amount to reach by a date in a portfolio view. Permissions are the
 * portfolio's (read to see, edit to change; a goal of a view the caller cannot see answers 404).
 * Progress is computed when asked: the amount typed, or the view's (or chosen holdings') value
 * converted into the goal's currency by the valuation engine; crossing 25, 50, 75 and 100%
 * notifies the goal's author once each (docs/decisions.md, "Goals").
 */

type Row = typeof goals.$inferSelect;

const measureOf = (row: Row): GoalMeasure =>
  row.measureKind === 'manual'
    ? { kind: 'manual', currentAmount: toPlain(dec(row.currentAmount ?? '0')) }
    : row.measureKind === 'portfolio'
      ? { kind: 'portfolio' }
      : { kind: 'holdings', holdingIds: row.holdingIds };

const measureColumns = (measure: GoalMeasure) => ({
  measureKind: measure.kind,
  currentAmount: measure.kind === 'manual' ? measure.currentAmount : null,
  holdingIds: measure.kind === 'holdings' ? [...new Set(measure.holdingIds)] : [],
});

/** Whole months from `today` to `date` (0 once it is reached or passed). */
export function monthsBetween(today: string, date: string): number {
  const [y1, m1, d1] = today.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = date.split('-').map(Number) as [number, number, number];
  const months = (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
  return Math.max(0, months);
}

/**
 * What to put in at the end of each of `months` months, growing at the monthly rate of
 * `expectedReturn`, for `current` to become `target` (0 when it already will): the annuity that
 * closes the gap between the target and what the current amount grows to.
 */
export function monthlyNeeded(
  current: number,
  target: number,
  months: number,
  expectedReturn: number,
): number {
  if (months <= 0) return Math.max(0, target - current);
  const rate = Math.pow(1 + expectedReturn, 1 / 12) - 1;
  const growth = Math.pow(1 + rate, months);
  const gap = target - current * growth;
  if (gap <= 0) return 0;
  return rate === 0 ? gap / months : (gap * rate) / (growth - 1);
}

type Valued = {
  amount: Decimal | null;
  expectedReturn: number;
  volatility: number;
  unconverted: string[];
};

/** What a goal's measure counts today, in its currency, with the expected return of it. */
async function measured(ctx: ServerContext, scope: Scope, row: Row): Promise<Valued> {
  if (row.measureKind === 'manual') {
    return {
      amount: dec(row.currentAmount ?? '0'),
      expectedReturn: 0,
      volatility: 0,
      unconverted: [],
    };
  }
  const computed = await valueView(ctx, scope, row.currency, DEFAULT_PERFORMANCE_RANGE);
  const chosen = row.measureKind === 'holdings' ? new Set(row.holdingIds) : null;
  let amount = dec(0);
  const byClass = new Map<string, number>();
  for (const holding of computed.result.holdings) {
    if (chosen && !chosen.has(holding.id)) continue;
    const value = dec(holding.figures.value);
    amount = amount.plus(value);
    const key = computed.meta.get(holding.id)?.class ?? 'cash';
    byClass.set(key, (byClass.get(key) ?? 0) + value.toNumber());
  }
  const unconverted = computed.result.unpriced
    .filter((holding) => holding.reason === 'missing-rate' && (!chosen || chosen.has(holding.id)))
    .map((holding) => computed.meta.get(holding.id)?.name ?? holding.symbol ?? holding.id);
  const total = [...byClass.values()].reduce((sum, value) => sum + value, 0);
  const { expectedReturn, volatility } = assumptionsFromAllocation(
    [...byClass].map(([key, value]) => ({ key, weight: total > 0 ? value / total : 0 })),
  );
  return total > 0
    ? { amount, expectedReturn, volatility, unconverted }
    : { amount, expectedReturn: 0, volatility: 0, unconverted };
}

function progressOf(row: Row, valued: Valued, today: string): GoalProgress {
  const target = dec(row.targetAmount);
  const monthsLeft = monthsBetween(today, row.targetDate);
  const { amount, expectedReturn, volatility, unconverted } = valued;
  if (!amount) {
    return {
      currentAmount: null,
      percent: null,
      remaining: null,
      monthsLeft,
      monthlyNeeded: null,
      expectedReturn,
      volatility,
      onTrack: null,
      unconverted,
    };
  }
  const remaining = target.minus(amount);
  const needed = monthlyNeeded(amount.toNumber(), target.toNumber(), monthsLeft, expectedReturn);
  return {
    currentAmount: roundMoney(amount, row.currency),
    percent: Math.round(amount.div(target).times(1000).toNumber()) / 10,
    remaining: roundMoney(remaining.isNegative() ? dec(0) : remaining, row.currency),
    monthsLeft,
    monthlyNeeded: roundMoney(dec(needed), row.currency),
    expectedReturn,
    volatility,
    onTrack: needed === 0,
    unconverted,
  };
}

function toGoal(row: Row, progress: GoalProgress): Goal {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    simulationId: row.simulationId,
    title: row.title,
    description: row.description,
    category: row.category,
    status: row.status,
    priority: row.priority,
    targetAmount: toPlain(dec(row.targetAmount)),
    currency: row.currency,
    targetDate: row.targetDate,
    measure: measureOf(row),
    progress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The goal with its progress; an active goal that crossed a milestone since it was last looked
 * at notifies its author (once per milestone: the stored mark only moves up), and one that
 * reached 100% becomes achieved.
 */
async function withProgress(ctx: ServerContext, scope: Scope, row: Row): Promise<Goal> {
  const progress = progressOf(row, await measured(ctx, scope, row), todayOf(ctx));
  const reached =
    progress.percent === null
      ? 0
      : Math.max(0, ...GOAL_MILESTONES.filter((mark) => (progress.percent as number) >= mark));
  if (row.status === 'active' && reached > row.milestonesReached) {
    const updated = await ctx.database.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(goals)
        .set({
          milestonesReached: reached,
          ...(reached === 100 ? { status: 'achieved' as const } : {}),
          updatedAt: ctx.clock.now(),
        })
        .where(
          and(
            eq(goals.id, row.id),
            eq(goals.status, 'active'),
            lt(goals.milestonesReached, reached),
          ),
        )
        .returning();
      // Another request moved it first: it has notified.
      if (!moved) return row;
      const metadata = { path: `/goals/${row.id}`, goalId: row.id };
      await notify(
        ctx,
        {
          userId: row.userId,
          type: 'system',
          key: 'goalMilestone',
          params: { title: row.title, percent: String(reached) },
          metadata,
        },
        tx,
      );
      if (reached === 100) {
        await notify(
          ctx,
          {
            userId: row.userId,
            type: 'success',
            key: 'achievementGoalReached',
            params: { title: row.title },
            metadata,
          },
          tx,
        );
      }
      return moved;
    });
    return toGoal(updated, progress);
  }
  return toGoal(row, progress);
}

export async function listGoals(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  sim: string | undefined,
) {
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, sim, 'view', { log: actor.log });
  const rows = await db
    .select()
    .from(goals)
    .where(inView(goals, scope))
    .orderBy(asc(goals.targetDate), asc(goals.createdAt), asc(goals.id));
  const ownerId = scope.access.portfolio.userId;
  const [tier, total] = await Promise.all([ownerTier(db, ownerId), ownerGoalCount(db, ownerId)]);
  const list: Goal[] = [];
  for (const row of rows) list.push(await withProgress(ctx, scope, row));
  return { goals: list, limit: limitOf(tier, 'goals'), count: total };
}

/** Holdings named by a measure must be active holdings of the same view. */
async function checkHoldings(db: DbOrTx, scope: Scope, measure: GoalMeasure) {
  if (measure.kind !== 'holdings') return;
  const wanted = [...new Set(measure.holdingIds)];
  const found = await db
    .select({ id: holdings.id })
    .from(holdings)
    .where(
      and(
        inArray(holdings.id, wanted),
        eq(holdings.portfolioId, scope.portfolioId),
        simulationIs(holdings.simulationId, scope.simulationId),
        eq(holdings.isActive, true),
      ),
    );
  if (found.length !== wanted.length) throw new AppError('GOAL_HOLDING_NOT_FOUND');
}

export async function createGoal(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  sim: string | undefined,
  body: CreateGoalBody,
): Promise<Goal> {
  const row = await ctx.database.db.transaction(async (tx) => {
    const scope = await requireScope(tx, actor.userId, portfolioId, sim, 'edit', {
      forUpdate: true,
      log: actor.log,
    });
    const ownerId = scope.access.portfolio.userId;
    // The owner's portfolios are locked one by one by their writes; the owner row orders these.
    await tx
      .select({ id: portfolios.id })
      .from(portfolios)
      .where(eq(portfolios.userId, ownerId))
      .for('update');
    const tier = await ownerTier(tx, ownerId);
    const limit = limitOf(tier, 'goals');
    const wanted = (await ownerGoalCount(tx, ownerId)) + 1;
    if (limit !== null && wanted > limit) {
      throw new AppError(
        'TIER_GOAL_LIMIT',
        { tier, limit, requiredTier: requiredTierForCount('goals', wanted) },
        `Your ${PLAN_NAMES[tier]} plan allows ${limit} goals. Upgrade your plan to add more.`,
      );
    }
    await checkHoldings(tx, scope, body.measure);
    const now = ctx.clock.now();
    const [inserted] = await tx
      .insert(goals)
      .values({
        portfolioId: scope.portfolioId,
        simulationId: scope.simulationId,
        userId: actor.userId,
        title: body.title,
        description: body.description ?? null,
        category: body.category,
        status: body.status,
        priority: body.priority,
        targetAmount: body.targetAmount,
        currency: body.currency,
        targetDate: body.targetDate,
        ...measureColumns(body.measure),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('insert failed');
    await publishChanged(ctx, tx, scope.portfolioId, 'planning');
    return { inserted, scope };
  });
  return withProgress(ctx, row.scope, row.inserted);
}

/** The goal and the caller's scope on it (see `requireItemScope`). */
async function requireGoal(db: DbOrTx, actor: Actor, id: string, action: 'view' | 'edit') {
  const [row] = await db.select().from(goals).where(eq(goals.id, id));
  if (!row) throw new AppError('GOAL_NOT_FOUND');
  return { row, scope: await requireItemScope(db, actor, row, action, 'GOAL_NOT_FOUND') };
}

export async function getGoal(ctx: ServerContext, actor: Actor, id: string) {
  const { row, scope } = await requireGoal(ctx.database.db, actor, id, 'view');
  return withProgress(ctx, scope, row);
}

export async function updateGoal(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  body: UpdateGoalBody,
): Promise<Goal> {
  const { row, scope } = await ctx.database.db.transaction(async (tx) => {
    const found = await requireGoal(tx, actor, id, 'edit');
    if (body.measure) await checkHoldings(tx, found.scope, body.measure);
    const targetChanged =
      (body.targetAmount !== undefined &&
        !dec(body.targetAmount).eq(dec(found.row.targetAmount))) ||
      (body.currency !== undefined && body.currency !== found.row.currency) ||
      body.measure !== undefined;
    const [updated] = await tx
      .update(goals)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.category !== undefined ? { category: body.category } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
        ...(body.targetAmount !== undefined ? { targetAmount: body.targetAmount } : {}),
        ...(body.currency !== undefined ? { currency: body.currency } : {}),
        ...(body.targetDate !== undefined ? { targetDate: body.targetDate } : {}),
        ...(body.measure !== undefined ? measureColumns(body.measure) : {}),
        // A new target or measure starts its milestones again.
        ...(targetChanged ? { milestonesReached: 0 } : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(goals.id, id))
      .returning();
    if (!updated) throw new AppError('GOAL_NOT_FOUND');
    await publishChanged(ctx, tx, updated.portfolioId, 'planning');
    return { row: updated, scope: found.scope };
  });
  return withProgress(ctx, scope, row);
}

export async function deleteGoal(ctx: ServerContext, actor: Actor, id: string) {
  await ctx.database.db.transaction(async (tx) => {
    const { row } = await requireGoal(tx, actor, id, 'edit');
    await tx.delete(goals).where(eq(goals.id, id));
    await publishChanged(ctx, tx, row.portfolioId, 'planning');
  });
}
