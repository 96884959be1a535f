import { describe, expect, it } from 'vitest';
import {
  allows,
  effectiveTier,
  fits,
  GATED_FEATURES,
  limitOf,
  planSummary,
  requiredTierForCount,
  requiredTierForFeature,
  tierOf,
} from './plans';

describe('plans (spec 002, tier gating and limits)', () => {
  it('limit assets per portfolio to 10, 50 and unlimited, and goals to 3, 10 and unlimited', () => {
    expect([limitOf('free', 'portfolioAssets'), limitOf('classic', 'portfolioAssets')]).toEqual([
      10, 50,
    ]);
    expect(limitOf('pro', 'portfolioAssets')).toBeNull();
    expect([
      limitOf('free', 'goals'),
      limitOf('classic', 'goals'),
      limitOf('pro', 'goals'),
    ]).toEqual([3, 10, null]);
    expect(fits('free', 'portfolioAssets', 10)).toBe(true);
    expect(fits('free', 'portfolioAssets', 11)).toBe(false);
    expect(fits('pro', 'portfolioAssets', 1_000_000)).toBe(true);
  });

  it('give analytics, export and priority support to classic and pro, API access to pro', () => {
    const matrix = Object.fromEntries(
      GATED_FEATURES.map((feature) => [
        feature,
        (['free', 'classic', 'pro'] as const).map((tier) => allows(tier, feature)),
      ]),
    );
    expect(matrix).toEqual({
      advanced_analytics: [false, true, true],
      data_export: [false, true, true],
      priority_support: [false, true, true],
      api_access: [false, false, true],
      unlimited_assets: [false, false, true],
    });
    // Everything else is allowed to all.
    expect(allows('free', 'search_bar')).toBe(true);
  });

  it('count a cancelled or unpaid subscription as free', () => {
    expect(effectiveTier('pro', 'canceled')).toBe('free');
    expect(effectiveTier('pro', 'past_due')).toBe('free');
    expect(effectiveTier('classic', 'trialing')).toBe('classic');
    expect(allows('pro', 'api_access', 'canceled')).toBe(false);
  });

  it('name the least plan that allows a feature or holds a count', () => {
    expect(requiredTierForFeature('data_export')).toBe('classic');
    expect(requiredTierForFeature('api_access')).toBe('pro');
    expect(requiredTierForCount('portfolioAssets', 11)).toBe('classic');
    expect(requiredTierForCount('portfolioAssets', 51)).toBe('pro');
    expect(requiredTierForCount('goals', 3)).toBe('free');
  });

  it('read an unknown stored tier as free, and summarise a plan', () => {
    expect(tierOf('enterprise')).toBe('free');
    expect(tierOf('pro')).toBe('pro');
    expect(planSummary('classic')).toEqual({
      limits: { portfolioAssets: 50, goals: 10 },
      features: ['advanced_analytics', 'data_export', 'priority_support'],
    });
  });
});
