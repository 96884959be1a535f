import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Holding } from '@/contracts/holdings';
import { ActiveScopeContext, type ActiveScope } from '@/web/lib/active-scope';
import { mockApi } from '@/web/test/mock-api';
import { renderWithProviders } from '@/web/test/render';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { makeHolding } from '../test/fixtures';
import { AssetsOverviewPage, CrowdfundingPage, MarketPage, RealEstatePage } from './asset-pages';

afterEach(() => vi.restoreAllMocks());

let next = 0;
const holding = (overrides: Partial<Holding>) =>
  makeHolding({
    id: `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`,
    ...overrides,
  });

const summary = {
  body: { categories: [], limits: { tier: 'free', assetLimit: 10, assetCount: 5 } },
};

/** The first cell of each body row, in order. */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    // The first cell with text: rows that open a value history start with a toggle cell.
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .find((text) => !!text),
    );

describe('the overview list', () => {
  const list = [
    holding({ name: 'Small EUR', symbol: 'SEUR', marketValue: '100.00', gainLoss: '5.00' }),
    holding({ name: 'Big EUR', symbol: 'BEUR', marketValue: '5000.00', gainLoss: '-50.00' }),
    holding({
      class: 'crypto',
      name: 'Bitcoin',
      symbol: 'BTC',
      currency: 'USD',
      marketValue: '9000.00',
      gainLoss: '900.00',
    }),
    holding({
      class: 'generic',
      name: 'Gold bar',
      symbol: null,
      currency: 'GBP',
      marketValue: '50.00',
      gainLoss: '1.00',
    }),
    holding({
      name: 'Tenth EUR',
      symbol: 'TEUR',
      marketValue: '99.99',
      gainLoss: '0.00',
    }),
  ];

  it('sorts by the value converted into one currency, with the rates of the total', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/summary`]: {
        body: {
          ...summary.body,
          totals: {
            currency: 'EUR',
            asOf: '2026-11-25',
            totalCost: '0.00',
            totalValue: '0.00',
            // 1 USD = 0.9 EUR; the pound has no rate yet.
            rates: [{ currency: 'USD', rate: '0.9', rateDate: '2026-11-25' }],
            unconverted: [{ currency: 'GBP', totalCost: '49.00', totalValue: '50.00' }],
          },
        },
      },
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: list } },
    });
    renderWithScope(<AssetsOverviewPage />);
    await screen.findByRole('cell', { name: /Bitcoin/ });
    await screen.findByTestId('tier-usage');
    // 9,000 USD is 8,100 EUR: first, above the euro rows, not after them. The pound row, with no
    // rate to compare it by, comes after the converted ones.
    expect(names()).toEqual([
      'BTC Bitcoin',
      'BEUR Big EUR',
      'SEUR Small EUR',
      'TEUR Tenth EUR',
      'Gold bar',
    ]);
    await userEvent.click(screen.getByRole('button', { name: /^Value/ }));
    expect(names()).toEqual([
      'TEUR Tenth EUR',
      'SEUR Small EUR',
      'BEUR Big EUR',
      'BTC Bitcoin',
      'Gold bar',
    ]);
    // Gains too: 900 USD (810 EUR) above 5 EUR; -50 EUR last among the converted.
    await userEvent.click(screen.getByRole('button', { name: /^Gain/ }));
    expect(names()).toEqual([
      'BTC Bitcoin',
      'SEUR Small EUR',
      'TEUR Tenth EUR',
      'BEUR Big EUR',
      'Gold bar',
    ]);
  });

  it('without rates yet, sorts amounts within each currency, the user’s first, never across currencies', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/summary`]: summary,
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: list } },
    });
    renderWithScope(<AssetsOverviewPage />);
    await screen.findByRole('cell', { name: /Bitcoin/ });
    // Value, highest first (the default): EUR (the user's currency), then GBP, then USD.
    expect(names()).toEqual([
      'BEUR Big EUR',
      'SEUR Small EUR',
      'TEUR Tenth EUR',
      'Gold bar',
      'BTC Bitcoin',
    ]);
    await userEvent.click(screen.getByRole('button', { name: /^Value/ }));
    expect(names()).toEqual([
      'TEUR Tenth EUR',
      'SEUR Small EUR',
      'BEUR Big EUR',
      'Gold bar',
      'BTC Bitcoin',
    ]);
    await userEvent.click(screen.getByRole('button', { name: /^Gain/ }));
    expect(names()).toEqual([
      'SEUR Small EUR',
      'TEUR Tenth EUR',
      'BEUR Big EUR',
      'Gold bar',
      'BTC Bitcoin',
    ]);
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(names()).toEqual([
      'BEUR Big EUR',
      'BTC Bitcoin',
      'Gold bar',
      'SEUR Small EUR',
      'TEUR Tenth EUR',
    ]);
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(names()[0]).toBe('TEUR Tenth EUR');
  });

  it('searches names and symbols, whatever the case', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/summary`]: summary,
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: list } },
    });
    renderWithScope(<AssetsOverviewPage />);
    const search = await screen.findByRole('searchbox', { name: 'Search by name or symbol' });
    await userEvent.type(search, 'btc');
    expect(names()).toEqual(['BTC Bitcoin']);
    await userEvent.clear(search);
    await userEvent.type(search, 'GOLD');
    expect(names()).toEqual(['Gold bar']);
    await userEvent.clear(search);
    await userEvent.type(search, 'eur');
    expect(names()).toHaveLength(3);
    await userEvent.type(search, 'x');
    expect(screen.getByText('No asset matches these filters.')).toBeInTheDocument();
  });
});

describe('without an active portfolio', () => {
  const noPortfolio: ActiveScope = {
    status: 'ready',
    portfolios: [],
    portfolio: null,
    simulation: null,
    permission: null,
    scopeKey: null,
    switchPortfolio: () => {},
    switchSimulation: () => {},
  };

  it.each([
    ['the overview', <AssetsOverviewPage key="overview" />],
    ['a class page', <MarketPage key="market" />],
  ])('%s says to select or create one, and asks nothing of the API', (_, page) => {
    const api = mockApi({});
    renderWithProviders(
      <ActiveScopeContext.Provider value={noPortfolio}>{page}</ActiveScopeContext.Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'No active portfolio selected. Select or create a portfolio first.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe('the class pages’ own columns', () => {
  it('show a property’s address, size and bedrooms', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: {
        body: {
          holdings: [
            holding({
              class: 'real_estate',
              name: 'Flat in Lyon',
              symbol: null,
              details: {
                propertyType: 'apartment',
                address: '1 rue de la République',
                zipCode: '69002',
                city: 'Lyon',
                size: '62.5',
                sizeUnit: 'sqm',
                bedrooms: 2,
                rentalIncome: '900',
              },
            }),
          ],
        },
      },
    });
    renderWithScope(<RealEstatePage />);
    const cell = await screen.findByRole('cell', { name: /Flat in Lyon/ });
    expect(cell).toHaveTextContent('Apartment · 1 rue de la République, 69002, Lyon');
    expect(screen.getByRole('columnheader', { name: 'Size' })).toHaveClass(
      'hidden',
      'sm:table-cell',
    );
    expect(screen.getByRole('cell', { name: '62.5 m²' })).toHaveClass('hidden');
    expect(screen.getByRole('columnheader', { name: 'Bedrooms' })).toHaveClass('hidden');
    expect(screen.getByRole('cell', { name: '2' })).toBeInTheDocument();
  });

  it('show a crowdfunding investment’s equity', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: {
        body: {
          holdings: [
            holding({
              class: 'crowdfunding',
              name: 'Solar farm',
              symbol: null,
              status: 'repaid',
              details: { platform: 'Enerfip', equityPercentage: '0.5', expectedReturn: '7' },
            }),
          ],
        },
      },
    });
    renderWithScope(<CrowdfundingPage />);
    expect(await screen.findByRole('columnheader', { name: 'Equity' })).toHaveClass('hidden');
    expect(screen.getByRole('cell', { name: '0.50%' })).toBeInTheDocument();
    expect(screen.getByText('Repaid')).toBeInTheDocument();
  });
});
