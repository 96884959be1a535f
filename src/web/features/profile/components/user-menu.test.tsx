import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { apiError, mockApi, testUser } from '@/web/test/mock-api';
import { UserMenu } from './user-menu';

beforeEach(() => {
  // Radix positions the menu with ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(routes: Parameters<typeof mockApi>[0] = {}, user = testUser) {
  const api = mockApi({ 'GET /profile': { body: { user } }, ...routes });
  const events = userEvent.setup();
  const view = renderWithProviders(
    <>
      <UserMenu />
      <Toaster />
    </>,
    { route: '/dashboard' },
  );
  return { api, user: events, ...view };
}

describe('UserMenu', () => {
  it('shows initials and links to the profile and security pages', async () => {
    const { user } = setup();
    const trigger = await screen.findByRole('button', { name: 'Account menu, Ada Lovelace' });
    expect(trigger).toHaveTextContent('AL');
    await user.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('menuitem', { name: 'Security' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('falls back to the e-mail name', async () => {
    setup({}, { ...testUser, fullName: null, email: 'grace@example.com' });
    expect(await screen.findByRole('button', { name: 'Account menu, grace' })).toHaveTextContent(
      'G',
    );
  });

  it('prefers the display name of the settings, and shows its avatar', async () => {
    setup({
      'GET /settings': {
        body: {
          settings: {
            account: {
              displayName: 'Countess Lovelace',
              bio: null,
              avatarUrl: null,
              timezone: null,
            },
          },
        },
      },
    });
    expect(
      await screen.findByRole('button', { name: 'Account menu, Countess Lovelace' }),
    ).toHaveTextContent('CL');
  });

  it("says 'User' when there is no name and no e-mail", async () => {
    setup({}, { ...testUser, fullName: '  ', email: '' });
    expect(await screen.findByRole('button', { name: 'Account menu, User' })).toBeInTheDocument();
  });

  it('links to every settings page, carrying only the simulation', async () => {
    const events = userEvent.setup();
    mockApi({ 'GET /profile': { body: { user: testUser } } });
    renderWithProviders(<UserMenu />, { route: '/dashboard?portfolio=p1&sim=s1' });
    await events.click(await screen.findByRole('button', { name: /Account menu/ }));
    const expected = {
      Account: '/settings/account',
      Preferences: '/settings/preferences',
      Notifications: '/settings/notifications',
      Theme: '/settings/theme',
      Security: '/settings/security',
      Privacy: '/settings/privacy',
      Subscription: '/settings/subscription',
      Integrations: '/settings/integrations',
      'API keys': '/settings/api-keys',
      Profile: '/profile',
    };
    for (const [name, path] of Object.entries(expected)) {
      expect(await screen.findByRole('menuitem', { name })).toHaveAttribute(
        'href',
        `${path}?sim=s1`,
      );
    }
    expect(screen.getByRole('group', { name: 'Settings' })).toBeInTheDocument();
  });

  it('signs out: logout call, cache cleared, back to /login', async () => {
    const { api, user, router, queryClient } = setup({
      'POST /auth/logout': { body: { ok: true } },
    });
    window.localStorage.setItem('cairn.signedIn', '1');
    const clear = vi.spyOn(queryClient, 'clear');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(clear).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem('cairn.signedIn')).toBeNull();
    expect(await screen.findByText('You’re signed out')).toBeInTheDocument();
  });

  it('stays signed in when signing out fails', async () => {
    const { user, router } = setup({ 'POST /auth/logout': apiError(503, 'SERVICE_UNAVAILABLE') });
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Sign-out failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
