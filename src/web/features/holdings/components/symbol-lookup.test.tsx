import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Instrument, instrumentsResponseSchema } from '@/contracts/market-data';
import { apiError, mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { AddHoldingDialog } from './add-holding-dialog';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const LOOKUP = 'GET /market-data/instruments';

/** An answer built through the contract, so a change of the API's shape fails here. */
const answer = (instruments: Partial<Instrument>[]) =>
  instrumentsResponseSchema.parse({
    instruments: instruments.map((overrides) => ({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      kind: 'stock',
      exchange: 'NASDAQ',
      currency: 'USD',
      sector: 'Technology',
      country: 'US',
      latestClose: '266.25',
      latestDate: '2026-11-20',
      source: 'stored',
      ...overrides,
    })),
  });

const SUGGESTIONS = answer([
  {},
  {
    symbol: 'VOD.L',
    name: 'Vodafone Group',
    exchange: 'LSE',
    currency: 'GBp',
    sector: 'Communication Services',
    country: 'GB',
    latestClose: '1234.5',
    latestDate: '2026-11-19',
  },
]);

function open(holdingClass: 'market' | 'crypto' = 'market') {
  const user = userEvent.setup();
  renderWithScope(<AddHoldingDialog holdingClass={holdingClass} open onOpenChange={() => {}} />);
  const dialog = screen.getByRole('dialog');
  const symbol = dialog.querySelector<HTMLInputElement>('input[name="symbol"]')!;
  expect(symbol).toHaveRole('combobox');
  return { user, dialog, symbol };
}

const field = (dialog: HTMLElement, name: string) =>
  dialog.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;

describe('the symbol lookup of the add-holding form', () => {
  it('suggests instruments after typing, and fills the form from the keyboard', async () => {
    const api = mockApi({ [LOOKUP]: { body: SUGGESTIONS } });
    const { user, dialog, symbol } = open();
    await user.type(symbol, 'a');
    expect(screen.getByRole('combobox', { name: 'Symbol' })).toBe(symbol);
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('AAPL');
    expect(options[0]).toHaveTextContent('Apple Inc.');
    expect(options[0]).toHaveTextContent('NASDAQ · USD');
    expect(options[0]).toHaveTextContent('266.25 USD');
    expect(options[0]).toHaveTextContent('Nov 20, 2026');
    expect(symbol).toHaveAttribute('aria-expanded', 'true');
    // One lookup after the pause, with what was typed.
    expect(api.callsTo('GET', '/market-data/instruments')).toHaveLength(1);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(symbol).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(symbol).toHaveValue('VOD.L');
    expect(field(dialog, 'name')).toHaveValue('Vodafone Group');
    expect(field(dialog, 'currency')).toHaveValue('GBP');
    expect(field(dialog, 'exchange')).toHaveValue('LSE');
    expect(field(dialog, 'sector')).toHaveValue('Communication Services');
    expect(field(dialog, 'currentPrice')).toHaveValue('12.345');
    expect(
      within(dialog).getByText(
        'Quoted in pence (GBp): the currency is GBP and the price is converted to pounds.',
      ),
    ).toBeInTheDocument();
  });

  it('closes the list with Escape and keeps the dialog open', async () => {
    mockApi({ [LOOKUP]: { body: SUGGESTIONS } });
    const { user, symbol } = open();
    await user.type(symbol, 'aa');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(symbol).toHaveValue('aa');
  });

  it('says a currency it cannot fill, and leaves currency and price alone', async () => {
    mockApi({
      [LOOKUP]: {
        body: answer([{ symbol: 'NESN.SW', name: 'Nestlé', exchange: 'SIX', currency: 'CHF' }]),
      },
    });
    const { user, dialog, symbol } = open();
    await user.type(symbol, 'nesn');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field(dialog, 'name')).toHaveValue('Nestlé');
    expect(field(dialog, 'currency')).toHaveValue('EUR');
    expect(field(dialog, 'currentPrice')).toHaveValue('');
    expect(field(dialog, 'exchange')).toHaveValue('');
    expect(within(dialog).getByText(/Quoted in CHF, which this form does not offer/)).toBeVisible();
  });

  it('keeps the form usable when the lookup fails', async () => {
    const api = mockApi({
      [LOOKUP]: apiError(503, 'MARKET_DATA_UNAVAILABLE'),
      [`POST /portfolios/${PORTFOLIO_ID}/holdings`]: {
        status: 201,
        body: { holding: { id: '00000000-0000-4000-8000-000000000009' } },
      },
    });
    const { user, dialog, symbol } = open('crypto');
    await user.type(symbol, 'btc');
    expect(await within(dialog).findByText('Suggestions unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(symbol, 'x');
    expect(symbol).toHaveValue('btcx');
    await user.clear(symbol);
    await user.type(symbol, 'BTC');
    // Pasted, not typed key by key: the point is the form, not the keyboard (and CPU-light).
    const fill = async (label: string | RegExp, value: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(value);
    };
    await fill('Name', 'Bitcoin');
    await fill('Quantity', '0.5');
    await fill(/^Purchase price/, '30000');
    await fill('Current price', '60000');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)[0]?.body).toMatchObject({
      class: 'crypto',
      symbol: 'BTC',
      name: 'Bitcoin',
    });
  }, 15_000);

  it('shows the latest close in French', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ [LOOKUP]: { body: answer([{ latestClose: '1234.5' }]) } });
    const { user, symbol } = open();
    await user.type(symbol, 'a');
    const option = within(await screen.findByRole('listbox')).getByRole('option');
    expect(option.textContent).toContain('1\u202f234,5 USD');
    expect(option).toHaveTextContent('20 nov. 2026');
  });
});
