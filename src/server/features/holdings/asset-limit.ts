import { count } from 'drizzle-orm';
import {
  effectiveTier,
  limitOf,
  PLAN_NAMES,
  requiredTierForCount,
  type Tier,
} from '@/domain/plans/plans';
import type { DbOrTx } from '../../db/client';
import { holdings } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { activeHoldingsOf, type Scope } from '../ledger';
import { readSubscription } from '../subscription';

/**
 * The plan's asset limit: the portfolio owner's plan (`ownerTier`), how many active holdings a
 * view has (`assetCount`), and the refusal of a holding beyond the limit (`enforceAssetLimit`).
 * Offered in the holdings' index.ts because holdings are added by the holdings feature (one at a
 * time) and by the CSV import (features/import-export, a file at a time); the summary (valuation)
 * answers the same count.
 */

/**
 * The plan that applies to the portfolio owner now: their tier while it is active or trialing,
 * else free (no row: free).
 */
export async function ownerTier(db: DbOrTx, ownerId: string): Promise<Tier> {
  const { tier, status } = await readSubscription(db, ownerId);
  return effectiveTier(tier, status);
}

/** Assets a portfolio view may hold on a plan; null is unlimited. */
export const assetLimitOf = (tier: Tier) => limitOf(tier, 'portfolioAssets');

/** How many active holdings a view has (what the plan's asset limit counts). */
export async function assetCount(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(holdings).where(activeHoldingsOf(scope));
  return Number(row?.n ?? 0);
}

/**
 * The plan's asset limit (spec 002, section 6: free 10, classic 50, pro unlimited), counted per
 * portfolio view (the real portfolio and each simulation apart), on the portfolio owner's plan.
 * The caller holds the portfolio row lock, so two adds at once cannot both pass at 9.
 */
export async function enforceAssetLimit(db: DbOrTx, scope: Scope, adding = 1) {
  const tier = await ownerTier(db, scope.access.portfolio.userId);
  const limit = assetLimitOf(tier);
  if (limit === null) return;
  const wanted = (await assetCount(db, scope)) + adding;
  if (wanted > limit) {
    throw new AppError(
      'TIER_ASSET_LIMIT',
      { tier, limit, requiredTier: requiredTierForCount('portfolioAssets', wanted) },
      `Your ${PLAN_NAMES[tier]} plan allows ${limit} assets per portfolio. Upgrade your plan to add more.`,
    );
  }
}
