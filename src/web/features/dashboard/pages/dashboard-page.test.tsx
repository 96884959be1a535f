import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Portfolio, Simulation } from '@/contracts/portfolios';
import type { Tier } from '@/contracts/subscription';
import type { DashboardResponse } from '@/contracts/valuation';
import { type ActiveScope, ActiveScopeContext, portfolioScopedKeys } from '@/web/lib/active-scope';
import { sessionKeys } from '@/web/lib/session';
import { apiError, mockApi, testFactor, testSession, testUser } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { subscriptionRoute } from '@/web/test/subscription';
import { makeDashboard, makeEmptyDashboard, makeFigures, PORTFOLIO_A } from '../test/fixtures';
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

const SIM = '00000000-0000-4000-8000-0000000000bb';

/** The active scope, switchable from the test (the banner's "Back to real portfolio"). */
function scopeOf(simulation: boolean, status: ActiveScope['status'] = 'ready'): ActiveScope {
  const portfolio = { id: PORTFOLIO_A, name: 'Main', permissionLevel: 'owner' } as Portfolio;
  return {
    status,
    portfolios: [portfolio],
    portfolio,
    simulation: simulation
      ? ({ id: SIM, portfolioId: PORTFOLIO_A, name: 'Bear case' } as Simulation)
      : null,
    permission: 'owner',
    scopeKey: portfolioScopedKeys.scope(PORTFOLIO_A, simulation ? SIM : null),
    switchPortfolio: () => {},
    switchSimulation: () => {},
  };
}

/** The active scope, with a button that changes it to `next` (e.g. "Back to real portfolio"). */
function WithScope({
  initial,
  next,
  children,
}: {
  initial: ActiveScope;
  next: ActiveScope;
  children: ReactNode;
}) {
  const [scope, setScope] = useState(initial);
  return (
    <ActiveScopeContext.Provider value={scope}>
      <button type="button" onClick={() => setScope(next)}>
        Change scope
      </button>
      {children}
    </ActiveScopeContext.Provider>
  );
}

/** 100,000 of starting cash: 97,500 left and 2,730.40 of holdings, in the user's USD. */
function simulationDashboard(overrides: Partial<DashboardResponse> = {}) {
  return makeDashboard({
    netWorth: makeFigures({
      value: '100230.40',
      costBasis: '100000.00',
      unrealizedGain: '230.40',
      unrealizedGainPercent: 0.0023,
      netContributions: '100000.00',
      twr: 0.0023,
      mwr: 0.0023,
    }),
    portfolios: [],
    sharedPortfolios: [],
    allocation: {
      assetClass: [
        { key: 'cash', value: '97500.00', weight: 0.9728 },
        { key: 'market', value: '2730.40', weight: 0.0272 },
      ],
      currency: [{ key: 'USD', value: '100230.40', weight: 1 }],
      sector: [
        { key: 'cash', value: '97500.00', weight: 0.9728 },
        { key: 'Technology', value: '2730.40', weight: 0.0272 },
      ],
      country: [
        { key: 'cash', value: '97500.00', weight: 0.9728 },
        { key: 'US', value: '2730.40', weight: 0.0272 },
      ],
      portfolio: [],
    },
    upcomingMaturities: [],
    simulation: {
      id: SIM,
      portfolioId: PORTFOLIO_A,
      cash: '97500.00',
      baseCash: { amount: '97500.00', currency: 'EUR' },
    },
    ...overrides,
  });
}

function renderWithSimulation(
  initial: ActiveScope,
  answers: { real: DashboardResponse; sim: DashboardResponse },
  next: ActiveScope = scopeOf(false),
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, testSession());
  const api = mockApi({
    ...subscriptionRoute('classic'),
    'GET /auth/mfa/factors': { body: { factors: [testFactor()] } },
    'GET /dashboard': () => {
      const url = new URL(String(api.spy.mock.lastCall?.[0]), 'http://localhost');
      return { body: url.searchParams.get('sim') === SIM ? answers.sim : answers.real };
    },
  });
  renderWithProviders(
    <WithScope initial={initial} next={next}>
      <DashboardPage />
    </WithScope>,
    { queryClient, route: `/dashboard?portfolio=${PORTFOLIO_A}&sim=${SIM}` },
  );
  return api;
}

/** The simulations the dashboard was asked for (null: the own portfolios), in order. */
function viewsAsked(api: ReturnType<typeof mockApi>) {
  return api.spy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/dashboard')
    .map((url) => url.searchParams.get('sim'));
}

