import { describe, expect, it } from 'vitest';
import { activeItemId, isFlagEnabled, NAV, type NavEntry, visibleNav } from './nav-config';

const load = () => Promise.resolve();
const allPaths = NAV.flatMap((entry) =>
  entry.kind === 'item' ? [entry.path] : entry.items.map((item) => item.path),
);
const pagesFor = (paths: string[]) => new Map(paths.map((path) => [path, load]));
const ids = (entries: NavEntry[]) =>
  entries.map((entry) =>
    entry.kind === 'item' ? entry.id : `${entry.id}[${entry.items.map((i) => i.id).join(',')}]`,
  );

describe('navigation config', () => {
  it('lists the spec pages, with their flags and the portfolio-data marker', () => {
    expect(allPaths).toEqual([
      '/dashboard',
      '/goals',
      '/assets',
      '/assets/market',
      '/assets/crypto',
      '/assets/real-estate',
      '/assets/crowdfunding',
      '/assets/savings',
      '/transactions',
      '/wealth-projection',
      '/analytics/portfolio-comparison',
      '/import-export',
    ]);
    const assets = NAV.find((entry) => entry.id === 'assets');
    expect(
      assets?.kind === 'group' &&
        assets.items.filter((item) => item.needsPortfolioData).map((i) => i.id),
    ).toEqual(['market', 'crypto', 'real-estate', 'crowdfunding', 'savings']);
    expect(NAV.map((entry) => entry.flag)).toEqual([
      'sidebar_dashboard',
      'sidebar_goals',
      'sidebar_assets',
      'sidebar_analytics',
      'sidebar_tools',
    ]);
  });

  it('shows everything whose page exists while flags load', () => {
    expect(ids(visibleNav(pagesFor(allPaths), undefined))).toEqual([
      'dashboard',
      'goals',
      'assets[assets-overview,market,crypto,real-estate,crowdfunding,savings,transactions]',
      'analytics[wealth-projection,portfolio-comparison]',
      'tools[import-export]',
    ]);
  });

  it('hides items whose page does not exist, and groups left empty', () => {
    expect(ids(visibleNav(pagesFor(['/dashboard', '/assets/crypto']), undefined))).toEqual([
      'dashboard',
      'assets[crypto]',
    ]);
  });

  it('hides items whose flag is off; a missing flag counts as on', () => {
    const flags = {
      sidebar_goals: false,
      sidebar_assets_market: false,
      sidebar_analytics_wealth_projection: true,
    };
    expect(ids(visibleNav(pagesFor(allPaths), flags))).toEqual([
      'dashboard',
      'assets[assets-overview,crypto,real-estate,crowdfunding,savings,transactions]',
      'analytics[wealth-projection,portfolio-comparison]',
      'tools[import-export]',
    ]);
  });

  it('hides a whole group when its own flag is off', () => {
    expect(
      ids(
        visibleNav(pagesFor(allPaths), {
          sidebar_assets: false,
          sidebar_tools_import_export: false,
        }),
      ),
    ).toEqual(['dashboard', 'goals', 'analytics[wealth-projection,portfolio-comparison]']);
  });

  it('reads flags', () => {
    expect(isFlagEnabled(undefined, 'search_bar')).toBe(true);
    expect(isFlagEnabled({}, 'search_bar')).toBe(true);
    expect(isFlagEnabled({ search_bar: false }, 'search_bar')).toBe(false);
  });

  it('picks the most specific item as active', () => {
    expect(activeItemId(NAV, '/assets')).toBe('assets-overview');
    expect(activeItemId(NAV, '/assets/market')).toBe('market');
    expect(activeItemId(NAV, '/assets/market/')).toBe('market');
    expect(activeItemId(NAV, '/goals/42')).toBe('goals');
    expect(activeItemId(NAV, '/assets-archive')).toBeUndefined();
    expect(activeItemId(NAV, '/settings/account')).toBeUndefined();
  });
});
