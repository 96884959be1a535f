import { eq } from 'drizzle-orm';
import {
  allows,
  effectiveTier,
  type GatedFeature,
  requiredTierForFeature,
  type SubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  type Tier,
  tierOf,
} from '@/domain/plans/plans';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { subscriptions } from '../../db/schema';

export type StoredSubscription = {
  tier: Tier;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  managedBy: 'admin' | 'billing';
};

const statusOf = (value: unknown): SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(value)
    ? (value as SubscriptionStatus)
    : 'active';

/**
 * A user's subscription row as a plan. A missing row reads as free and active (spec 002's
 * fallback): rows are created with the account, so this only covers accounts from before.
 */
export async function readSubscription(db: DbOrTx, userId: string): Promise<StoredSubscription> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const metadata = (row?.metadata ?? {}) as Record<string, unknown>;
  return {
    tier: tierOf(row?.tier),
    status: statusOf(row?.status),
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd:
      typeof metadata.currentPeriodEnd === 'string' ? metadata.currentPeriodEnd : null,
    managedBy: metadata.provider ? 'billing' : 'admin',
  };
}

/**
 * Refuses a feature the user's plan does not include: 403 TIER_FEATURE naming the feature, the
 * least plan that has it, and the plan that applies now.
 */
export async function requireFeature(db: DbOrTx, userId: string, feature: GatedFeature) {
  const { tier, status } = await readSubscription(db, userId);
  if (allows(tier, feature, status)) return;
  throw new AppError('TIER_FEATURE', {
    feature,
    requiredTier: requiredTierForFeature(feature),
    tier: effectiveTier(tier, status),
  });
}
