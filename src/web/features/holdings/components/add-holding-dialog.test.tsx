import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from 'i18next';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Holding } from '@/contracts/holdings';
import { apiError, mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { AssetsOverviewPage } from '../pages/asset-pages';
import { AddHoldingDialog } from './add-holding-dialog';

afterEach(async () => {
  vi.restoreAllMocks();
  // Toasts live in one store for the whole file: a new Toaster would show the last test's.
  toast.dismiss();
  await i18n.changeLanguage('en');
});

const created = { holding: { id: '00000000-0000-4000-8000-000000000009' } as Holding };
const POST = `POST /portfolios/${PORTFOLIO_ID}/holdings`;

function open(holdingClass: Parameters<typeof AddHoldingDialog>[0]['holdingClass']) {
  renderWithScope(<AddHoldingDialog holdingClass={holdingClass} open onOpenChange={() => {}} />);
  return screen.getByRole('dialog');
}

const field = (dialog: HTMLElement, name: string) =>
  dialog.querySelector<HTMLElement>(`[name="${name}"]`)!;

describe('adding a generic asset from the overview', () => {
  it('offers "Other assets", sends its fields and confirms', async () => {
    const api = mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/summary`]: {
        body: { categories: [], limits: { tier: 'free', assetLimit: 10, assetCount: 0 } },
      },
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: [] } },
      [POST]: { status: 201, body: created },
    });
    renderWithScope(<AssetsOverviewPage />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Add an asset' }),
      'generic',
    );
    const dialog = screen.getByRole('dialog', { name: 'Add another asset' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'bond');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'OAT 2030');
    await userEvent.type(within(dialog).getByLabelText(/^Symbol/), 'OAT30');
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '2');
    await userEvent.type(within(dialog).getByLabelText(/^Purchase price/), '980');
    await userEvent.type(within(dialog).getByLabelText('Current price'), '1000');
    await userEvent.clear(within(dialog).getByLabelText('Purchase date'));
    // Dates in the user's format (no preference in English: month first).
    await userEvent.type(within(dialog).getByLabelText('Purchase date'), '06/01/2024');
    await userEvent.type(within(dialog).getByLabelText(/^Maturity date/), '11/25/2030');
    await userEvent.type(within(dialog).getByLabelText(/^Sector/), 'Government');
    await userEvent.type(within(dialog).getByLabelText(/^Description/), 'French bond');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)[0]?.body).toEqual({
      class: 'generic',
      type: 'bond',
      name: 'OAT 2030',
      symbol: 'OAT30',
      quantity: '2',
      purchasePrice: '980',
      currentPrice: '1000',
      purchaseDate: '2024-06-01',
      // The current price is dated today unless another day is chosen.
      currentValueDate: new Date().toISOString().slice(0, 10),
      maturityDate: '2030-11-25',
      sector: 'Government',
      currency: 'USD',
      description: 'French bond',
    });
    expect(
      await screen.findByText('Asset added successfully - check Transactions page'),
    ).toBeInTheDocument();
  }, 20_000);
});

describe('the savings form', () => {
  it('asks a tax rate in percent for taxable accounts only, and sends it as a fraction', async () => {
    const api = mockApi({ [POST]: { status: 201, body: created } });
    const dialog = open('savings');
    // A Livret A (the default type) is tax-exempt: no rate to ask.
    expect(within(dialog).queryByLabelText(/Tax rate on interest/)).not.toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Account type'), 'cd');
    const rate = within(dialog).getByLabelText(/Tax rate on interest/);
    expect(rate).toHaveValue('30');
    await userEvent.type(within(dialog).getByLabelText('Account name'), 'Term deposit');
    await userEvent.type(within(dialog).getByLabelText('Bank'), 'BNP Paribas');
    await userEvent.type(within(dialog).getByLabelText(/^Account number/), 'FR76 0001');
    await userEvent.type(within(dialog).getByLabelText('Balance'), '2000');
    await userEvent.clear(rate);
    await userEvent.type(rate, '150');
    await userEvent.type(within(dialog).getByLabelText(/^Bank logo URL/), 'logo.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Tax rate must be between 0% and 100%')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid URL format')).toBeInTheDocument();
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(0);

    await userEvent.clear(rate);
    await userEvent.type(rate, '12,8');
    await userEvent.clear(within(dialog).getByLabelText(/^Bank logo URL/));
    await userEvent.type(
      within(dialog).getByLabelText(/^Bank logo URL/),
      'https://bank.example/logo.png',
    );
    await userEvent.type(within(dialog).getByLabelText(/^Notes/), 'For the car');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)[0]?.body).toMatchObject({
      class: 'savings',
      accountType: 'cd',
      accountNumber: 'FR76 0001',
      taxRate: '0.128',
      bankLogoUrl: 'https://bank.example/logo.png',
      notes: 'For the car',
    });
  }, 20_000);

  it('sends no tax rate for an exempt account', async () => {
    const api = mockApi({ [POST]: { status: 201, body: created } });
    const dialog = open('savings');
    await userEvent.selectOptions(within(dialog).getByLabelText('Account type'), 'cd');
    await userEvent.selectOptions(within(dialog).getByLabelText('Account type'), 'ldd');
    await userEvent.type(within(dialog).getByLabelText('Account name'), 'LDD');
    await userEvent.type(within(dialog).getByLabelText('Bank'), 'LCL');
    await userEvent.type(within(dialog).getByLabelText('Balance'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)[0]?.body).not.toHaveProperty(
      'taxRate',
    );
    expect(
      await screen.findByText('Asset added successfully - check Transactions page'),
    ).toBeInTheDocument();
  });
});

describe('the property form', () => {
  it('sends the address details and coordinates', async () => {
    const api = mockApi({ [POST]: { status: 201, body: created } });
    const dialog = open('real_estate');
    await userEvent.type(within(dialog).getByLabelText('Property name'), 'Flat in Lyon');
    await userEvent.type(within(dialog).getByLabelText('Address'), '1 rue de la République');
    await userEvent.type(within(dialog).getByLabelText(/^Postal code/), '69002');
    await userEvent.type(within(dialog).getByLabelText(/^State or region/), 'Rhône');
    await userEvent.type(within(dialog).getByLabelText('Purchase price'), '250000');
    await userEvent.type(within(dialog).getByLabelText('Current value'), '270000');
    await userEvent.type(within(dialog).getByLabelText(/^Latitude/), '91');
    await userEvent.type(within(dialog).getByLabelText(/^Longitude/), '4,8357');
    await userEvent.type(within(dialog).getByLabelText(/^Description/), 'Top floor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      within(dialog).getByText('Latitude must be a number from -90 to 90'),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^Latitude/));
    await userEvent.type(within(dialog).getByLabelText(/^Latitude/), '45,764');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)[0]?.body).toMatchObject({
      class: 'real_estate',
      zipCode: '69002',
      state: 'Rhône',
      latitude: 45.764,
      longitude: 4.8357,
      description: 'Top floor',
    });
    expect(
      await screen.findByText('Asset added successfully - check Transactions page'),
    ).toBeInTheDocument();
  }, 20_000);
});

describe('the date of a current value', () => {
  it('starts on today, is sent as chosen, and cannot be before the purchase', async () => {
    const api = mockApi({ [POST]: { status: 201, body: created } });
    const dialog = open('real_estate');
    const date = within(dialog).getByLabelText(/^Value as of/);
    expect(date).toHaveAccessibleDescription(
      'When the value was estimated. It counts in the value and the returns, never as a day’s gain.',
    );
    await userEvent.type(within(dialog).getByLabelText('Property name'), 'Flat in Lyon');
    await userEvent.type(within(dialog).getByLabelText('Address'), '1 rue de la République');
    await userEvent.type(within(dialog).getByLabelText('Purchase price'), '317500');
    await userEvent.type(within(dialog).getByLabelText('Current value'), '347500');
    await userEvent.clear(within(dialog).getByLabelText('Purchase date'));
    await userEvent.type(within(dialog).getByLabelText('Purchase date'), '01/10/2020');
    await userEvent.clear(date);
    await userEvent.type(date, '12/31/2019');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      within(dialog).getByText('The value’s date cannot be before the purchase date'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(0);
    await userEvent.clear(date);
    await userEvent.type(date, '06/30/2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO_ID}/holdings`)[0]?.body).toMatchObject({
      purchaseDate: '2020-01-10',
      currentValue: '347500',
      currentValueDate: '2025-06-30',
    });
  }, 20_000);
});

