import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { TransactionDialog } from './transaction-dialog';

/** The transaction form's currency and exchange rate (issue 13). */

const P = PORTFOLIO_ID;
const EUR_STOCK = '00000000-0000-4000-8000-0000000000c1';
const USD_STOCK = '00000000-0000-4000-8000-0000000000c2';

const holdings = {
  [`GET /portfolios/${P}/holdings`]: {
    body: {
      holdings: [
        {
          id: EUR_STOCK,
          class: 'market',
          name: 'LVMH',
          symbol: 'MC.PA',
          currency: 'EUR',
          quantity: '1',
        },
        {
          id: USD_STOCK,
          class: 'market',
          name: 'Apple',
          symbol: 'AAPL',
          currency: 'USD',
          quantity: '1',
        },
      ],
    },
  },
};

async function open() {
  renderWithScope(<TransactionDialog open onOpenChange={() => {}} />, { route: '/transactions' });
  const dialog = await screen.findByRole('dialog', { name: 'New transaction' });
  await within(dialog).findByRole('option', { name: /AAPL/ });
  return dialog;
}

describe('the transaction form’s currency', () => {
  it('defaults to the holding’s currency and asks no rate in the portfolio’s own currency', async () => {
    mockApi(holdings);
    const dialog = await open();
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('EUR');
    expect(within(dialog).queryByLabelText(/Exchange rate/)).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('Asset'), USD_STOCK);
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('USD');
  });

  it('prefills the rate of the trade date from the published rates, and sends it', async () => {
    const api = mockApi({
      ...holdings,
      'GET /market-data/fx': {
        body: {
          base: 'USD',
          quote: 'EUR',
          rate: '0.9',
          date: '2026-01-02',
          requestedDate: '2026-01-05',
        },
      },
      [`POST /portfolios/${P}/transactions`]: { status: 201, body: { transaction: {} } },
    });
    const dialog = await open();
    await userEvent.selectOptions(within(dialog).getByLabelText('Asset'), USD_STOCK);
    const rate = await within(dialog).findByLabelText('Exchange rate (USD → EUR)');
    expect(await within(dialog).findByDisplayValue('0.9')).toBe(rate);
    expect(within(dialog).getByText(/published rate/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/market-data/fx')).not.toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '2');
    await userEvent.type(within(dialog).getByLabelText('Price per unit'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${P}/transactions`)).toHaveLength(1),
    );
    const body = api.callsTo('POST', `/portfolios/${P}/transactions`)[0]?.body as Record<
      string,
      string
    >;
    expect(body).toMatchObject({ assetId: USD_STOCK, currency: 'USD', exchangeRateToBase: '0.9' });
  });

  it('requires the rate, with a clear message, when none is published', async () => {
    const api = mockApi({
      ...holdings,
      'GET /market-data/fx': apiError(404, 'FX_RATE_NOT_FOUND'),
    });
    const dialog = await open();
    await userEvent.selectOptions(within(dialog).getByLabelText('Asset'), USD_STOCK);
    expect(await within(dialog).findByText(/No published rate for this date/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '2');
    await userEvent.type(within(dialog).getByLabelText('Price per unit'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(
      await within(dialog).findByText(
        'Enter the exchange rate: the currency differs from the portfolio’s',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/portfolios/${P}/transactions`)).toHaveLength(0);
  });

  it('clears a refusal once the inputs change, and shows it once', async () => {
    mockApi({
      ...holdings,
      [`POST /portfolios/${P}/transactions`]: apiError(422, 'INSUFFICIENT_BALANCE', {
        available: '1',
        requested: '5',
      }),
    });
    const dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '5');
    await userEvent.type(within(dialog).getByLabelText('Price per unit'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findAllByText(/Insufficient balance/)).toHaveLength(1);
    // Spec 002's sentence for a refused transaction, with the reason in it.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Failed to create transaction: Insufficient balance. Available: 1, Requested: 5',
    );
    await userEvent.clear(within(dialog).getByLabelText('Quantity'));
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '1');
    await waitFor(() => expect(within(dialog).queryByText(/Insufficient balance/)).toBeNull());
  });
});
