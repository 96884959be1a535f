import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormatPreferencesProvider } from '@/web/lib/preferences';
import { mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { makePerformance } from '@/web/test/valuation-fixtures';
import { AssetsOverviewPage } from './asset-pages';

afterEach(() => vi.restoreAllMocks());

const category = (currency: string, totalValue: string) => ({
  class: 'market',
  category: 'market_investment',
  currency,
  itemCount: 1,
  totalCost: '1000.00',
  totalValue,
  totalGain: (Number(totalValue) - 1000).toFixed(2),
  lastUpdated: null,
});

describe('the overview’s totals across currencies', () => {
  it('shows each amount in its own currency and never adds euros and dollars one for one', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/summary`]: {
        body: {
          categories: [category('EUR', '1100.00'), category('USD', '1250.00')],
          totals: {
            currency: 'EUR',
            asOf: '2026-11-25',
            totalCost: '1000.00',
            totalValue: '1100.00',
            rates: [],
            unconverted: [{ currency: 'USD', totalCost: '1000.00', totalValue: '1250.00' }],
          },
          limits: { tier: 'free', assetLimit: 10, assetCount: 2 },
        },
      },
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: [] } },
    });
    // The display currency (USD) labels nothing: the euro total stays in euros.
    renderWithScope(
      <FormatPreferencesProvider
        value={{
          currency: 'USD',
          dateFormat: 'yyyy-MM-dd',
          numberFormat: 'american',
          timeZone: null,
        }}
      >
        <AssetsOverviewPage />
      </FormatPreferencesProvider>,
      { route: '/assets' },
    );
    const total = await screen.findByTestId('converted-total');
    expect(within(total).getByText('Total in EUR')).toBeInTheDocument();
    expect(total).toHaveTextContent('€1,100.00');
    expect(total).toHaveTextContent('Not included, no exchange rate known yet: $1,250.00.');
    expect(document.body).not.toHaveTextContent('2,350');
    const market = screen.getByTestId('category-market');
    expect(market).toHaveTextContent('€1,100.00');
    expect(market).toHaveTextContent('$1,250.00');
  });
});

describe('the overview of a simulation', () => {
  it('adds its cash to say what the simulation is worth', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/summary`]: {
        body: {
          categories: [category('EUR', '14700.00')],
          totals: {
            currency: 'EUR',
            asOf: '2026-11-25',
            totalCost: '14000.00',
            totalValue: '14700.00',
            rates: [],
            unconverted: [],
          },
          limits: { tier: 'free', assetLimit: 10, assetCount: 1 },
        },
      },
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: [] } },
      [`GET /portfolios/${PORTFOLIO_ID}/performance`]: {
        body: makePerformance({
          currency: 'EUR',
          value: '100700.00',
          cash: '86000.00',
          holdings: [],
          unpriced: [],
        }),
      },
    });
    renderWithScope(<AssetsOverviewPage />, { route: '/assets', simulation: true });
    const total = await screen.findByTestId('converted-total');
    expect(total).toHaveTextContent('€14,700.00');
    expect(await within(total).findByTestId('simulation-total')).toHaveTextContent(
      'With its cash (€86,000.00), the simulation is worth €100,700.00.',
    );
  });
});