describe('dashboard: a simulation shows itself', { timeout: 15_000 }, () => {
  it('shows the simulation’s own value, cash and returns, not the real net worth', async () => {
    const api = renderWithSimulation(scopeOf(true), {
      real: makeDashboard(),
      sim: simulationDashboard(),
    });
    const value = await screen.findByTestId('net-worth-value');
    expect(value).toHaveTextContent('$100,230.40');
    expect(viewsAsked(api)).toEqual([SIM]);
    expect(screen.getByRole('heading', { name: 'Simulation value' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Net worth' })).not.toBeInTheDocument();
    expect(screen.getByTestId('simulation-value-cash')).toHaveTextContent('$97,500.00');
    expect(
      screen.getByText(
        'Simulation “Bear case” of Main: what its holdings and its cash are worth. Your real portfolios are not counted here.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Time-weighted return').parentElement).toHaveTextContent('+0.23%');
    // The real portfolios' lists are not shown under the simulation, nor a split by portfolio.
    expect(screen.queryByRole('table', { name: /Your portfolios/ })).not.toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Split by' });
    expect(within(tabs).queryByRole('tab', { name: 'Portfolio' })).not.toBeInTheDocument();
    // Its cash is a slice of its own, named.
    expect(screen.getAllByText('Cash').length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: /All transactions/ })).toHaveAttribute(
      'href',
      `/transactions?portfolio=${PORTFOLIO_A}&sim=${SIM}`,
    );
  });

  it('says its cash apart, in its own currency, when no rate converts it', async () => {
    const sim = simulationDashboard();
    renderWithSimulation(scopeOf(true), {
      real: makeDashboard(),
      sim: {
        ...sim,
        simulation: {
          ...sim.simulation!,
          cash: null,
          baseCash: { amount: '97500.00', currency: 'EUR' },
        },
      },
    });
    const cash = await screen.findByTestId('simulation-value-cash');
    expect(cash).toHaveTextContent('€97,500.00');
    expect(screen.getByText('Not in the value above: no exchange rate to USD yet.')).toBeVisible();
  });

  it('says what to do when the simulation holds only its cash', async () => {
    renderWithSimulation(scopeOf(true), {
      real: makeDashboard(),
      sim: simulationDashboard({
        // The solver's -6e-16: shown as 0.00 %, unchanged, not as a loss.
        netWorth: makeFigures({
          value: '100000',
          netContributions: '100000',
          twr: 0,
          mwr: -5.681788450726303e-16,
        }),
        allocation: {
          assetClass: [{ key: 'cash', value: '100000', weight: 1 }],
          currency: [{ key: 'USD', value: '100000', weight: 1 }],
          sector: [{ key: 'cash', value: '100000', weight: 1 }],
          country: [{ key: 'cash', value: '100000', weight: 1 }],
          portfolio: [],
        },
        topMovers: [],
        recentTransactions: [],
        simulation: {
          id: SIM,
          portfolioId: PORTFOLIO_A,
          cash: '100000',
          baseCash: { amount: '100000', currency: 'USD' },
        },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Only cash so far' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a holding to the simulation' })).toHaveAttribute(
      'href',
      `/assets?portfolio=${PORTFOLIO_A}&sim=${SIM}`,
    );
    expect(screen.getByText('No transactions in this simulation yet.')).toBeVisible();
    // Not the empty state of someone who holds nothing: the value is its cash.
    expect(screen.queryByRole('heading', { name: 'Your net worth will appear here' })).toBeNull();
    expect(screen.getByTestId('net-worth-value')).toHaveTextContent('$100,000.00');
    const mwr = screen.getByText('Money-weighted return').parentElement as HTMLElement;
    expect(mwr).toHaveTextContent('0.00%');
    expect(mwr).not.toHaveTextContent('-0.00%');
    expect(within(mwr).getByText('Unchanged')).toHaveClass('sr-only');
    expect(within(mwr).queryByText('Down')).toBeNull();
  });

  it('shows the real net worth again once back to the real portfolio', async () => {
    const api = renderWithSimulation(scopeOf(true), {
      real: makeDashboard(),
      sim: simulationDashboard(),
    });
    await waitFor(() =>
      expect(screen.getByTestId('net-worth-value')).toHaveTextContent('$100,230.40'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change scope' }));
    await waitFor(() =>
      expect(screen.getByTestId('net-worth-value')).toHaveTextContent('$125,430.55'),
    );
    expect(screen.getByRole('heading', { name: 'Net worth' })).toBeVisible();
    expect(screen.queryByTestId('simulation-value-cash')).not.toBeInTheDocument();
    expect(viewsAsked(api)).toEqual([SIM, null]);
  });

  it('asks nothing until the active scope is known', async () => {
    const api = renderWithSimulation(
      scopeOf(false, 'loading'),
      { real: makeDashboard(), sim: simulationDashboard() },
      scopeOf(true),
    );
    expect(screen.getByTestId('dashboard-skeleton')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change scope' }));
    expect(await screen.findByTestId('net-worth-value')).toHaveTextContent('$100,230.40');
    expect(viewsAsked(api)).toEqual([SIM]);
  });
});
