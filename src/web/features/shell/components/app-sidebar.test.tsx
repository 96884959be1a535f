import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { NAV } from '../nav-config';
import { AppSidebar } from './app-sidebar';
import { SIDEBAR_COOKIE, SidebarProvider } from './sidebar-provider';

const allPaths = NAV.flatMap((entry) =>
  entry.kind === 'item' ? [entry.path] : entry.items.map((item) => item.path),
);
const pagesFor = (paths: string[], load = () => Promise.resolve()) =>
  new Map(paths.map((path) => [path, load]));

function renderSidebar({
  route = '/dashboard',
  pages = pagesFor(allPaths),
  flags,
}: {
  route?: string;
  pages?: ReadonlyMap<string, () => Promise<unknown>>;
  flags?: Record<string, boolean>;
} = {}) {
  return renderWithProviders(
    <SidebarProvider>
      <AppSidebar pages={pages} flags={flags} footer={<p>footer slot</p>} />
    </SidebarProvider>,
    { route },
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

/** A stand-in for the browser's media queries (jsdom has none). */
function mockViewport(mobile: boolean) {
  const matchMedia = vi.fn((query: string) => ({
    matches: mobile && query === '(max-width: 639px)',
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
  vi.stubGlobal('matchMedia', matchMedia);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('AppSidebar', () => {
  it('shows every page while flags load, with the logo and the footer slot', () => {
    renderSidebar({ route: '/assets' });
    for (const name of [
      'Dashboard',
      'Goals',
      'Overview',
      'Market',
      'Crypto',
      'Real estate',
      'Crowdfunding',
      'Savings',
      'Transactions',
    ]) {
      expect(within(nav()).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav()).getByRole('button', { name: 'Analytics' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(nav()).getByRole('button', { name: 'Tools' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cairn' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('footer slot')).toBeInTheDocument();
  });

  it('hides pages that do not exist, flags that are off, and groups left empty', () => {
    renderSidebar({
      route: '/assets',
      pages: pagesFor(['/dashboard', '/goals', '/assets', '/assets/market', '/wealth-projection']),
      flags: {
        sidebar_goals: false,
        sidebar_assets_market: false,
        sidebar_analytics_wealth_projection: false,
      },
    });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Goals' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Market' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Crypto' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Analytics' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Tools' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Assets' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(nav()).getByRole('link', { name: 'Overview' })).toBeInTheDocument();
  });

  it('hides a whole group when its flag is off', () => {
    renderSidebar({ flags: { sidebar_assets: false } });
    expect(within(nav()).queryByRole('button', { name: 'Assets' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Overview' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Analytics' })).toBeInTheDocument();
  });

  it('marks the current page and opens the group that holds it', async () => {
    renderSidebar({ route: '/assets/market' });
    const assets = within(nav()).getByRole('button', { name: 'Assets' });
    expect(assets).toHaveAttribute('aria-expanded', 'true');
    const market = within(nav()).getByRole('link', { name: 'Market' });
    expect(market).toHaveAttribute('aria-current', 'page');
    expect(market).toHaveClass('bg-sidebar-accent', 'font-medium');
    expect(within(nav()).getByRole('link', { name: 'Overview' })).not.toHaveAttribute(
      'aria-current',
    );

    await userEvent.click(assets);
    expect(assets).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).queryByRole('link', { name: 'Market' })).not.toBeInTheDocument();
  });

  it('carries the portfolio and sim parameters on its links', async () => {
    const { router } = renderSidebar({ route: '/dashboard?portfolio=p1&sim=s2&tab=x' });
    const goals = within(nav()).getByRole('link', { name: 'Goals' });
    expect(goals).toHaveAttribute('href', '/goals?portfolio=p1&sim=s2');
    await userEvent.click(goals);
    expect(router.state.location.pathname).toBe('/goals');
    expect(router.state.location.search).toBe('?portfolio=p1&sim=s2');
    expect(within(nav()).getByRole('link', { name: 'Goals' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('preloads a page once, however often its link is hovered or focused', async () => {
    const loadGoals = vi.fn(() => Promise.resolve());
    const pages = new Map([
      ['/dashboard', () => Promise.resolve()],
      ['/goals', loadGoals],
    ]);
    renderSidebar({ pages });
    const goals = within(nav()).getByRole('link', { name: 'Goals' });
    await userEvent.hover(goals);
    await userEvent.unhover(goals);
    await userEvent.hover(goals);
    act(() => goals.focus());
    expect(loadGoals).toHaveBeenCalledOnce();
  });

  it('toggles with Ctrl+B or Cmd+B and remembers the choice in a cookie', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const sidebar = document.getElementById('app-sidebar')!;
    expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);
    // The icon rail keeps every link's name for assistive technology.
    expect(within(nav()).getByRole('link', { name: 'Market' })).toBeInTheDocument();

    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`);
  });

  it('ignores Ctrl+B in a rich-text editor', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SidebarProvider>
        <AppSidebar pages={pagesFor(allPaths)} flags={undefined} />
        <div contentEditable suppressContentEditableWarning data-testid="editor">
          <span>notes</span>
        </div>
      </SidebarProvider>,
      { route: '/dashboard' },
    );
    await user.click(screen.getByText('notes'));
    await user.keyboard('{Control>}b{/Control}');
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'expanded');
  });

  it('starts collapsed when the cookie says so, with names in tooltips', async () => {
    document.cookie = `${SIDEBAR_COOKIE}=false; Path=/`;
    renderSidebar();
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'collapsed');
    // Groups have no heading in the rail: their pages show as icons.
    expect(within(nav()).queryByRole('button', { name: 'Assets' })).not.toBeInTheDocument();
    const market = within(nav()).getByRole('link', { name: 'Market' });
    act(() => market.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Market');
  });

  it('is a sheet under 640 px, opened by Ctrl+B and closed after navigating', async () => {
    mockViewport(true);
    const user = userEvent.setup();
    const { router } = renderSidebar({ route: '/dashboard?portfolio=p1' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await user.keyboard('{Control>}b{/Control}');
    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(sheet).toHaveAttribute('id', 'app-sidebar');
    // The mobile sheet does not touch the desktop preference.
    expect(document.cookie).not.toContain(SIDEBAR_COOKIE);

    await user.click(within(sheet).getByRole('button', { name: 'Assets' }));
    await user.click(within(sheet).getByRole('link', { name: 'Savings' }));
    expect(router.state.location.pathname).toBe('/assets/savings');
    expect(router.state.location.search).toBe('?portfolio=p1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderSidebar({ route: '/assets/crowdfunding' });
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
    for (const name of [
      'Tableau de bord',
      'Objectifs',
      'Bourse',
      'Cryptomonnaies',
      'Immobilier',
      'Épargne',
      'Opérations',
    ]) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Financement participatif' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Actifs' })).toBeInTheDocument();
  });
});
