import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SettingsLayout } from './settings-layout';

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: <SettingsLayout />,
        children: [{ path: '*', element: <p>page</p> }],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('SettingsLayout', () => {
  it('lists every settings page, marks the current one and carries only ?sim=', () => {
    renderAt('/settings/preferences?portfolio=p1&sim=s1&tab=x');
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((link) => link.textContent)).toEqual([
      'Account',
      'Preferences',
      'Notifications',
      'Theme',
      'Security',
      'Privacy',
      'Subscription',
      'Integrations',
      'API keys',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      [
        'account',
        'preferences',
        'notifications',
        'theme',
        'security',
        'privacy',
        'subscription',
        'integrations',
        'api-keys',
      ].map((page) => `/settings/${page}?sim=s1`),
    );
    expect(screen.getByRole('link', { name: 'Preferences' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('links without parameters when there is no simulation', () => {
    renderAt('/settings/security?portfolio=p1');
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
  });
});
