import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tier } from '@/contracts/subscription';
import type { DashboardResponse } from '@/contracts/valuation';
import { sessionKeys } from '@/web/lib/session';
import { apiError, mockApi, testFactor, testSession, testUser } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { subscriptionRoute } from '@/web/test/subscription';
import { makeDashboard, makeEmptyDashboard, makeFigures } from '../test/fixtures';
import { DashboardPage } from './dashboard-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

// Intl writes French groups with a narrow no-break space and a no-break space before the symbol.
const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

function renderDashboard({
  user = testUser,
  factors = [testFactor()],
  dashboard = makeDashboard() as DashboardResponse | ((range: string) => DashboardResponse),
  dashboardReply,
  tier = 'classic',
}: {
  user?: typeof testUser;
  factors?: ReturnType<typeof testFactor>[];
  dashboard?: DashboardResponse | ((range: string) => DashboardResponse);
  dashboardReply?: () => { status?: number; body?: unknown };
  /** The caller's plan (Premium opens every range); null: the plan cannot be read. */
  tier?: Tier | null;
} = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, testSession({ user }));
  const api = mockApi({
    ...(tier ? subscriptionRoute(tier) : { 'GET /subscription': apiError(500, 'INTERNAL_ERROR') }),
    'GET /auth/mfa/factors': { body: { factors } },
    'POST /auth/email/resend': { body: { ok: true } },
    'GET /dashboard': () => {
      if (dashboardReply) return dashboardReply();
      const url = new URL(String(api.spy.mock.lastCall?.[0]), 'http://localhost');
      const range = url.searchParams.get('range') ?? '1Y';
      return { body: typeof dashboard === 'function' ? dashboard(range) : dashboard };
    },
  });
  renderWithProviders(<DashboardPage />, { queryClient, route: '/dashboard' });
  return api;
}

/** The ranges the dashboard was asked for, in order. */
function rangesAsked(api: ReturnType<typeof mockApi>) {
  return api.spy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/dashboard')
    .map((url) => url.searchParams.get('range'));
}

