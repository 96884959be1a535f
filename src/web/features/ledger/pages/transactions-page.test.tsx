import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { latestToday } from '@/contracts/input-rules';
import type { PermissionLevel } from '@/contracts/portfolios';
import type { Transaction } from '@/contracts/transactions';
import { FormatPreferencesProvider } from '@/web/lib/preferences';
import { apiError, mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope, SIM_ID } from '@/web/test/scope';
import { formatTypedDate } from '@/web/lib/date-input';
import { TransactionsPage } from './transactions-page';

const P = PORTFOLIO_ID;
const H = '00000000-0000-4000-8000-0000000000cc';
const SAVINGS = '00000000-0000-4000-8000-0000000000dd';
const LOT1 = '00000000-0000-4000-8000-000000000101';
const LOT2 = '00000000-0000-4000-8000-000000000102';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

/** The calendar day after `date` (YYYY-MM-DD). */
const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const renderPage = (
  ui: ReactElement,
  level: PermissionLevel = 'owner',
  options: { simulation?: boolean; baseCurrency?: 'EUR' | 'USD' } = {},
) => renderWithScope(ui, { level, route: '/transactions', ...options });

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
  taxTotal: null,
  ...overrides,
});

const base = {
  [`GET /portfolios/${P}/transactions`]: {
    body: { transactions: [row({})], page: 1, pageSize: 50, hasMore: false },
  },
  [`GET /portfolios/${P}/transactions/totals`]: {
    body: {
      count: 2,
      byCurrency: [
        { currency: 'EUR', bought: '1000.00', sold: '0.00', income: '0.00', fees: '0.00' },
        { currency: 'USD', bought: '250.00', sold: '0.00', income: '0.00', fees: '1.50' },
      ],
    },
  },
  [`GET /portfolios/${P}/holdings`]: {
    body: {
      holdings: [
        { id: H, class: 'market', name: 'LVMH', symbol: 'MC.PA', currency: 'EUR', quantity: '15' },
        {
          id: SAVINGS,
          class: 'savings',
          name: 'Livret A',
          symbol: null,
          currency: 'EUR',
          quantity: '5000',
        },
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
          currency: 'EUR',
          exchangeRateToBase: '1',
          originalQuantity: '10',
          remainingQuantity: '10',
          feesAllocated: '0',
          remainingCost: '1000.00',
          costBasisMethod: null,
          status: 'active',
        },
        {
          id: LOT2,
          lotNumber: 2,
          acquisitionDate: '2024-06-01',
          acquisitionPrice: '120',
          currency: 'USD',
          exchangeRateToBase: '0.9',
          originalQuantity: '5',
          remainingQuantity: '5',
          feesAllocated: '0',
          remainingCost: '540.00',
          costBasisMethod: null,
          status: 'active',
        },
      ],
    },
  },
};

