import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type {
  GatedFeature,
  Subscription,
  SubscriptionStatus,
  Tier,
} from '@/contracts/subscription';
import { ADVANCED_ANALYTICS_RANGES, type PerformanceRange } from '@/contracts/valuation';
import { allows as planAllows } from '@/domain/plans/plans';
import { api } from './api-client';
import { CACHE } from './query-client';
import { useRealtime } from './realtime';
import { useSession } from './session';

/** The subscription's query key: one entry for the subscription page and every gate. */
export const planKeys = { subscription: () => ['subscription'] as const };

/**
 * The caller's plan, limits and usage (GET /subscription); refreshed when an admin or the payment
 * provider changes it (user topic). `awaitingChange` (back from a checkout) also refetches
 * whenever the tab regains focus.
 */
export function useSubscription({ awaitingChange = false }: { awaitingChange?: boolean } = {}) {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user.id ?? null;
  useRealtime(userId ? `user:${userId}` : null, (payload) => {
    if ((payload as { type?: unknown } | null)?.type === 'subscription')
      void queryClient.invalidateQueries({ queryKey: planKeys.subscription() });
  });
  return useQuery({
    queryKey: planKeys.subscription(),
    queryFn: ({ signal }) =>
      api<{ subscription: Subscription }>('/subscription', { signal }).then(
        (data) => data.subscription,
      ),
    ...CACHE.semiStatic,
    ...(awaitingChange ? { refetchOnWindowFocus: 'always' as const } : {}),
  });
}

/** Where every "Upgrade your plan" path leads. */
export const PLANS_PATH = '/settings/subscription';

/**
 * The performance periods that need advanced analytics (Premium): the server refuses them below
 * it with 403 TIER_FEATURE, so the range toggles mark them instead of asking.
 */
export const GATED_RANGES: readonly PerformanceRange[] = ADVANCED_ANALYTICS_RANGES;

export type Plan = {
  /** The stored plan (Free until the subscription is known). */
  tier: Tier;
  status: SubscriptionStatus;
  features: readonly GatedFeature[];
  /** Whether the plan allows a feature now (a cancelled or unpaid plan allows what Free does). */
  allows: (feature: GatedFeature) => boolean;
  /** The subscription answered (a missing or failed answer reads as Free, active). */
  known: boolean;
  /** The first answer is on its way (a page may show placeholders rather than guess). */
  pending: boolean;
};

const NO_FEATURES: readonly GatedFeature[] = [];
const NO_RANGES: readonly PerformanceRange[] = [];

/**
 * The caller's plan, from GET /subscription (shared with the subscription page's query), kept
 * fresh when an admin or the payment provider changes it (user topic). A missing or failed answer
 * reads as Free and active: gated controls then explain and link to the plans, never a dead end.
 */
export function usePlan(): Plan {
  const query = useSubscription();
  const subscription = query.data;
  const pending = query.isPending;
  const tier = subscription?.tier ?? 'free';
  const status = subscription?.status ?? 'active';
  const features = subscription?.features ?? NO_FEATURES;
  // The domain's rule, as the server applies it (a cancelled or unpaid plan allows what Free does).
  const allows = useCallback(
    (feature: GatedFeature) => planAllows(tier, feature, status),
    [tier, status],
  );
  return useMemo(
    () => ({ tier, status, features, allows, known: subscription !== undefined, pending }),
    [tier, status, features, allows, subscription, pending],
  );
}

/** The periods the caller's plan does not open (empty with advanced analytics). */
export function useLockedRanges(): readonly PerformanceRange[] {
  const plan = usePlan();
  return plan.allows('advanced_analytics') ? NO_RANGES : GATED_RANGES;
}
