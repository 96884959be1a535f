import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Subscription } from '@/contracts/subscription';
import { effectiveTier, planSummary } from '@/domain/plans/plans';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { goals, holdings, portfolios } from '../../db/schema';
import { readSubscription } from './subscriptions';

/** Goals of every portfolio an owner has (simulations' included): what the plan's goal limit counts. */
export async function ownerGoalCount(db: DbOrTx, ownerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(goals)
    .innerJoin(portfolios, eq(portfolios.id, goals.portfolioId))
    .where(eq(portfolios.userId, ownerId));
  return Number(row?.n ?? 0);
}

/**
 * The caller's plan, what it allows (the limits and features that apply: a plan that is not active
 * or trialing allows what free does) and how much of it they use: the active assets of each
 * portfolio they own (the limit counts each portfolio view; the real one is shown), and goals.
 */
export async function getSubscription(ctx: ServerContext, userId: string): Promise<Subscription> {
  const db = ctx.database.db;
  const stored = await readSubscription(db, userId);
  const used = await db
    .select({ portfolioId: portfolios.id, name: portfolios.name, assets: count(holdings.id) })
    .from(portfolios)
    .leftJoin(
      holdings,
      and(
        eq(holdings.portfolioId, portfolios.id),
        isNull(holdings.simulationId),
        eq(holdings.isActive, true),
      ),
    )
    .where(eq(portfolios.userId, userId))
    .groupBy(portfolios.id, portfolios.name, portfolios.createdAt)
    .orderBy(asc(portfolios.createdAt));
  return {
    ...stored,
    billingAvailable: ctx.config.billing !== null,
    ...planSummary(effectiveTier(stored.tier, stored.status)),
    usage: {
      portfolios: used.map((row) => ({ ...row, assets: Number(row.assets) })),
      goals: await ownerGoalCount(db, userId),
    },
  };
}
