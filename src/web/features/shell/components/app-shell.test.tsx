import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { AppShell } from './app-shell';

const load = () => Promise.resolve();
const pages = new Map(
  ['/dashboard', '/goals', '/assets', '/assets/market'].map((path) => [path, load]),
);

describe('AppShell', () => {
  it('puts the sidebar, header and main content together, with a skip link', () => {
    renderWithProviders(
      <AppShell
        pages={pages}
        flags={undefined}
        portfolioName="Main"
        user={{ fullName: 'Ada Lovelace', email: 'ada@example.com' }}
        unreadCount={4}
        onOpenSearch={() => {}}
        onOpenNotifications={() => {}}
        userMenu={<button type="button">Account</button>}
        sidebarFooter={<p>Portfolio switcher</p>}
      >
        <h1>Market page</h1>
      </AppShell>,
      { route: '/assets/market?portfolio=p1' },
    );
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(within(main).getByRole('heading', { name: 'Market page' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Welcome, Ada Lovelace');
    expect(screen.getByRole('link', { name: 'Market' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Portfolio switcher')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
    // /assets has a page, so the breadcrumb links it.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Assets' })).toHaveAttribute(
      'href',
      '/assets?portfolio=p1',
    );
  });

  it('binds the keyboard shortcuts', async () => {
    const onOpenSearch = vi.fn();
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <AppShell pages={pages} flags={{ search_bar: true }} onOpenSearch={onOpenSearch}>
        <p>content</p>
      </AppShell>,
      { route: '/dashboard' },
    );
    await user.keyboard('{Alt>}3{/Alt}');
    expect(router.state.location.pathname).toBe('/assets/market');
    await user.keyboard('{Control>}k{/Control}');
    expect(onOpenSearch).toHaveBeenCalledOnce();
    await user.keyboard('{Control>}b{/Control}');
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
