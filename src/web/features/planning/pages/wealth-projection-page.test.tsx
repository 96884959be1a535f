import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deterministicPath, runProjection } from '@/domain/projection';
import type { Portfolio } from '@/contracts/portfolios';
import type { Scenario } from '@/contracts/projections';
import type { Goal } from '@/contracts/goals';
import type { DashboardResponse } from '@/contracts/valuation';
import { type ActiveScope, ActiveScopeContext, portfolioScopedKeys } from '@/web/lib/active-scope';
import { sessionKeys } from '@/web/lib/session';
import { mockApi, testSession } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { subscriptionRoute } from '@/web/test/subscription';
import { PROJECTION_PATHS, PROJECTION_SEED } from '../lib/projection-form';
import { dashboardWith } from '../test/dashboard';
import { goalWith } from '../test/goals';
import { WealthProjectionPage } from './wealth-projection-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

const PORTFOLIO = '00000000-0000-4000-8000-00000000000a';

/** The active portfolio, with the caller's right on it. */
function scopeOf(permission: 'owner' | 'read'): ActiveScope {
  const portfolio = { id: PORTFOLIO, name: 'Main', permissionLevel: permission } as Portfolio;
  return {
    status: 'ready',
    portfolios: [portfolio],
    portfolio,
    simulation: null,
    permission,
    scopeKey: portfolioScopedKeys.scope(PORTFOLIO, null),
    switchPortfolio: () => {},
    switchSimulation: () => {},
  };
}

function renderPage(
  dashboard: DashboardResponse,
  tier: 'free' | 'classic' = 'free',
  options: { scope?: ActiveScope; routes?: Parameters<typeof mockApi>[0] } = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, testSession());
  const api = mockApi({
    ...subscriptionRoute(tier),
    'GET /dashboard': { body: dashboard },
    ...options.routes,
  });
  renderWithProviders(
    options.scope ? (
      <ActiveScopeContext.Provider value={options.scope}>
        <WealthProjectionPage />
      </ActiveScopeContext.Provider>
    ) : (
      <WealthProjectionPage />
    ),
    { queryClient, route: '/wealth-projection' },
  );
  return api;
}

/** A dashboard of 100,000 USD, all in market holdings, without two years of history. */
const hundredThousand = () =>
  dashboardWith({ value: '100000.00', assetClass: [{ key: 'market', weight: 1 }] });

