import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_PAGE_PATHS, isAppPagePath } from '@/contracts/app-pages';
import { PUBLIC_PAGES } from '@/contracts/public-pages';
import { routes } from './router';

/** Every path the router shows something at (a page, a redirect), but its catch-all. */
function routedPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path === undefined ? parent : `${parent}/${route.path}`;
    // A leaf or an index route is a page; a layout route is one through its index child.
    const own = route.index || (route.path !== undefined && !route.children) ? [here] : [];
    return [...own, ...routedPaths(route.children ?? [], here)];
  });
}

const PUBLIC = new Set(PUBLIC_PAGES.flatMap((page) => [page.path, ...page.aliases]));

describe("the server's list of the app's pages", () => {
  it('is exactly the paths the router shows a page or a redirect at', () => {
    const routed = [...new Set(routedPaths(routes))]
      .map((path) => path.replace(/^\/\//, '/'))
      .filter((path) => !PUBLIC.has(path));
    expect([...routed].sort()).toEqual([...APP_PAGE_PATHS].sort());
  });

  it('matches paths as the router does', () => {
    for (const path of ['/dashboard', '/Dashboard', '/dashboard/', '/portfolio/abc', '/settings'])
      expect(isAppPagePath(path), path).toBe(true);
    for (const path of ['/', '/dashboards', '/portfolio', '/portfolio/a/b', '/privacy', '/x'])
      expect(isAppPagePath(path), path).toBe(false);
  });
});
