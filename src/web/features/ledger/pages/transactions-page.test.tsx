import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionLevel } from '@/contracts/portfolios';
import type { Transaction } from '@/contracts/transactions';
import { apiError, mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { TransactionsPage } from './transactions-page';

const P = PORTFOLIO_ID;
const H = '00000000-0000-4000-8000-0000000000cc';
const LOT1 = '00000000-0000-4000-8000-000000000101';
const LOT2 = '00000000-0000-4000-8000-000000000102';

afterEach(() => vi.restoreAllMocks());

const renderPage = (ui: ReactElement, level: PermissionLevel = 'owner') =>
  renderWithScope(ui, { level, route: '/transactions' });

const row = (overrides: Partial<Transaction>): Transaction => ({
  id: '00000000-0000-4000-8000-000000000201',
  portfolioId: P,
  simulationId: null,
  assetId: H,
  assetType: 'market_investment',
  assetName: 'LVMH',
  assetSymbol: 'MC.PA',
  transactionType: 'buy',
  quantity: '10',
  price: '100',
  fees: '0',
  amount: '1000.00',
  currency: 'EUR',
  exchangeRateToBase: '1',
  tradeDate: '2024-01-10',
  settlementDate: '2024-01-12',
  broker: null,
  accountId: null,
  notes: null,
  status: 'completed',
  costBasisMethod: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  tax: null,
  ...overrides,
});

const base = {
  [`GET /portfolios/${P}/transactions`]: {
    body: { transactions: [row({})], page: 1, pageSize: 50, hasMore: false },
  },
  [`GET /portfolios/${P}/transactions/totals`]: {
    body: { count: 1, bought: '1000.00', sold: '0.00', income: '0.00', fees: '0.00' },
  },
  [`GET /portfolios/${P}/holdings`]: {
    body: {
      holdings: [
        { id: H, class: 'market', name: 'LVMH', symbol: 'MC.PA', currency: 'EUR', quantity: '15' },
      ],
    },
  },
  [`GET /holdings/${H}/lots`]: {
    body: {
      lots: [
        {
          id: LOT1,
          lotNumber: 1,
          acquisitionDate: '2024-01-10',
          acquisitionPrice: '100',
          exchangeRateToBase: '1',
          originalQuantity: '10',
          remainingQuantity: '10',
          feesAllocated: '0',
          remainingCost: '1000.00',
          costBasisMethod: 'fifo',
          status: 'active',
        },
        {
          id: LOT2,
          lotNumber: 2,
          acquisitionDate: '2024-06-01',
          acquisitionPrice: '120',
          exchangeRateToBase: '1',
          originalQuantity: '5',
          remainingQuantity: '5',
          feesAllocated: '0',
          remainingCost: '600.00',
          costBasisMethod: 'fifo',
          status: 'active',
        },
      ],
    },
  },
};

describe('the transactions page', () => {
  it('lists, totals, and puts filters in the request', async () => {
    const api = mockApi(base);
    renderPage(<TransactionsPage />);
    expect(await screen.findByRole('cell', { name: /MC\.PA/ })).toBeInTheDocument();
    expect(screen.getByTestId('totals')).toHaveTextContent('€1,000.00');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'dividend');
    await waitFor(() =>
      expect(
        api.spy.mock.calls.some(([url]) => String(url).includes('/transactions?type=dividend')),
      ).toBe(true),
    );
  });

  it('shows the lots and the preview of a specific-lot sale, then posts the chosen lots', async () => {
    const api = mockApi({
      ...base,
      [`POST /portfolios/${P}/transactions/preview`]: {
        body: {
          tax: {
            lots: [
              {
                lotId: LOT2,
                lotNumber: 2,
                quantity: '2',
                proceeds: '300.00',
                costBasis: '240.00',
                gainLoss: '60.00',
                holdingPeriodDays: 273,
                isLongTerm: false,
                taxRate: '0.3',
                taxAmount: '18.00',
              },
            ],
            total: {
              proceeds: '300.00',
              costBasis: '240.00',
              gainLoss: '60.00',
              taxAmount: '18.00',
            },
            jurisdiction: 'FR',
            taxYear: 2025,
          },
        },
      },
      [`POST /portfolios/${P}/transactions`]: {
        status: 201,
        body: { transaction: row({ transactionType: 'sell' }) },
      },
    });
    renderPage(<TransactionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }));
    const dialog = screen.getByRole('dialog', { name: 'New transaction' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'sell');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Cost basis method'),
      'specific_id',
    );
    const lots = await within(dialog).findByTestId('available-lots');
    expect(within(lots).getAllByRole('row')).toHaveLength(3);
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '2');
    await userEvent.type(within(dialog).getByLabelText('Price per unit'), '150');
    await userEvent.type(within(dialog).getByLabelText('Quantity to sell from lot 2'), '2');
    const preview = await within(dialog).findByTestId('sale-preview', {}, { timeout: 3000 });
    expect(preview).toHaveTextContent('273 days');
    expect(preview).toHaveTextContent('Short term');
    expect(within(dialog).getByTestId('sale-tax-total')).toHaveTextContent('€18.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm the sale' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${P}/transactions`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${P}/transactions`)[0]?.body).toMatchObject({
      assetId: H,
      transactionType: 'sell',
      quantity: '2',
      price: '150',
      costBasisMethod: 'specific_id',
      selectedLots: [{ lotId: LOT2, quantity: '2' }],
    });
    expect(await screen.findByText('Sell order executed successfully')).toBeInTheDocument();
  });

  it('translates a refused sale with its figures', async () => {
    mockApi({
      ...base,
      [`POST /portfolios/${P}/transactions/preview`]: apiError(422, 'INSUFFICIENT_BALANCE', {
        available: '15',
        requested: '20',
      }),
    });
    renderPage(<TransactionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }));
    const dialog = screen.getByRole('dialog', { name: 'New transaction' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'sell');
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '20');
    await userEvent.type(within(dialog).getByLabelText('Price per unit'), '150');
    expect(
      await within(dialog).findByText(
        'Insufficient balance. Available: 15, Requested: 20',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
  });

  it('gives a read-only invitee no way to record, change or delete', async () => {
    mockApi(base);
    renderPage(<TransactionsPage />, 'read');
    expect(await screen.findByRole('cell', { name: /MC\.PA/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New transaction' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete the/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Status of/ })).not.toBeInTheDocument();
  });
});
