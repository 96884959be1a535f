import type { Subscription, Tier } from '@/contracts/subscription';
import { planSummary } from '@/domain/plans/plans';
import type { Reply } from './mock-api';

/** The caller's subscription as GET /subscription answers it, on a plan. */
export function makeSubscription(
  tier: Tier = 'free',
  overrides: Partial<Subscription> = {},
): Subscription {
  return {
    tier,
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
    managedBy: 'admin',
    billingAvailable: false,
    ...planSummary(tier),
    usage: { portfolios: [], goals: 0 },
    ...overrides,
  };
}

/** The mockApi route of GET /subscription on a plan. */
export const subscriptionRoute = (
  tier: Tier = 'free',
  overrides: Partial<Subscription> = {},
): Record<string, Reply> => ({
  'GET /subscription': { body: { subscription: makeSubscription(tier, overrides) } },
});
