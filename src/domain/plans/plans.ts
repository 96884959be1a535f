/**
 * What each plan allows (spec 002, "Tier gating" and "Tiers and limits"): the one place the
 * server's enforcement, the API's answers and the web's explanations read it from.
 */

export const TIERS = ['free', 'classic', 'pro'] as const;
export type Tier = (typeof TIERS)[number];

/** The plans' names as the landing page sells them (the web translates them). */
export const PLAN_NAMES: Record<Tier, string> = {
  free: 'Free',
  classic: 'Premium',
  pro: 'Enterprise',
};

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Features a plan may withhold; every other feature is allowed to all. */
export const GATED_FEATURES = [
  'advanced_analytics',
  'data_export',
  'priority_support',
  'api_access',
  'unlimited_assets',
] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];

/** Counted limits; null is unlimited. */
export const PLAN_LIMITS = {
  free: { portfolioAssets: 10, goals: 3 },
  classic: { portfolioAssets: 50, goals: 10 },
  pro: { portfolioAssets: null, goals: null },
} as const satisfies Record<Tier, Record<string, number | null>>;
export type PlanLimit = keyof (typeof PLAN_LIMITS)['free'];

const FEATURES: Record<Tier, readonly GatedFeature[]> = {
  free: [],
  classic: ['advanced_analytics', 'data_export', 'priority_support'],
  pro: ['advanced_analytics', 'data_export', 'priority_support', 'api_access', 'unlimited_assets'],
};

export const isTier = (value: unknown): value is Tier =>
  typeof value === 'string' && (TIERS as readonly string[]).includes(value);

/** A stored tier as a plan: anything unknown is free. */
export const tierOf = (value: unknown): Tier => (isTier(value) ? value : 'free');

/**
 * Whether a plan allows a feature. A subscription that is not active or trialing (cancelled,
 * payment failed) counts as free.
 */
export function allows(
  tier: Tier,
  feature: string,
  status: SubscriptionStatus = 'active',
): boolean {
  if (!(GATED_FEATURES as readonly string[]).includes(feature)) return true;
  return FEATURES[effectiveTier(tier, status)].includes(feature as GatedFeature);
}

/** The plan that applies: the tier while the subscription is active or trialing, else free. */
export function effectiveTier(tier: Tier, status: SubscriptionStatus = 'active'): Tier {
  return status === 'active' || status === 'trialing' ? tier : 'free';
}

/** A plan's limit (null: unlimited). */
export const limitOf = (tier: Tier, limit: PlanLimit): number | null => PLAN_LIMITS[tier][limit];

/** Whether `count` items fit the plan's limit. */
export function fits(tier: Tier, limit: PlanLimit, count: number): boolean {
  const max = limitOf(tier, limit);
  return max === null || count <= max;
}

/** The least plan that allows a feature. */
export function requiredTierForFeature(feature: GatedFeature): Tier {
  return TIERS.find((tier) => FEATURES[tier].includes(feature)) ?? 'pro';
}

/** The least plan whose limit holds `count` items. */
export function requiredTierForCount(limit: PlanLimit, count: number): Tier {
  return TIERS.find((tier) => fits(tier, limit, count)) ?? 'pro';
}

/** Every feature and limit of a plan, as the subscription answer lists them. */
export function planSummary(tier: Tier) {
  return {
    limits: { ...PLAN_LIMITS[tier] },
    features: GATED_FEATURES.filter((feature) => FEATURES[tier].includes(feature)),
  };
}
