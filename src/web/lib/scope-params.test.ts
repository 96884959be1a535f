import { describe, expect, it } from 'vitest';
import { withScopeParams } from './scope-params';

describe('withScopeParams', () => {
  it('carries portfolio and sim along and drops other parameters', () => {
    expect(withScopeParams('/assets', '?portfolio=p1&sim=s2&tab=x')).toBe(
      '/assets?portfolio=p1&sim=s2',
    );
  });

  it('returns the bare path when there is nothing to carry', () => {
    expect(withScopeParams('/assets', '')).toBe('/assets');
    expect(withScopeParams('/assets', '?tab=x')).toBe('/assets');
  });

  it('carries only sim for settings links', () => {
    expect(
      withScopeParams('/settings/account', '?portfolio=p1&sim=s2', { keepPortfolio: false }),
    ).toBe('/settings/account?sim=s2');
  });

  it("keeps the target's own parameters and hash", () => {
    expect(withScopeParams('/goals?view=list#top', '?portfolio=p%201')).toBe(
      '/goals?view=list&portfolio=p+1#top',
    );
    expect(withScopeParams('/goals?portfolio=other', '?portfolio=p1')).toBe(
      '/goals?portfolio=other',
    );
  });
});
