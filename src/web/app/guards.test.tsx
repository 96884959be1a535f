import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { createTestQueryClient } from '@/web/test/render';
import { mockApi, testPendingSession, testSession } from '@/web/test/mock-api';
import { HomeRedirect, RedirectIfSignedIn, RequireAuth } from './guards';

/** Where a navigation ended, for paths no route names. */
function Landed() {
  const location = useLocation();
  return <p>landed on {JSON.stringify(location.pathname)}</p>;
}

afterEach(() => vi.restoreAllMocks());

function renderAt(initial: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: (
          <RedirectIfSignedIn>
            <p>login page</p>
          </RedirectIfSignedIn>
        ),
      },
      {
        path: '/dashboard',
        element: (
          <RequireAuth>
            <p>dashboard page</p>
          </RequireAuth>
        ),
      },
      {
        path: '/settings/security',
        element: (
          <RequireAuth>
            <p>security page</p>
          </RequireAuth>
        ),
      },
      { path: '/app-shell', element: <HomeRedirect /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [initial] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const signedOut = () =>
  mockApi({
    'GET /auth/session': {
      status: 401,
      body: { error: { code: 'UNAUTHENTICATED', message: '', details: null } },
    },
  });
const signedIn = () => mockApi({ 'GET /auth/session': { body: testSession() } });

describe('route guards', () => {
  it('send a signed-out visitor of a signed-in page to /login, remembering where they were going', async () => {
    signedOut();
    const router = renderAt('/settings/security?tab=sessions');
    expect(await screen.findByText('login page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/settings/security?tab=sessions')}`,
    );
  });

  it('send a signed-in visitor of /login to ?next=, or to the dashboard', async () => {
    signedIn();
    const router = renderAt('/login?next=%2Fsettings%2Fsecurity');
    expect(await screen.findByText('security page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/settings/security');
  });

  it('send /app-shell (the service worker copies the shell from it) to the dashboard or /login', async () => {
    signedIn();
    const router = renderAt('/app-shell');
    expect(await screen.findByText('dashboard page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('send /app-shell to /login when signed out', async () => {
    signedOut();
    const router = renderAt('/app-shell');
    expect(await screen.findByText('login page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('show the shell’s skeleton, not a spinner, while the session loads', () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
    renderAt('/dashboard');
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('show the connection card when the session cannot be read', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/dashboard');
    expect(await screen.findByText('Connection issue', {}, { timeout: 10_000 })).toBeVisible();
  });

  it('keep the session they had when a refresh of it fails (offline: the last visit, read-only)', async () => {
    const client = createTestQueryClient();
    client.setQueryData(['auth', 'session'], testSession());
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await client.refetchQueries({ queryKey: ['auth', 'session'] }).catch(() => undefined);
    expect(client.getQueryState(['auth', 'session'])?.status).toBe('error');
    const router = createMemoryRouter(
      [
        {
          path: '/dashboard',
          element: (
            <RequireAuth>
              <p>dashboard page</p>
            </RequireAuth>
          ),
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('dashboard page')).toBeVisible();
    expect(screen.queryByText('Connection issue')).toBeNull();
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example',
    // Browsers drop tabs and newlines from URLs: '/\t/evil.example' would become '//evil.example'.
    '/\t/evil.example',
    '/\n/evil.example',
    '/ok\u0000',
  ])('only follow ?next= to a path of this site, not %j', async (next) => {
    signedIn();
    const router = createMemoryRouter(
      [
        {
          path: '/login',
          element: (
            <RedirectIfSignedIn>
              <p>login page</p>
            </RedirectIfSignedIn>
          ),
        },
        { path: '/dashboard', element: <p>dashboard page</p> },
        { path: '*', element: <Landed /> },
      ],
      { initialEntries: [`/login?next=${encodeURIComponent(next)}`] },
    );
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('dashboard page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('send a session waiting for its second step on from /login too (the app holds it there)', async () => {
    mockApi({ 'GET /auth/session': { body: testPendingSession() } });
    const router = renderAt('/login?next=%2Fsettings%2Fsecurity');
    expect(await screen.findByText('security page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/settings/security');
  });
});