describe('the forms’ validation messages', () => {
  it('says a number is too large, in both languages', async () => {
    mockApi({});
    const dialog = open('crypto');
    await userEvent.type(field(dialog, 'quantity'), '1e309');
    await userEvent.type(field(dialog, 'purchasePrice'), '12345678901234567890123456789012');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      within(dialog).getAllByText(
        'This number is too large: at most 15 digits before the decimal point',
      ),
    ).toHaveLength(2);
    expect(within(dialog).queryByText('Quantity must be positive')).toBeNull();
    expect(within(dialog).queryByText('Enter a number')).toBeNull();
    await i18n.changeLanguage('fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(
      within(dialog).getAllByText(
        'Ce nombre est trop grand : 15 chiffres au plus avant la virgule',
      ),
    ).toHaveLength(2);
  });

  it('shows the contract’s date, amount and quantity rules, translated', async () => {
    mockApi({});
    const dialog = open('crowdfunding');
    await userEvent.type(field(dialog, 'platform'), 'Enerfip');
    await userEvent.type(field(dialog, 'projectName'), 'Solar farm');
    await userEvent.type(field(dialog, 'amountInvested'), '0,5');
    await userEvent.clear(field(dialog, 'investmentDate'));
    await userEvent.type(field(dialog, 'investmentDate'), '2999-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      within(dialog).getByText('Investment amount must be at least $1.00'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Date cannot be in the future')).toBeInTheDocument();

    await i18n.changeLanguage('fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    // (Testing Library folds the no-break spaces of French amounts into plain ones.)
    expect(
      within(dialog).getByText('Le montant investi doit être d’au moins 1,00 €'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('La date ne peut pas être dans le futur')).toBeInTheDocument();
    await userEvent.clear(field(dialog, 'amountInvested'));
    await userEvent.type(field(dialog, 'amountInvested'), '2000000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(
      within(dialog).getByText('Le montant investi ne peut pas dépasser 1 000 000 000 €'),
    ).toBeInTheDocument();
  });

  it('gives each class its own hints, in both languages', async () => {
    mockApi({});
    const crypto = open('crypto');
    expect(within(crypto).getByText('Capital letters and digits, e.g. BTC or ETH.')).toBeVisible();
    expect(within(crypto).queryByText(/AAPL/)).toBeNull();
    // A crypto's exchange is where it is held (Binance), not a stock market.
    expect(within(crypto).getByLabelText(/^Exchange/)).toHaveAccessibleDescription(
      'Where you hold it, e.g. Binance or Kraken.',
    );
    await i18n.changeLanguage('fr');
    expect(within(crypto).getByText('Majuscules et chiffres, par ex. BTC ou ETH.')).toBeVisible();
    expect(within(crypto).getByLabelText(/^Plateforme d’échange/)).toHaveAccessibleDescription(
      'Où vous la détenez, par ex. Binance ou Kraken.',
    );
    expect(within(crypto).queryByText(/Place de cotation/)).toBeNull();
  });

  it('keeps the stock market words for a market investment', async () => {
    mockApi({});
    await i18n.changeLanguage('fr');
    const market = open('market');
    expect(within(market).getByLabelText(/^Place de cotation/)).toBeInTheDocument();
    expect(within(market).getByText(/par ex\. AAPL ou MC\.PA/)).toBeVisible();
    expect(within(market).getByText('Par unité, dans la devise de l’actif.')).toBeVisible();
  });

  it('asks a property’s price as what it cost, not per unit', () => {
    mockApi({});
    const flat = open('real_estate');
    expect(
      within(flat).getByText("What the property cost, in the asset's currency."),
    ).toBeVisible();
    expect(within(flat).queryByText(/Per unit/)).toBeNull();
  });

  it('checks share and crypto quantity precision', async () => {
    mockApi({});
    const dialog = open('market');
    await userEvent.type(field(dialog, 'quantity'), '1,1234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Invalid share quantity precision')).toBeInTheDocument();
    await userEvent.clear(field(dialog, 'quantity'));
    await userEvent.type(field(dialog, 'quantity'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Share quantity must be positive')).toBeInTheDocument();
  });

  it('tells a malformed date from a missing one', async () => {
    mockApi({});
    const dialog = open('crypto');
    await userEvent.type(field(dialog, 'quantity'), '0.123456789');
    await userEvent.clear(field(dialog, 'purchaseDate'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      within(dialog).getByText('Quantity cannot have more than 8 decimal places'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Purchase date is required')).toBeInTheDocument();
  });
});

describe('a refused add', () => {
  it('toasts the spec’s prefix with the translated reason', async () => {
    mockApi({ [POST]: apiError(403, 'TIER_ASSET_LIMIT', { tier: 'free', limit: 10 }) });
    const dialog = open('crypto');
    await userEvent.type(field(dialog, 'symbol'), 'BTC');
    await userEvent.type(field(dialog, 'name'), 'Bitcoin');
    await userEvent.type(field(dialog, 'quantity'), '1');
    await userEvent.type(field(dialog, 'purchasePrice'), '1');
    await userEvent.type(field(dialog, 'currentPrice'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        'Failed to add cryptocurrency: Your plan allows 10 assets per portfolio. Upgrade your plan to add more.',
      ),
    ).toBeInTheDocument();
    // In the dialog, the refusal leads to the plans.
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Your plan allows 10 assets per portfolio.');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );
  });
});
