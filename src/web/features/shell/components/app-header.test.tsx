import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { AppHeader, type AppHeaderProps } from './app-header';
import { SidebarProvider } from './sidebar-provider';

function renderHeader(props: Partial<AppHeaderProps> = {}, route = '/dashboard') {
  return renderWithProviders(
    <SidebarProvider>
      <AppHeader
        flags={undefined}
        onOpenSearch={() => {}}
        onOpenNotifications={() => {}}
        {...props}
      />
      <input aria-label="Amount" />
      <textarea aria-label="Note" />
    </SidebarProvider>,
    { route },
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('AppHeader', () => {
  it('greets the user by full name', () => {
    renderHeader({ user: { fullName: 'Ada Lovelace', email: 'ada@example.com' } });
    expect(screen.getByTestId('greeting')).toHaveTextContent('Welcome, Ada Lovelace');
  });

  it('falls back to the part of the e-mail before the @, and greets no one without a user', () => {
    const { unmount } = renderHeader({
      user: { fullName: null, email: 'grace.hopper@example.com' },
    });
    expect(screen.getByTestId('greeting')).toHaveTextContent('Welcome, grace.hopper');
    unmount();
    renderHeader();
    expect(screen.queryByTestId('greeting')).not.toBeInTheDocument();
  });

  it('has a sidebar trigger that reports and toggles the state', async () => {
    renderHeader();
    const trigger = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', 'app-sidebar');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar_state=false');
  });

  it('opens search from the read-only field by click or Enter, showing the Ctrl K hint', async () => {
    const onOpenSearch = vi.fn();
    renderHeader({ onOpenSearch });
    const field = screen.getByRole('searchbox', { name: 'Search' });
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText('Ctrl K')).toBeInTheDocument();
    await userEvent.click(field);
    expect(onOpenSearch).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    expect(onOpenSearch).toHaveBeenCalledTimes(2);
  });

  it('shows the ⌘ K hint on a Mac', () => {
    vi.stubGlobal('navigator', { ...navigator, platform: 'MacIntel', userAgent: 'Macintosh' });
    renderHeader();
    expect(screen.getByText('⌘ K')).toBeInTheDocument();
  });

  it('opens search with Ctrl+K or Cmd+K, but not while typing in a field', async () => {
    const onOpenSearch = vi.fn();
    const user = userEvent.setup();
    renderHeader({ onOpenSearch });
    await user.keyboard('{Control>}k{/Control}');
    expect(onOpenSearch).toHaveBeenCalledTimes(1);
    await user.keyboard('{Meta>}k{/Meta}');
    expect(onOpenSearch).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('textbox', { name: 'Amount' }));
    await user.keyboard('{Control>}k{/Control}');
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('{Control>}k{/Control}');
    expect(onOpenSearch).toHaveBeenCalledTimes(2);
  });

  it('hides search, and ignores Ctrl+K, when the search_bar flag is off', async () => {
    const onOpenSearch = vi.fn();
    const user = userEvent.setup();
    renderHeader({ onOpenSearch, flags: { search_bar: false } });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    expect(onOpenSearch).not.toHaveBeenCalled();
  });

  it('shows search when the flag is on', () => {
    renderHeader({ flags: { search_bar: true } });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('shows 99+ on the bell above 99 unread, and opens notifications', async () => {
    const onOpenNotifications = vi.fn();
    renderHeader({ unreadCount: 120, onOpenNotifications });
    const bell = screen.getByRole('button', { name: 'Notifications, 120 unread' });
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+');
    await userEvent.click(bell);
    expect(onOpenNotifications).toHaveBeenCalledOnce();
  });

  it('hides the badge with nothing unread', () => {
    renderHeader({ unreadCount: 0 });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('shows the breadcrumb, the language menu and the user menu slot', () => {
    renderHeader(
      { userMenu: <button type="button">Account</button>, portfolioName: 'Main' },
      '/assets/crypto',
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'MainAssetsCrypto',
    );
    expect(screen.getByRole('button', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderHeader({ user: { email: 'ada@example.com' }, unreadCount: 3 });
    expect(screen.getByTestId('greeting')).toHaveTextContent('Bienvenue, ada');
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 3 non lues' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Afficher ou masquer la barre latérale' }),
    ).toBeInTheDocument();
  });

  it('shows neither the search field nor the bell before those features exist', () => {
    renderHeader({
      flags: { search_bar: true },
      onOpenSearch: undefined,
      onOpenNotifications: undefined,
    });
    expect(screen.queryByRole('button', { name: /search/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /notifications/i })).toBeNull();
  });
});
