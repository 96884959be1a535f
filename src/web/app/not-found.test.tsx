import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/web/components/ui/tooltip';
import { mockApi, testSession } from '@/web/test/mock-api';
import { createTestQueryClient } from '@/web/test/render';
import { NotFoundRoute, SignedInNotFound } from './not-found';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/login', element: <p>login page</p> },
      {
        element: <NotFoundRoute />,
        children: [{ path: '*', element: <SignedInNotFound /> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('the page-not-found screen', () => {
  it('tells a visitor nothing is there, titled so, with sign-in and the home page as ways on', async () => {
    mockApi({ 'GET /auth/session': { body: null } });
    const router = renderAt('/no/such/page?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText('/no/such/page')).toBeVisible();
    expect(document.title).toBe('Page not found · Cairn');
    // No redirect: the address stays as typed.
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    screen.getByRole('link', { name: 'Sign in' }).click();
    expect(await screen.findByText('login page')).toBeVisible();
  });

  it('shows a signed-in user the screen inside the app, with the dashboard as the way back', async () => {
    mockApi({
      'GET /auth/session': { body: testSession() },
      'GET /feature-flags': { body: { flags: [] } },
    });
    renderAt('/dashbord');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // The shell is there: its navigation leads everywhere else.
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    // The breadcrumb names no page from the mistyped address.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Page not found')).toHaveAttribute('aria-current', 'page');
    expect(crumbs).not.toHaveTextContent(/dashbord/i);
    expect(document.title).toBe('Page not found · Cairn');
    screen.getByRole('link', { name: 'Go to your dashboard' }).click();
    expect(await screen.findByText('dashboard page')).toBeVisible();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ 'GET /auth/session': { body: null } });
    renderAt('/nulle-part');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page introuvable' }),
    ).toBeVisible();
    expect(document.title).toBe('Page introuvable · Cairn');
    expect(screen.getByRole('link', { name: 'Aller à la page d’accueil' })).toBeVisible();
  });
});