describe('the wealth projection page', () => {
  it('starts from the net worth and the allocation, and shows what the domain computes', async () => {
    renderPage(hundredThousand());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wealth projection' }),
    ).toBeVisible();
    expect(await screen.findByLabelText(/^Start value/)).toHaveValue('100000');
    // All in market holdings: 7% a year, 16% volatility (long-run assumptions per class).
    expect(screen.getByLabelText(/^Expected yearly return/)).toHaveValue('7');
    expect(screen.getByLabelText(/^Yearly volatility/)).toHaveValue('16');
    expect(screen.getByText(/Prefilled from the allocation by asset class/)).toBeVisible();

    // The figures in 20 years are the domain's, for the same inputs and seed.
    const input = {
      startValue: 100_000,
      monthlyContribution: 0,
      contributionGrowth: 0.02,
      months: 240,
      expectedReturn: 0.07,
      volatility: 0.16,
      inflation: 0.02,
      events: [],
      paths: PROJECTION_PATHS,
      seed: PROJECTION_SEED,
      mode: 'lognormal' as const,
      history: [],
    };
    const expected = runProjection(input);
    const horizon = await screen.findByRole('table', { name: 'Projected value in 20 years' });
    const median = within(horizon).getByRole('row', { name: /^Median/ });
    const money = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;
    expect(plain(median.textContent)).toContain(money(expected.bands[50][240]!));
    const mean = within(horizon).getByRole('row', { name: /^Average path/ });
    expect(plain(mean.textContent)).toContain(money(deterministicPath(input)[240]!));
  });

  it('follows a contribution typed, and refuses a horizon out of range with its message', async () => {
    const user = userEvent.setup();
    renderPage(hundredThousand());
    const years = await screen.findByLabelText(/^Horizon/);
    await user.clear(years);
    await user.type(years, '80');
    expect(await screen.findByText('Enter a number from 1 to 50.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Correct the fields marked in red');
    await user.clear(years);
    await user.type(years, '10');
    const contribution = screen.getByLabelText(/^Monthly contribution/);
    await user.clear(contribution);
    await user.type(contribution, '1 000,5');
    const horizon = await screen.findByRole('table', { name: 'Projected value in 10 years' });
    // Paid in: 100,000 and ten years of 1,000.5 a month rising 2% a year.
    let paid = 100_000;
    for (let year = 0; year < 10; year += 1) paid += 12 * 1000.5 * 1.02 ** year;
    await waitFor(() =>
      expect(plain(within(horizon).getByRole('row', { name: /^Paid in/ }).textContent)).toContain(
        `$${Math.round(paid).toLocaleString('en-US')}`,
      ),
    );
  });

  it('takes the return and volatility from two years of the portfolio’s own months', async () => {
    // 30 complete months of exactly 1% each.
    const api = renderPage(
      dashboardWith({
        value: '50000.00',
        assetClass: [{ key: 'crypto', weight: 1 }],
        monthlyReturns: new Array(30).fill(0.01),
      }),
      'classic',
    );
    // 1.01^12 - 1 = 12.68% a year, and no volatility at all.
    expect(await screen.findByLabelText(/^Expected yearly return/)).toHaveValue('12.68');
    expect(screen.getByLabelText(/^Yearly volatility/)).toHaveValue('0');
    expect(
      screen.getByText(/Prefilled from the portfolio's own history: 30 complete months/),
    ).toBeVisible();
    // The whole history was asked for (a plan that opens it).
    const asked = api.spy.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/dashboard');
    expect(asked.map((url) => url.searchParams.get('range'))).toEqual(['MAX']);
  });

  it('says what to do when there is nothing to project', async () => {
    renderPage(dashboardWith({ value: '0.00', assetClass: [] }));
    expect(await screen.findByRole('heading', { name: 'Nothing to project yet' })).toBeVisible();
  });

  it('saves the inputs as a scenario, opens one into the form and compares it on the chart', async () => {
    const user = userEvent.setup();
    const saved: Scenario[] = [
      {
        id: '00000000-0000-4000-8000-000000000101',
        portfolioId: PORTFOLIO,
        simulationId: null,
        name: 'Cautious',
        inputs: {
          startValue: 80_000,
          monthlyContribution: 300,
          contributionGrowth: 0,
          years: 15,
          expectedReturn: 0.03,
          volatility: 0.05,
          inflation: 0.02,
          mode: 'lognormal',
          events: [{ month: 60, amount: -5_000 }],
          history: [],
        },
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
    ];
    const api = renderPage(hundredThousand(), 'free', {
      scope: scopeOf('owner'),
      routes: {
        [`GET /portfolios/${PORTFOLIO}/projections`]: () => ({ body: { scenarios: saved } }),
        [`POST /portfolios/${PORTFOLIO}/projections`]: (call) => {
          const body = call.body as Pick<Scenario, 'name' | 'inputs'>;
          const scenario = { ...saved[0]!, id: '00000000-0000-4000-8000-000000000102', ...body };
          saved.push(scenario);
          return { status: 201, body: { scenario } };
        },
      },
    });
    expect(await screen.findByText('Cautious', { selector: 'p' })).toBeVisible();

    // Saving sends what the form runs: ratios, years, the start value.
    await user.type(screen.getByLabelText('Name these inputs'), 'Plan A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO}/projections`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO}/projections`)[0]?.body).toEqual({
      name: 'Plan A',
      inputs: {
        startValue: 100_000,
        monthlyContribution: 0,
        contributionGrowth: 0.02,
        years: 20,
        expectedReturn: 0.07,
        volatility: 0.16,
        inflation: 0.02,
        mode: 'lognormal',
        events: [],
        history: [],
      },
    });
    expect(await screen.findByText('Plan A', { selector: 'p' })).toBeVisible();

    // Comparing draws its median beside the form's (a column of the chart's table here).
    await user.click(screen.getByRole('checkbox', { name: 'Compare Cautious' }));
    await user.click(
      await screen.findByRole('button', { name: 'Show as table' }, { timeout: 5_000 }),
    );
    expect(
      await screen.findByRole('columnheader', { name: 'Median: Cautious' }, { timeout: 5_000 }),
    ).toBeVisible();

    // Opening puts its inputs in the form.
    await user.click(screen.getByRole('button', { name: 'Open Cautious in the form' }));
    expect(screen.getByLabelText(/^Start value/)).toHaveValue('80000');
    expect(screen.getByLabelText(/^Horizon/)).toHaveValue('15');
    expect(screen.getByLabelText(/^Expected yearly return/)).toHaveValue('3');
    expect(screen.getByLabelText(/^Event 1: year/)).toHaveValue('5');
  });

  it('lets a reader open and compare scenarios, not save them', async () => {
    renderPage(hundredThousand(), 'free', {
      scope: scopeOf('read'),
      routes: { [`GET /portfolios/${PORTFOLIO}/projections`]: { body: { scenarios: [] } } },
    });
    expect(
      await screen.findByText(/You can open and compare the scenarios of this portfolio/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  describe('with the portfolio’s goals', () => {
    /** The active portfolio's view, its scenarios none and its goals these. */
    const goalRoutes = (goals: Goal[]) => ({
      [`GET /portfolios/${PORTFOLIO}/projections`]: { body: { scenarios: [] } },
      [`GET /portfolios/${PORTFOLIO}/goals`]: {
        body: { goals, limit: 10, count: goals.length },
      },
    });
    const rowOf = (title: string) =>
      screen.findByRole('row', { name: new RegExp(`^${title}`) }, { timeout: 5_000 });
    const chanceIn = async (title: string, percent: string) =>
      expect(
        await within(await rowOf(title)).findByText(percent, {}, { timeout: 5_000 }),
      ).toBeVisible();

    it('shows the chance of each whole-portfolio goal by its date, as the domain computes it', async () => {
      const api = renderPage(
        dashboardWith({
          value: '100000.00',
          assetClass: [{ key: 'market', weight: 1 }],
          portfolios: [{ id: PORTFOLIO, name: 'Main', value: '100000.00' }],
        }),
        'free',
        {
          scope: scopeOf('read'),
          routes: goalRoutes([
            goalWith(PORTFOLIO, {
              title: 'Passed',
              targetAmount: '1000.00',
              targetDate: '2026-11-24',
            }),
            goalWith(PORTFOLIO, {
              title: 'Retirement',
              targetAmount: '150000.00',
              targetDate: '2036-11-25',
            }),
            goalWith(PORTFOLIO, {
              title: 'Paused',
              targetAmount: '1000.00',
              targetDate: '2030-01-01',
              status: 'paused',
            }),
            goalWith(PORTFOLIO, {
              title: 'Typed',
              targetAmount: '1000.00',
              targetDate: '2030-01-01',
              measure: { kind: 'manual', currentAmount: '10' },
            }),
            goalWith(PORTFOLIO, {
              title: 'Far',
              targetAmount: '1000.00',
              targetDate: '2050-01-01',
            }),
          ]),
        },
      );
      // The dashboard's day is 2026-11-25: ten years to the target date are 120 months, asked of
      // the page's own run (7% a year, 16% volatility, 20 years, the page's seed).
      const expected = runProjection({
        startValue: 100_000,
        monthlyContribution: 0,
        contributionGrowth: 0.02,
        months: 240,
        expectedReturn: 0.07,
        volatility: 0.16,
        inflation: 0.02,
        events: [],
        paths: PROJECTION_PATHS,
        seed: PROJECTION_SEED,
        mode: 'lognormal',
        history: [],
        targets: [{ month: 120, amount: 150_000 }],
      }).targetProbabilities[0]!;
      expect(expected).toBeGreaterThan(0.05);
      expect(expected).toBeLessThan(0.95);
      const card = (await screen.findByRole('heading', { name: 'Goals' })).closest(
        '[data-slot="card"]',
      ) as HTMLElement;
      expect(
        within(card).getByText(/Only active goals measured by the whole portfolio are compared/),
      ).toBeVisible();
      await chanceIn('Retirement', `${Math.round(expected * 100)}%`);
      const retirement = await rowOf('Retirement');
      expect(plain(retirement.textContent)).toContain('$150,000');
      expect(within(retirement).getByText('Nov 25, 2036')).toBeVisible();
      expect(within(await rowOf('Passed')).getByText('Date passed')).toBeVisible();
      expect(within(await rowOf('Far')).getByText('After the horizon')).toBeVisible();
      // Paused goals and goals measured otherwise are not compared; one portfolio, no caveat.
      expect(within(card).getAllByRole('row')).toHaveLength(4);
      expect(within(card).queryByText(/Paused|Typed/)).not.toBeInTheDocument();
      expect(
        within(card).queryByText(/net worth over all your portfolios/),
      ).not.toBeInTheDocument();
      expect(api.callsTo('GET', `/portfolios/${PORTFOLIO}/goals`).length).toBeGreaterThan(0);
    });

    it('gives 100% to a target the only path passes, 0% to one it misses, converting by the rate', async () => {
      const user = userEvent.setup();
      // 30 months of exactly 0%: no return, no volatility: every path stays at 100,000 USD. The
      // active portfolio is 60,000 USD of it, and 54,000 EUR in its goals' progress.
      renderPage(
        dashboardWith({
          value: '100000.00',
          assetClass: [{ key: 'market', weight: 1 }],
          monthlyReturns: new Array(30).fill(0),
          portfolios: [
            { id: PORTFOLIO, name: 'Main', value: '60000.00' },
            { id: '00000000-0000-4000-8000-00000000000b', name: 'Savings', value: '40000.00' },
          ],
        }),
        'classic',
        {
          scope: scopeOf('owner'),
          routes: goalRoutes([
            goalWith(PORTFOLIO, {
              title: 'House',
              targetAmount: '99000.00',
              targetDate: '2030-11-25',
              currentAmount: '60000.00',
            }),
            goalWith(PORTFOLIO, {
              title: 'Yacht',
              targetAmount: '100500.00',
              targetDate: '2030-11-25',
              currentAmount: '60000.00',
            }),
            // 95,000 EUR x 60,000 / 54,000 = 105,556 USD: missed (relabelled, it would be reached).
            goalWith(PORTFOLIO, {
              title: 'Chalet',
              targetAmount: '95000.00',
              currency: 'EUR',
              targetDate: '2031-11-25',
              currentAmount: '54000.00',
            }),
            // 85,000 EUR at the same rate = 94,444 USD: reached (at the net worth's ratio,
            // 100,000 / 54,000, it would be 157,407 and missed).
            goalWith(PORTFOLIO, {
              title: 'Boat',
              targetAmount: '85000.00',
              currency: 'EUR',
              targetDate: '2031-11-25',
              currentAmount: '54000.00',
            }),
            goalWith(PORTFOLIO, {
              title: 'Cottage',
              targetAmount: '10000.00',
              currency: 'GBP',
              targetDate: '2031-11-25',
              currentAmount: null,
            }),
          ]),
        },
      );
      expect(await screen.findByLabelText(/^Expected yearly return/)).toHaveValue('0');
      expect(screen.getByLabelText(/^Yearly volatility/)).toHaveValue('0');
      await chanceIn('House', '100%');
      await chanceIn('Yacht', '0%');
      await chanceIn('Chalet', '0%');
      await chanceIn('Boat', '100%');
      const chalet = await rowOf('Chalet');
      expect(plain(chalet.textContent)).toContain('€95,000');
      expect(within(chalet).getByText("about $105,556 at today's rate")).toBeVisible();
      expect(within(await rowOf('Boat')).getByText("about $94,444 at today's rate")).toBeVisible();
      // No rate into USD: said, with no chance at all.
      const cottage = await rowOf('Cottage');
      expect(within(cottage).getByText('No rate to convert')).toBeVisible();
      expect(plain(cottage.textContent)).toContain('£10,000');
      expect(cottage.textContent).not.toMatch(/\d\s?%/);
      // The projection starts from both portfolios; the goals count Main alone.
      expect(
        screen.getByText(
          /It starts from your net worth over all your portfolios, while these goals count Main alone/,
        ),
      ).toBeVisible();

      // A start value typed above the yacht's target: now every path reaches it.
      const start = screen.getByLabelText(/^Start value/);
      await user.clear(start);
      await user.type(start, '101000');
      await chanceIn('Yacht', '100%');
    });

    it('points to the Goals page when no goal is measured by the whole portfolio', async () => {
      renderPage(hundredThousand(), 'free', {
        scope: scopeOf('owner'),
        routes: goalRoutes([
          goalWith(PORTFOLIO, {
            title: 'Typed',
            targetAmount: '1000.00',
            targetDate: '2030-01-01',
            measure: { kind: 'manual', currentAmount: '10' },
          }),
        ]),
      });
      expect(
        await screen.findByText(/to see its chance here/, {}, { timeout: 5_000 }),
      ).toHaveTextContent(
        'Add a goal measured by the whole portfolio on the Goals page to see its chance here.',
      );
      expect(screen.getByRole('link', { name: 'Goals page' })).toHaveAttribute('href', '/goals');
      expect(screen.queryByText('Typed')).not.toBeInTheDocument();
    });
  });
});
