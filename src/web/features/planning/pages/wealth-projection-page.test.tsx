import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deterministicPath, runProjection } from '@/domain/projection';
import type { DashboardResponse } from '@/contracts/valuation';
import { sessionKeys } from '@/web/lib/session';
import { mockApi, testSession } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { subscriptionRoute } from '@/web/test/subscription';
import { PROJECTION_PATHS, PROJECTION_SEED } from '../lib/projection-form';
import { dashboardWith } from '../test/dashboard';
import { WealthProjectionPage } from './wealth-projection-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

function renderPage(dashboard: DashboardResponse, tier: 'free' | 'classic' = 'free') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, testSession());
  const api = mockApi({
    ...subscriptionRoute(tier),
    'GET /dashboard': { body: dashboard },
  });
  renderWithProviders(<WealthProjectionPage />, { queryClient, route: '/wealth-projection' });
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
});
