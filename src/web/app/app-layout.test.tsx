import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@/contracts/auth';
import { FakeWebSocket } from '@/web/test/fake-websocket';
import { mockApi, testSession, testUser } from '@/web/test/mock-api';
import { renderWithProviders } from '@/web/test/render';
import { AppLayout } from './app-layout';

afterEach(() => {
  vi.restoreAllMocks();
});

const allFlagsOn = [
  { key: 'sidebar_dashboard', enabled: true },
  { key: 'search_bar', enabled: true },
];

/** An open server socket the layout has subscribed on. */
async function connectedSocket(topics: string[]) {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpen());
  for (const topic of topics) expect(socket.sent).toContainEqual({ type: 'subscribe', topic });
  return socket;
}

function renderLayout(sessions: () => SessionResponse) {
  const api = mockApi({
    'GET /auth/session': () => ({ body: sessions() }),
    'GET /feature-flags': { body: { flags: allFlagsOn } },
  });
  const view = renderWithProviders(<AppLayout />, { route: '/dashboard' });
  return { api, ...view };
}

const sidebar = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('AppLayout', () => {
  it('opens the goals page with Alt+8 (its page exists)', async () => {
    const { router } = renderLayout(() => testSession());
    await waitFor(() => expect(sidebar()).toHaveTextContent('Dashboard'));
    await userEvent.setup().keyboard('{Alt>}8{/Alt}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/goals'));
  });

  it('hides a sidebar entry as soon as an admin turns its flag off, without reloading', async () => {
    renderLayout(() => testSession());
    await waitFor(() => expect(sidebar()).toHaveTextContent('Dashboard'));
    const socket = await connectedSocket(['feature-flags', `user:${testUser.id}`]);
    expect(socket.sent).not.toContainEqual({ type: 'subscribe', topic: 'admin' });

    act(() =>
      socket.serverEvent('feature-flags', {
        flags: [{ key: 'sidebar_dashboard', enabled: false }],
      }),
    );
    await waitFor(() => expect(sidebar()).not.toHaveTextContent('Dashboard'));
  });

  it('shows the admin tools as soon as the user is promoted, and follows other admins', async () => {
    let role: 'user' | 'admin' = 'user';
    const { api } = renderLayout(() => testSession({ user: { ...testUser, role } }));
    const socket = await connectedSocket([`user:${testUser.id}`]);
    expect(screen.queryByRole('button', { name: /Admin tools/ })).not.toBeInTheDocument();

    role = 'admin';
    act(() => socket.serverEvent(`user:${testUser.id}`, { type: 'role', role: 'admin' }));
    expect(await screen.findByRole('button', { name: /Admin tools/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/auth/session').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'subscribe', topic: 'admin' }));

    // Demoted again: the menu goes and the admin topic is dropped.
    role = 'user';
    act(() => socket.serverEvent(`user:${testUser.id}`, { type: 'role', role: 'user' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Admin tools/ })).not.toBeInTheDocument(),
    );
    expect(socket.sent).toContainEqual({ type: 'unsubscribe', topic: 'admin' });
  });

  it('refetches the session and the flags when the connection comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { api } = renderLayout(() => testSession());
      const socket = await connectedSocket(['feature-flags']);
      const sessionCalls = api.callsTo('GET', '/auth/session').length;
      const flagCalls = api.callsTo('GET', '/feature-flags').length;
      act(() => socket.serverClose(1006));
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      act(() => FakeWebSocket.latest().serverOpen());
      await waitFor(() =>
        expect(api.callsTo('GET', '/auth/session').length).toBeGreaterThan(sessionCalls),
      );
      await waitFor(() =>
        expect(api.callsTo('GET', '/feature-flags').length).toBeGreaterThan(flagCalls),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
