import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Holding } from '@/contracts/holdings';
import { mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope, SIM_ID } from '@/web/test/scope';
import { makeHolding } from '../test/fixtures';
import { AssetsOverviewPage, MarketPage } from './asset-pages';

afterEach(() => vi.restoreAllMocks());

const holding = (overrides: Partial<Holding>) =>
  makeHolding({ details: { sector: 'Technology' }, ...overrides });

describe('the assets overview', () => {
  it('shows the category totals, the plan usage and a filterable list', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/summary`]: {
        body: {
          categories: [
            {
              class: 'market',
              category: 'market_investment',
              currency: 'EUR',
              itemCount: 1,
              totalCost: '1500.00',
              totalValue: '1800.00',
              totalGain: '300.00',
              lastUpdated: null,
            },
            {
              class: 'crypto',
              category: 'crypto_investment',
              currency: 'USD',
              itemCount: 1,
              totalCost: '15000.00',
              totalValue: '12000.00',
              totalGain: '-3000.00',
              lastUpdated: null,
            },
          ],
          limits: { tier: 'free', assetLimit: 10, assetCount: 2 },
        },
      },
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: {
        body: {
          holdings: [
            holding({}),
            holding({
              id: '00000000-0000-4000-8000-000000000002',
              class: 'crypto',
              name: 'Bitcoin',
              symbol: 'BTC',
              currency: 'USD',
              costBasis: '15000.00',
              marketValue: '12000.00',
              gainLoss: '-3000.00',
              gainLossPercent: '-20.00',
            }),
          ],
        },
      },
    });
    renderWithScope(<AssetsOverviewPage />);
    expect(await screen.findByTestId('tier-usage')).toHaveTextContent('2 of 10 assets (Free plan)');
    const market = screen.getByTestId('category-market');
    expect(market).toHaveTextContent('€1,800.00');
    expect(market).toHaveTextContent('+€300.00');
    const crypto = screen.getByTestId('category-crypto');
    // A loss is marked by a sign and a word for screen readers, not colour alone.
    expect(crypto).toHaveTextContent('-$3,000.00');
    expect(within(crypto).getByText('Down')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'crypto');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: /BTC/ })).toBeInTheDocument();
  });
});

describe('a gain on the overview', () => {
  it('shows the same cent on the category card as in its holding’s row', async () => {
    // Cost 3 x 0.335 = 1.005 and value 1.50: the gain is 0.495, 0.50 to the cent; the difference
    // of the rounded totals (1.50 - 1.01) would say 0.49.
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/summary`]: {
        body: {
          categories: [
            {
              class: 'market',
              category: 'market_investment',
              currency: 'EUR',
              itemCount: 1,
              totalCost: '1.01',
              totalValue: '1.50',
              totalGain: '0.50',
              lastUpdated: null,
            },
          ],
          limits: { tier: 'free', assetLimit: 10, assetCount: 1 },
        },
      },
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: {
        body: {
          holdings: [
            holding({
              quantity: '3',
              purchasePrice: '0.335',
              currentPrice: '0.5',
              costBasis: '1.01',
              marketValue: '1.50',
              gainLoss: '0.50',
              gainLossPercent: '49.25',
            }),
          ],
        },
      },
    });
    renderWithScope(<AssetsOverviewPage />);
    const card = await screen.findByTestId('category-market');
    expect(card).toHaveTextContent('+€0.50');
    expect(card).not.toHaveTextContent('€0.49');
    const row = screen.getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('+€0.50');
  });
});

describe('a class page', () => {
  it('says what to do when empty, checks the symbol and adds in the active simulation', async () => {
    const api = mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: [] } },
      [`POST /portfolios/${PORTFOLIO_ID}/holdings`]: {
        status: 201,
        body: { holding: holding({}) },
      },
    });
    renderWithScope(<MarketPage />, { simulation: true });
    expect(
      await screen.findByText('No market investments yet. Add your first one.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add investment' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add a market investment' });
    await userEvent.type(within(dialog).getByLabelText('Symbol'), 'aapl');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      within(dialog).getByText(
        'Symbol must contain only uppercase letters, numbers, dots, and hyphens',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Symbol'));
    await userEvent.type(within(dialog).getByLabelText('Symbol'), 'AAPL');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Apple Inc.');
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '10');
    await userEvent.type(within(dialog).getByLabelText(/Purchase price/), '150,5');
    await userEvent.type(within(dialog).getByLabelText('Current price'), '180');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(1),
    );
    const call = api.calls.find((c) => c.method === 'POST');
    expect(call?.body).toMatchObject({
      class: 'market',
      symbol: 'AAPL',
      quantity: '10',
      purchasePrice: '150.5',
      currency: 'EUR',
    });
    const fetched = (api.spy.mock.calls.find(([, init]) => init?.method === 'POST')?.[0] ??
      '') as string;
    expect(String(fetched)).toContain(`?sim=${SIM_ID}`);
    expect(await screen.findByText('Investment added successfully')).toBeInTheDocument();
  });

  it('shows a read-only invitee no add, edit or delete', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: [holding({})] } },
    });
    renderWithScope(<MarketPage />, { level: 'read' });
    expect(await screen.findByRole('cell', { name: /AAPL/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add investment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('says the data could not load, and loads it again on request', async () => {
    let fail = true;
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'x', details: null } } }
          : { body: { holdings: [holding({})] } },
    });
    renderWithScope(<MarketPage />);
    expect(await screen.findByText('Data loading failed')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading' }));
    expect(await screen.findByRole('cell', { name: /AAPL/ })).toBeInTheDocument();
  });
});
