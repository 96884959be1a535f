import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/web/lib/api-client';
import { readErrors, captureError } from '@/web/lib/error-capture';
import { sessionKeys } from '@/web/lib/session';
import { apiError, mockApi, testSession } from '@/web/test/mock-api';
import { createTestQueryClient } from '@/web/test/render';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { useSessionExpiry } from './session-expiry';

afterEach(() => vi.restoreAllMocks());

function HoldingsPage() {
  const holdings = useQuery({ queryKey: ['holdings'], queryFn: () => api('/holdings') });
  return <p>{holdings.isError ? 'could not load' : 'holdings page'}</p>;
}

function Harness({ client }: { client: ReturnType<typeof createTestQueryClient> }) {
  useSessionExpiry(client);
  return null;
}

function renderApp(initial: string) {
  const client = createTestQueryClient();
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
        path: '/assets/market',
        element: (
          <RequireAuth>
            <HoldingsPage />
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [initial] },
  );
  render(
    <QueryClientProvider client={client}>
      <Harness client={client} />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

describe('an ended session', () => {
  it('signs out on a 401 from a page’s request and goes to /login, keeping the page and its search', async () => {
    // The server's session ends with the holdings' request: asked again, it is gone.
    let ended = false;
    mockApi({
      'GET /auth/session': () => ({ body: ended ? null : testSession() }),
      'GET /holdings': () => {
        ended = true;
        return apiError(401, 'UNAUTHENTICATED');
      },
    });
    window.localStorage.setItem('cairn.signedIn', '1');
    captureError(new Error('something the previous user saw'));
    const { client, router } = renderApp('/assets/market?portfolio=p1');
    client.setQueryData(['portfolios'], [{ id: 'p1', name: 'Mine' }]);

    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.queryByText('could not load')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/assets/market?portfolio=p1',
    );
    // Nothing of the previous session stays: the cache (the session reads as signed out), the
    // signed-in hint and the local error log.
    expect(client.getQueryData(['portfolios'])).toBeUndefined();
    expect(client.getQueryData(['holdings'])).toBeUndefined();
    expect(client.getQueryData(sessionKeys.all)).toBeNull();
    expect(window.localStorage.getItem('cairn.signedIn')).toBeNull();
    expect(readErrors()).toEqual([]);
  });

  it('stays signed in when the session was renewed while a request was on its way, and asks again', async () => {
    // The two-factor step renews the session cookie: a request that left before carries the old
    // one and meets a 401, but the browser already holds the new session.
    let holdingsCalls = 0;
    const api = mockApi({
      'GET /auth/session': { body: testSession() },
      'GET /holdings': () => {
        holdingsCalls += 1;
        return holdingsCalls === 1 ? apiError(401, 'UNAUTHENTICATED') : { body: [] };
      },
    });
    window.localStorage.setItem('cairn.signedIn', '1');
    const { client, router } = renderApp('/assets/market');

    expect(await screen.findByText('holdings page')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/holdings')).toHaveLength(2));
    expect(await screen.findByText('holdings page')).toBeInTheDocument();
    expect(screen.queryByText('could not load')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/assets/market');
    expect(client.getQueryData(sessionKeys.all)).toEqual(testSession());
    expect(window.localStorage.getItem('cairn.signedIn')).toBe('1');
  });

  it('does not sign out on a 401 the session does not cause (the sign-in form’s own answer)', async () => {
    mockApi({
      'GET /auth/session': { body: testSession() },
      'GET /holdings': { body: [] },
      'POST /auth/login': apiError(401, 'UNAUTHENTICATED'),
    });
    const { client, router } = renderApp('/assets/market');
    expect(await screen.findByText('holdings page')).toBeInTheDocument();
    await expect(api('/auth/login', { method: 'POST', body: {} })).rejects.toThrow();
    await waitFor(() => expect(client.getQueryData(sessionKeys.all)).toEqual(testSession()));
    expect(router.state.location.pathname).toBe('/assets/market');
    expect(screen.getByText('holdings page')).toBeInTheDocument();
  });

  it('stays on a public page when a 401 arrives there', async () => {
    mockApi({
      'GET /auth/session': { body: null },
      'GET /holdings': apiError(401, 'UNAUTHENTICATED'),
    });
    const { router } = renderApp('/login?next=/goals');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await expect(api('/holdings')).rejects.toThrow();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=/goals');
  });
});
