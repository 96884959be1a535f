import { screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import { subscriptionRoute } from '@/web/test/subscription';
import { makePerformance } from '@/web/test/valuation-fixtures';
import { makePortfolio, makeSimulation, renderInScope, stubResizeObserver } from '../test/fixtures';
import { PortfolioPage } from './portfolio-page';

beforeEach(() => stubResizeObserver());
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const PORTFOLIO = '00000000-0000-4000-8000-00000000a001';
const simulation = makeSimulation({ portfolioId: PORTFOLIO, name: 'Bear case' });
const portfolio = makePortfolio({ id: PORTFOLIO, name: 'Main', simulations: [simulation] });

function renderPage(search: string) {
  const api = mockApi({
    ...subscriptionRoute('classic'),
    'GET /portfolios': { body: { portfolios: [portfolio] } },
    [`GET /portfolios/${PORTFOLIO}`]: { body: { portfolio } },
    [`GET /portfolios/${PORTFOLIO}/shares`]: { body: { shares: [] } },
    [`GET /simulations/${simulation.id}/stats`]: {
      body: {
        stats: {
          totalAssets: 0,
          totalTransactions: 0,
          totalValue: '0',
          currency: 'EUR',
          unconverted: [],
          createdAt: simulation.createdAt,
        },
      },
    },
    [`GET /portfolios/${PORTFOLIO}/performance`]: () => {
      const url = new URL(String(api.spy.mock.lastCall?.[0]), 'http://localhost');
      return url.searchParams.get('sim') === simulation.id
        ? {
            body: makePerformance({
              currency: 'EUR',
              value: '100000',
              cash: '100000.00',
              holdings: [],
              unpriced: [],
            }),
          }
        : { body: makePerformance({ currency: 'EUR', value: '42530.10', cash: null }) };
    },
  });
  renderInScope(<PortfolioPage />, {
    route: `/portfolio/${PORTFOLIO}${search}`,
    path: '/portfolio/:portfolioId',
  });
  return api;
}

/** The views the performance was asked for (the `sim` parameter; null: the real portfolio). */
function viewsAsked(api: ReturnType<typeof mockApi>) {
  return api.spy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api/v1/portfolios/${PORTFOLIO}/performance`)
    .map((url) => url.searchParams.get('sim'));
}

describe('the portfolio page while one of its simulations is active', { timeout: 15_000 }, () => {
  it('shows the simulation’s own value and cash, not the real portfolio’s', async () => {
    const api = renderPage(`?portfolio=${PORTFOLIO}&sim=${simulation.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Performance of the simulation “Bear case”' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('performance-value')).toHaveTextContent('€100,000.00'),
    );
    const cash = screen.getAllByText('Cash').find((node) => node.tagName === 'DT');
    expect(cash?.parentElement).toHaveTextContent('€100,000.00');
    expect(
      screen.getByText('No holdings in this simulation yet: its value is its cash.'),
    ).toBeVisible();
    expect(viewsAsked(api).every((sim) => sim === simulation.id)).toBe(true);
  });

  it('shows the real portfolio’s figures in the real view', async () => {
    const api = renderPage(`?portfolio=${PORTFOLIO}`);
    expect(await screen.findByRole('heading', { name: 'Performance' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('performance-value')).toHaveTextContent('€42,530.10'),
    );
    // The section asks the real view; the simulations table asks each simulation's own, for its
    // holdings' value (the simulation's value less its cash: 100,000 - 100,000 here).
    expect(viewsAsked(api)).toContain(null);
    expect(await screen.findByTestId('simulation-holdings-value')).toHaveTextContent('€0.00');
  });
});
