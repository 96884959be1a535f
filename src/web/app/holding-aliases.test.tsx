import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { HOLDING_ALIASES, holdingAliasRoutes, routes } from './router';

/** Where a navigation ended, with its query string. */
function Landed() {
  const location = useLocation();
  return <p>landed on {`${location.pathname}${location.search}`}</p>;
}

function renderAt(initial: string) {
  const router = createMemoryRouter(
    [
      ...holdingAliasRoutes.map((route) => ({ ...route, path: `/${route.path}` })),
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const SCOPE =
  '?portfolio=00000000-0000-4000-8000-0000000000aa&sim=00000000-0000-4000-8000-0000000000bb';

describe('the legacy asset paths', () => {
  it.each([
    ['/market', '/assets/market'],
    ['/crypto', '/assets/crypto'],
    ['/crowdfunding', '/assets/crowdfunding'],
    ['/real-estate', '/assets/real-estate'],
    ['/savings', '/assets/savings'],
    ['/savings/accounts', '/assets/savings'],
  ])('%s goes to %s, keeping ?portfolio= and ?sim=', async (from, to) => {
    const router = renderAt(`${from}${SCOPE}`);
    expect(await screen.findByText(`landed on ${to}${SCOPE}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
    expect(router.state.location.search).toBe(SCOPE);
    // Replaced, not pushed: Back does not bounce through the old path.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes without a query string when there is none', async () => {
    renderAt('/real-estate');
    expect(await screen.findByText('landed on /assets/real-estate')).toBeInTheDocument();
  });

  it('are routes of the signed-in area, each to a class page the app has', () => {
    const signedIn = routes[0]?.children?.find((route) =>
      route.children?.some((child) => child.path === 'assets'),
    );
    const paths = signedIn?.children?.map((route) => route.path) ?? [];
    for (const [from, to] of HOLDING_ALIASES) {
      expect(paths).toContain(from);
      expect(paths).toContain(to.slice(1));
    }
  });
});
