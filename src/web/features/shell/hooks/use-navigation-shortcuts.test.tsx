import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { navigationShortcutFor, useNavigationShortcuts } from './use-navigation-shortcuts';

const load = () => Promise.resolve();

function Harness({ pages }: { pages: ReadonlyMap<string, () => Promise<unknown>> }) {
  useNavigationShortcuts(pages);
  return <input aria-label="Quantity" />;
}

describe('useNavigationShortcuts', () => {
  it('Alt+3 goes to the market page, keeping the portfolio and simulation', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <Harness pages={new Map([['/assets/market', load]])} />,
      {
        route: '/dashboard?portfolio=p1&sim=s2&tab=x',
      },
    );
    await user.keyboard('{Alt>}3{/Alt}');
    expect(router.state.location.pathname).toBe('/assets/market');
    expect(router.state.location.search).toBe('?portfolio=p1&sim=s2');
  });

  it('does nothing when that page does not exist', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Harness pages={new Map([['/dashboard', load]])} />, {
      route: '/goals',
    });
    await user.keyboard('{Alt>}3{/Alt}');
    expect(router.state.location.pathname).toBe('/goals');
    await user.keyboard('{Alt>}1{/Alt}');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('ignores the shortcut while typing in a field', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <Harness pages={new Map([['/assets/market', load]])} />,
      {
        route: '/dashboard',
      },
    );
    await user.click(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.keyboard('{Alt>}3{/Alt}');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Alt+9 opens the account settings, carrying only the simulation', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(
      <Harness pages={new Map([['/settings/account', load]])} />,
      {
        route: '/goals?portfolio=p1&sim=s2',
      },
    );
    await user.keyboard('{Alt>}9{/Alt}');
    expect(router.state.location.pathname).toBe('/settings/account');
    expect(router.state.location.search).toBe('?sim=s2');
  });

  it('names the shortcut of each page', () => {
    expect(navigationShortcutFor('/dashboard')).toBe('Alt+1');
    expect(navigationShortcutFor('/assets/savings')).toBe('Alt+7');
    expect(navigationShortcutFor('/import-export')).toBeUndefined();
  });
});