describe('the transactions page', () => {
  it('says the list could not load, and loads it again on request', async () => {
    let fail = true;
    mockApi({
      ...base,
      [`GET /portfolios/${P}/transactions`]: () =>
        fail ? apiError(500, 'INTERNAL') : base[`GET /portfolios/${P}/transactions`],
    });
    renderPage(<TransactionsPage />);
    expect(await screen.findByText('Data loading failed')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading' }));
    expect(await screen.findByRole('cell', { name: /MC\.PA/ })).toBeInTheDocument();
  });

  it('lists, totals, and puts filters in the request', async () => {
    const api = mockApi(base);
    renderPage(<TransactionsPage />);
    expect(await screen.findByRole('cell', { name: /MC\.PA/ })).toBeInTheDocument();
    // Each currency on its own line, never added together.
    const bought = within(screen.getByTestId('totals')).getByText('Bought').nextElementSibling;
    expect(bought?.textContent).toBe('€1,000.00$250.00');
    expect(screen.getByTestId('totals')).not.toHaveTextContent('1,250.00');
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
  }, 20_000);

  it('bounds the trade date by today and refuses a later one, in English and in French', async () => {
    const api = mockApi(base);
    renderPage(<TransactionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }));
    const dialog = screen.getByRole('dialog', { name: 'New transaction' });
    const trade = within(dialog).getByLabelText('Trade date');
    // Typed in the user's format (no preference: the language's, month first in English).
    await userEvent.clear(trade);
    await userEvent.type(trade, formatTypedDate(latestToday(), 'MM/dd/yyyy'));
    // The calendar goes no further than today for a trade...
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Choose a date' })[0]!);
    expect(await screen.findByRole('button', { name: 'Go to the Next Month' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    // ...but a trade made today settles later: its settlement date may be after today.
    const settlement = within(dialog).getByLabelText('Settlement date (optional)');
    await userEvent.type(settlement, formatTypedDate(latestToday(), 'MM/dd/yyyy'));
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Choose a date' })[1]!);
    expect(await screen.findByRole('button', { name: 'Go to the Next Month' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.clear(settlement);
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '2');
    await userEvent.type(within(dialog).getByLabelText('Price per unit'), '150');
    await userEvent.clear(trade);
    await userEvent.type(trade, dayAfter(latestToday()));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(trade).toHaveAccessibleDescription('Date cannot be in the future');
    await userEvent.clear(trade);
    await userEvent.type(trade, '0001-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(trade).toHaveAccessibleDescription('Date must be between 1900-01-01 and 2999-12-31');
    expect(api.callsTo('POST', `/portfolios/${P}/transactions`)).toHaveLength(0);
    await userEvent.clear(trade);
    await userEvent.type(trade, dayAfter(latestToday()));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await i18n.changeLanguage('fr');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Date d’opération')).toHaveAccessibleDescription(
        'La date ne peut pas être dans le futur',
      ),
    );
  }, 20_000);

  it('opens the form from the installed app’s shortcut (?new=1), for those who may record', async () => {
    mockApi(base);
    const { router } = renderWithScope(<TransactionsPage />, {
      level: 'owner',
      route: '/transactions?new=1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'New transaction' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // Closed, it stays closed: the parameter is gone.
    expect(router.state.location.search).toBe('');
  });

  it('ignores the shortcut for a reader', async () => {
    mockApi(base);
    renderWithScope(<TransactionsPage />, { level: 'read', route: '/transactions?new=1' });
    // The list is there (the scope is ready), and no form opened.
    expect((await screen.findAllByText('LVMH')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
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

  it('shows a dollar portfolio’s tax estimate in dollars, saying French tax is declared in euros', async () => {
    const total = {
      proceeds: '300.00',
      costBasis: '240.00',
      gainLoss: '60.00',
      taxAmount: '18.00',
    };
    mockApi({
      ...base,
      [`POST /portfolios/${P}/transactions/preview`]: {
        body: {
          tax: {
            lots: [
              {
                lotId: LOT2,
                lotNumber: 2,
                quantity: '2',
                ...total,
                holdingPeriodDays: 273,
                isLongTerm: false,
                taxRate: '0.3',
              },
            ],
            total,
            jurisdiction: 'FR',
            taxYear: 2025,
          },
        },
      },
    });
    renderPage(<TransactionsPage />, 'owner', { baseCurrency: 'USD' });
    await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }));
    const dialog = screen.getByRole('dialog', { name: 'New transaction' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'sell');
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '2');
    await userEvent.type(within(dialog).getByLabelText('Price per unit'), '150');
    expect(
      await within(dialog).findByTestId('sale-tax-total', {}, { timeout: 3000 }),
    ).toHaveTextContent('$18.00');
    expect(within(dialog).getByTestId('sale-currency')).toHaveTextContent(
      'Amounts in USD, the portfolio’s currency',
    );
    expect(within(dialog).getByTestId('sale-preview')).not.toHaveTextContent('€');
  });

  it('says a cancelled sale has no gain and no tax (the preview answers none)', async () => {
    mockApi({
      ...base,
      [`POST /portfolios/${P}/transactions/preview`]: { body: { tax: null } },
    });
    renderPage(<TransactionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }));
    const dialog = screen.getByRole('dialog', { name: 'New transaction' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'sell');
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '2');
    await userEvent.type(within(dialog).getByLabelText('Price per unit'), '150');
    expect(
      await within(dialog).findByText(
        'A cancelled sale sells nothing: no gain and no tax.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByTestId('sale-preview')).toBeNull();
  });

  it('deletes a transaction after confirming, and says so', async () => {
    const api = mockApi({
      ...base,
      [`DELETE /transactions/${row({}).id}`]: { body: null },
    });
    renderPage(<TransactionsPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the LVMH transaction' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this transaction?' });
    expect(api.callsTo('DELETE', `/transactions/${row({}).id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Transaction deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/transactions/${row({}).id}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Delete this transaction?' })).toBeNull(),
    );
  });

  it('shows a refused deletion translated, in the dialog', async () => {
    mockApi({
      ...base,
      [`DELETE /transactions/${row({}).id}`]: apiError(409, 'LOT_CONSUMED'),
    });
    renderPage(<TransactionsPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the LVMH transaction' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this transaction?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'This purchase cannot be changed or deleted: a later sale used its shares. Delete that sale first.',
      ),
    ).toBeInTheDocument();
  });

  it('changes a status that leaves the ledger alone at once, and translates a refusal', async () => {
    const id = row({}).id;
    let answer: 'ok' | 'consumed' = 'ok';
    const api = mockApi({
      ...base,
      [`PATCH /transactions/${id}`]: () =>
        answer === 'ok'
          ? { body: { transaction: row({ status: 'pending' }) } }
          : apiError(409, 'LOT_CONSUMED'),
    });
    renderPage(<TransactionsPage />);
    const status = await screen.findByRole('combobox', {
      name: 'Status of the LVMH transaction',
    });
    // Completed -> pending: the ledger counts both, nothing to confirm.
    await userEvent.selectOptions(status, 'pending');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Transaction updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/transactions/${id}`)[0]?.body).toEqual({ status: 'pending' });
    answer = 'consumed';
    await userEvent.selectOptions(status, 'cancelled');
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel the transaction',
      }),
    );
    expect(
      await screen.findByText(
        'This purchase cannot be changed or deleted: a later sale used its shares. Delete that sale first.',
      ),
    ).toBeInTheDocument();
  });

  it('asks before cancelling a transaction, says what is recomputed, and changes nothing when kept', async () => {
    const id = row({}).id;
    const api = mockApi({
      ...base,
      [`PATCH /transactions/${id}`]: { body: { transaction: row({ status: 'cancelled' }) } },
    });
    renderPage(<TransactionsPage />);
    const status = await screen.findByRole('combobox', {
      name: 'Status of the LVMH transaction',
    });
    await userEvent.selectOptions(status, 'cancelled');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this transaction?' });
    expect(dialog).toHaveAccessibleDescription(
      'This transaction (Buy, MC.PA, Jan 10, 2024) will no longer count: the quantity, lots, cost and gains of MC.PA and the portfolio’s cash are recomputed without it. You can restore it later.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it as it is' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(status).toHaveValue('completed');
    expect(api.callsTo('PATCH', `/transactions/${id}`)).toHaveLength(0);
    // Escape keeps it too.
    await userEvent.selectOptions(status, 'cancelled');
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', `/transactions/${id}`)).toHaveLength(0);

    await userEvent.selectOptions(status, 'cancelled');
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel the transaction',
      }),
    );
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/transactions/${id}`).map((call) => call.body)).toEqual([
        { status: 'cancelled' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('asks before restoring a cancelled transaction, in French', async () => {
    await i18n.changeLanguage('fr');
    const cancelled = row({ status: 'cancelled' });
    const api = mockApi({
      ...base,
      [`GET /portfolios/${P}/transactions`]: {
        body: { transactions: [cancelled], page: 1, pageSize: 50, hasMore: false },
      },
      [`PATCH /transactions/${cancelled.id}`]: {
        body: { transaction: row({ status: 'completed' }) },
      },
    });
    renderPage(<TransactionsPage />);
    const status = await screen.findByRole('combobox', {
      name: 'Statut de l’opération LVMH',
    });
    // Cancelled -> pending counts again: it asks as well.
    await userEvent.selectOptions(status, 'pending');
    const dialog = await screen.findByRole('alertdialog', { name: 'Rétablir cette opération ?' });
    expect(dialog).toHaveAccessibleDescription(/sera de nouveau prise en compte/);
    expect(dialog).toHaveAccessibleDescription(/MC\.PA/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rétablir l’opération' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/transactions/${cancelled.id}`)[0]?.body).toEqual({
        status: 'pending',
      }),
    );
  });

  it('acts on a transaction in the active simulation (?sim= on by-id calls)', async () => {
    const id = row({}).id;
    const api = mockApi({
      ...base,
      [`PATCH /transactions/${id}`]: { body: { transaction: row({ status: 'pending' }) } },
      [`DELETE /transactions/${id}`]: { body: null },
    });
    renderPage(<TransactionsPage />, 'owner', { simulation: true });
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Status of the LVMH transaction' }),
      'pending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete the LVMH transaction' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', `/transactions/${id}`)).toHaveLength(1));
    const urls = api.spy.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url.includes(`/transactions/${id}`))).toEqual([
      expect.stringContaining(`?sim=${SIM_ID}`),
      expect.stringContaining(`?sim=${SIM_ID}`),
    ]);
  });

  it('leaves savings accounts out of the asset list for a buy, a sale or a transfer', async () => {
    mockApi(base);
    renderPage(<TransactionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }));
    const dialog = screen.getByRole('dialog', { name: 'New transaction' });
    const assets = () =>
      within(within(dialog).getByLabelText('Asset'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await waitFor(() => expect(assets()).toEqual(['MC.PA · LVMH']));
    for (const type of ['sell', 'transfer']) {
      await userEvent.selectOptions(within(dialog).getByLabelText('Type'), type);
      expect(assets()).toEqual(['MC.PA · LVMH']);
    }
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'interest');
    expect(assets()).toEqual(['MC.PA · LVMH', 'Livret A']);
  });

  it('shows a sale’s tax in euros and each lot’s price in its buy’s currency, whatever the display currency', async () => {
    mockApi({
      ...base,
      [`POST /portfolios/${P}/transactions/preview`]: {
        body: {
          tax: {
            lots: [
              {
                lotId: LOT1,
                lotNumber: 1,
                quantity: '2',
                proceeds: '300.00',
                costBasis: '200.00',
                gainLoss: '100.00',
                holdingPeriodDays: 30,
                isLongTerm: false,
                taxRate: '0.3',
                taxAmount: '30.00',
              },
            ],
            total: {
              proceeds: '300.00',
              costBasis: '200.00',
              gainLoss: '100.00',
              taxAmount: '30.00',
            },
            jurisdiction: 'FR',
            taxYear: 2024,
          },
        },
      },
    });
    renderPage(
      <FormatPreferencesProvider
        value={{
          currency: 'USD',
          dateFormat: 'yyyy-MM-dd',
          numberFormat: 'american',
          timeZone: null,
        }}
      >
        <TransactionsPage />
      </FormatPreferencesProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }));
    const dialog = screen.getByRole('dialog', { name: 'New transaction' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'sell');
    const lots = await within(dialog).findByTestId('available-lots');
    const [, first, second] = within(lots).getAllByRole('row');
    // Lot 1 was bought in euros, lot 2 in dollars; what is left costs in the portfolio's base
    // currency (EUR), never relabelled with the display currency (USD).
    expect(first).toHaveTextContent('€100.00');
    expect(first).toHaveTextContent('€1,000.00');
    expect(second).toHaveTextContent('$120.00');
    expect(within(lots).getByRole('columnheader', { name: 'Cost left (EUR)' })).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '2');
    await userEvent.type(within(dialog).getByLabelText('Price per unit'), '150');
    await within(dialog).findByTestId('sale-preview', {}, { timeout: 3000 });
    // A tax of 30 EUR is €30.00, not '$30.00'.
    expect(within(dialog).getByTestId('sale-tax-total')).toHaveTextContent('€30.00');
    expect(within(dialog).getByTestId('sale-tax-total')).not.toHaveTextContent('$');
    expect(within(dialog).getByTestId('sale-currency')).toHaveTextContent('Amounts in EUR');
  });

  it('shows a sale’s estimated tax in the list', async () => {
    mockApi({
      ...base,
      [`GET /portfolios/${P}/transactions`]: {
        body: {
          transactions: [
            row({
              transactionType: 'sell',
              costBasisMethod: 'fifo',
              taxTotal: {
                proceeds: '1500.00',
                costBasis: '1000.00',
                gainLoss: '500.00',
                taxAmount: '86.00',
              },
            }),
          ],
          page: 1,
          pageSize: 50,
          hasMore: false,
        },
      },
    });
    renderPage(<TransactionsPage />);
    expect(await screen.findByText('Estimated tax €86.00')).toBeInTheDocument();
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
