import { count } from 'drizzle-orm';
import { type Tier, TIER_ASSET_LIMITS } from '@/contracts/holdings';
import { effectiveTier } from '@/domain/plans/plans';
import type { DbOrTx } from '../db/client';
import { holdings } from '../db/schema';
import { AppError } from './errors';
import { activeHoldingsOf, type Scope } from './holding-scope';
import { readSubscription } from './subscriptions';

/**
 * The plan's asset limit: the portfolio owner's plan (`ownerTier`), how many active holdings a
 * view has (`assetCount`), and the refusal of a holding beyond the limit (`enforceAssetLimit`).
 * In the platform because holdings are added by the holdings feature (one at a time) and by the
 * CSV import (features/import-export, a file at a time); the summary answers the same count.
 */

/**
 * The plan that applies to the portfolio owner: the subscriptions row's tier while it is active or
 * trialing, free otherwise (a failed payment, a cancelled subscription) or when there is no row.
 */
export async function ownerTier(db: DbOrTx, ownerId: string): Promise<Tier> {
  const { tier, status } = await readSubscription(db, ownerId);
  return effectiveTier(tier, status);
}

/** How many active holdings a view has (what the plan's asset limit counts). */
export async function assetCount(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(holdings).where(activeHoldingsOf(scope));
  return Number(row?.n ?? 0);
}

const TIER_NAMES: Record<Tier, string> = { free: 'Free', classic: 'Classic', pro: 'Pro' };

/**
 * The plan's asset limit (spec 002, section 6: free 10, classic 50, pro unlimited), counted per
 * portfolio view (the real portfolio and each simulation apart), on the portfolio owner's plan.
 * The caller holds the portfolio row lock, so two adds at once cannot both pass at 9.
 */
export async function enforceAssetLimit(db: DbOrTx, scope: Scope, adding = 1) {
  const tier = await ownerTier(db, scope.access.portfolio.userId);
  const limit = TIER_ASSET_LIMITS[tier];
  if (limit === null) return;
  if ((await assetCount(db, scope)) + adding > limit) {
    throw new AppError(
      'TIER_ASSET_LIMIT',
      { tier, limit },
      `Your ${TIER_NAMES[tier]} plan allows ${limit} assets per portfolio. Upgrade your plan to add more.`,
    );
  }
}