describe('dashboard: net worth', { timeout: 15_000 }, () => {
  it('shows the net worth in the currency the answer comes in, with its day change', async () => {
    // The display preference defaults to EUR: the amount must still be written in USD.
    renderDashboard();
    const value = await screen.findByTestId('net-worth-value');
    expect(value).toHaveTextContent('$125,430.55');
    const headline = screen.getByRole('heading', { name: 'Net worth' }).closest('[data-slot=card]');
    expect(headline).not.toBeNull();
    const card = within(headline as HTMLElement);
    expect(card.getByText('+$512.30 (+0.41%)')).toBeVisible();
    expect(card.getAllByText('Up').length).toBeGreaterThan(0);
    expect(card.getByText('As of Nov 25, 2026')).toBeVisible();
  });

  it('marks a loss with a minus sign and the down arrow label, not colour alone', async () => {
    renderDashboard({
      dashboard: makeDashboard({
        netWorth: makeFigures({ dayChange: '-1204.50', dayChangePercent: -0.0095 }),
      }),
    });
    const change = await screen.findByText('-$1,204.50 (-0.95%)');
    const indicator = change.closest('span') as HTMLElement;
    expect(within(indicator).getByText('Down')).toHaveClass('sr-only');
    expect(indicator.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('puts TWR and MWR side by side, each with what it means', async () => {
    renderDashboard();
    const twr = await screen.findByText('Time-weighted return');
    expect(twr.parentElement).toHaveTextContent('+8.73%');
    expect(twr.parentElement).toHaveTextContent(
      'How your investments did, whatever you added or withdrew.',
    );
    const mwr = screen.getByText('Money-weighted return');
    expect(mwr.parentElement).toHaveTextContent('+7.91%');
    expect(mwr.parentElement).toHaveTextContent('How your money did, given when you added');
  });

  it('asks again with the new range when another period is picked', async () => {
    const api = renderDashboard({
      dashboard: (range) => makeDashboard({}, range as DashboardResponse['range']),
    });
    await screen.findByTestId('net-worth-value');
    const group = screen.getByRole('radiogroup', { name: 'Period' });
    expect(within(group).getByRole('radio', { name: '1Y' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(within(group).getByRole('radio', { name: '3M' }));
    await waitFor(() => expect(rangesAsked(api)).toEqual(['1Y', '3M']));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Returns' }).parentElement).toHaveTextContent(
        '3 months',
      ),
    );
    expect(within(group).getByRole('radio', { name: '3M' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('names the holdings that have no price yet, calmly', async () => {
    renderDashboard({
      dashboard: makeDashboard({
        unpriced: [
          { holdingId: '00000000-0000-4000-8000-000000000301', name: 'Villa', reason: 'no_price' },
          {
            holdingId: '00000000-0000-4000-8000-000000000302',
            name: 'Painting',
            reason: 'no_price',
          },
        ],
      }),
    });
    const notice = (await screen.findByText(/have no price yet/)).closest('[role=status]');
    expect(notice).toHaveTextContent('2 holdings have no price yet: Villa and Painting.');
    expect(notice).toHaveTextContent('They are left out of the totals until then.');
  });
});

describe('dashboard: charts', { timeout: 15_000 }, () => {
  it('shows the value chart as a table with the same data', async () => {
    renderDashboard();
    const chart = await screen.findByRole('img', { name: /^Net worth, 1 year: value went from/ });
    expect(chart).toHaveAccessibleName(
      'Net worth, 1 year: value went from $118,000.00 on Sep 1, 2026 to $125,430.55 on Nov 25, 2026; net contributions $108,500.00.',
    );
    const card = screen.getByRole('heading', { name: 'Value and net contributions' }).parentElement!
      .parentElement!;
    await userEvent.click(within(card).getByRole('button', { name: 'Show as table' }));
    const table = within(card).getByRole('table', { name: 'Net worth, 1 year' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Nov 25, 2026$125,430.55$108,500.00');
    expect(rows[3]).toHaveTextContent('Sep 1, 2026$118,000.00$105,000.00');
    const amount = within(rows[1]!).getByText('$125,430.55');
    expect(amount).toHaveClass('text-right');
    await userEvent.click(within(card).getByRole('button', { name: 'Show as chart' }));
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
  });

  it('splits the allocation by class, then by country, with shares and amounts', async () => {
    renderDashboard();
    const card = (await screen.findByRole('heading', { name: 'Allocation' })).parentElement!
      .parentElement!;
    await userEvent.click(within(card).getByRole('button', { name: 'Show as table' }));
    let table = within(card).getByRole('table', { name: 'Allocation by asset class' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Market investments63.8%$80,000.00',
    );
    await userEvent.click(within(card).getByRole('tab', { name: 'Country' }));
    expect(await within(card).findByRole('img', { name: /Allocation by country/ })).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Show as table' }));
    table = within(card).getByRole('table', { name: 'Allocation by country' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('United States87.5%$70,000.00');
  });
});

describe('dashboard: lists', { timeout: 15_000 }, () => {
  it('lists movers, activity in its own currency, maturities and shared portfolios apart', async () => {
    renderDashboard();
    const movers = await screen.findByRole('table', { name: 'Holdings that moved the most today' });
    expect(within(movers).getByText('AAPL')).toBeVisible();
    expect(within(movers).getByText('-$122.15 (-0.81%)')).toBeVisible();
    const activity = screen.getByRole('list', { name: 'Last transactions' });
    expect(activity).toHaveTextContent('Amundi MSCI World');
    expect(activity).toHaveTextContent('Buy · 10 at €512.34');
    expect(activity).toHaveTextContent('€5,123.40');
    expect(
      screen.getByRole('list', { name: 'Savings accounts maturing in the next 90 days' }),
    ).toHaveTextContent('PEL Banque PostaleMatures on Jan 15, 2027€30,000.00');
    const shared = screen.getByRole('list', { name: 'Portfolios shared with you' });
    expect(shared).toHaveTextContent('Family trust');
    expect(screen.getByText('Not added to your net worth.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Main' })).toHaveAttribute(
      'href',
      '/portfolio/00000000-0000-4000-8000-00000000000a',
    );
  });
});

describe('dashboard: states', { timeout: 15_000 }, () => {
  it('says what to do when nothing is held yet, with links to start', async () => {
    renderDashboard({
      user: { ...testUser, emailConfirmedAt: null, avatarUrl: null },
      factors: [],
      dashboard: makeEmptyDashboard(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Your net worth will appear here' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a first holding' })).toHaveAttribute(
      'href',
      '/assets',
    );
    expect(screen.getByRole('link', { name: 'Import a CSV file' })).toHaveAttribute(
      'href',
      '/import-export',
    );
    expect(screen.queryByTestId('net-worth-value')).not.toBeInTheDocument();
    // The account checklist stays.
    expect(await screen.findByText('0 of 3 done')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set it up' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
    expect(screen.getByRole('link', { name: 'Add a picture' })).toHaveAttribute('href', '/profile');
  });

  it('shows skeletons while loading, then the figures', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionKeys.all, testSession());
    mockApi({
      'GET /auth/mfa/factors': { body: { factors: [] } },
      'GET /dashboard': async () => {
        await gate;
        return { body: makeDashboard() };
      },
    });
    renderWithProviders(<DashboardPage />, { queryClient, route: '/dashboard' });
    expect(screen.getByTestId('dashboard-skeleton')).toBeInTheDocument();
    release();
    expect(await screen.findByTestId('net-worth-value')).toBeVisible();
    expect(screen.queryByTestId('dashboard-skeleton')).not.toBeInTheDocument();
  });

  it('shows the cached figures at once on a new visit, and asks again behind them', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionKeys.all, testSession());
    const api = mockApi({
      'GET /auth/mfa/factors': { body: { factors: [] } },
      'GET /dashboard': { body: makeDashboard() },
    });
    const first = renderWithProviders(<DashboardPage />, { queryClient, route: '/dashboard' });
    await screen.findByTestId('net-worth-value');
    first.unmount();
    renderWithProviders(<DashboardPage />, { queryClient, route: '/dashboard' });
    expect(screen.getByTestId('net-worth-value')).toHaveTextContent('$125,430.55');
    await waitFor(() => expect(api.callsTo('GET', '/dashboard')).toHaveLength(2));
  });

  it("shows the app's 'Data loading failed' card and retries", async () => {
    let fail = true;
    const api = renderDashboard({
      dashboardReply: () => (fail ? apiError(500, 'INTERNAL_ERROR') : { body: makeDashboard() }),
    });
    expect(await screen.findByRole('heading', { name: 'Data loading failed' })).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading' }));
    expect(await screen.findByTestId('net-worth-value')).toBeVisible();
    expect(api.callsTo('GET', '/dashboard')).toHaveLength(2);
  });

  it('keeps the page when another range fails, with the error in the chart only', async () => {
    renderDashboard({
      dashboardReply: () => {
        const url = new URL(String(vi.mocked(fetch).mock.lastCall?.[0]), 'http://localhost');
        return url.searchParams.get('range') === '5Y'
          ? apiError(500, 'INTERNAL_ERROR')
          : { body: makeDashboard() };
      },
    });
    await screen.findByTestId('net-worth-value');
    // Premium: 5Y is open once the plan is known.
    await waitFor(() => expect(screen.getByRole('radio', { name: '5Y' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('radio', { name: '5Y' }));
    expect(await screen.findByRole('heading', { name: 'Data loading failed' })).toBeVisible();
    expect(screen.getByTestId('net-worth-value')).toHaveTextContent('$125,430.55');
    expect(screen.getByRole('heading', { name: 'Allocation' })).toBeVisible();
  });
});

describe('dashboard: periods and the plan', { timeout: 15_000 }, () => {
  it('marks 3Y, 5Y and MAX with a lock below Premium and explains instead of asking', async () => {
    const api = renderDashboard({ tier: 'free' });
    await screen.findByTestId('net-worth-value');
    const locked = await screen.findByRole('radio', { name: '5 years, with the Premium plan' });
    expect(screen.getByRole('radio', { name: '3 years, with the Premium plan' })).toBeEnabled();
    expect(
      screen.getByRole('radio', { name: 'Since the first transaction, with the Premium plan' }),
    ).toBeEnabled();
    expect(screen.getByRole('radio', { name: '1Y' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(locked);
    const note = await screen.findByRole('dialog', { name: 'Longer history comes with Premium' });
    expect(within(note).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );
    expect(locked).toHaveAttribute('aria-checked', 'false');
    expect(rangesAsked(api)).not.toContain('5Y');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(locked).toHaveFocus();
  });

  it('reads a failed plan as Free: the long periods stay locked', async () => {
    const api = renderDashboard({ tier: null });
    await screen.findByTestId('net-worth-value');
    await waitFor(() => expect(api.callsTo('GET', '/subscription').length).toBeGreaterThan(0));
    expect(
      await screen.findByRole('radio', { name: '3 years, with the Premium plan' }),
    ).toBeInTheDocument();
  });
});

describe('dashboard: profile and checklist', { timeout: 15_000 }, () => {
  it('marks finished steps done', async () => {
    renderDashboard({ user: { ...testUser, avatarUrl: '/uploads/avatars/x-1.webp' } });
    expect(await screen.findByText('3 of 3 done')).toBeVisible();
    // One 'Done' per step (the progress badge says "3 of 3 done").
    expect(screen.getAllByText('Done', { exact: true })).toHaveLength(3);
  });

  it('resends the confirmation link', async () => {
    const api = renderDashboard({ user: { ...testUser, emailConfirmedAt: null } });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByRole('button', { name: 'Link sent' })).toBeDisabled();
    expect(api.callsTo('POST', '/auth/email/resend')).toHaveLength(1);
  });

  it('asks for a completed profile when the name is missing, without loading figures', () => {
    const api = renderDashboard({ user: { ...testUser, fullName: null } });
    const card = screen
      .getByRole('heading', { name: 'Complete your profile' })
      .closest('div')!.parentElement!;
    expect(within(card).getByRole('link', { name: 'Complete my profile' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
    expect(api.callsTo('GET', '/dashboard')).toHaveLength(0);
  });
});

describe('dashboard in French', { timeout: 15_000 }, () => {
  it('writes figures the French way', async () => {
    await i18n.changeLanguage('fr');
    renderDashboard({
      dashboard: makeDashboard({
        currency: 'EUR',
        netWorth: makeFigures({ dayChange: '-1204.5', dayChangePercent: -0.0095 }),
      }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    const value = await screen.findByTestId('net-worth-value');
    expect(value.textContent).toBe('125\u202f430,55\u00a0€');
    const change = screen.getByText(/^-1\s204,50/);
    // The screen-reader word, then the signed amount and percentage.
    expect(plain(change.textContent)).toBe('Baisse-1 204,50 € (-0,95 %)');
    expect(change.textContent).toContain('\u00a0%');
    expect(within(change.closest('span')!).getByText('Baisse')).toHaveClass('sr-only');
    expect(screen.getByText('Rendement pondéré par le temps').parentElement).toHaveTextContent(
      'La performance de vos placements, indépendamment de vos versements et retraits.',
    );
    expect(screen.getByRole('radiogroup', { name: 'Période' })).toBeVisible();
  });
});
