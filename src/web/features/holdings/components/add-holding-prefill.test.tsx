import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLDING_CLASSES, type HoldingClass } from '@/contracts/holdings';
import type { CloseOnResponse, Instrument } from '@/contracts/market-data';
import { mockApi } from '@/web/test/mock-api';
import { renderWithScope } from '@/web/test/scope';
import { AddHoldingDialog } from './add-holding-dialog';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function open(holdingClass: HoldingClass, baseCurrency: 'EUR' | 'GBP' | 'USD' = 'EUR') {
  renderWithScope(<AddHoldingDialog holdingClass={holdingClass} open onOpenChange={() => {}} />, {
    baseCurrency,
  });
  return screen.getByRole('dialog');
}

const currencyOf = (dialog: HTMLElement) =>
  dialog.querySelector<HTMLSelectElement>('[name="currency"]')!.value;

describe('a new holding’s currency', () => {
  it.each(HOLDING_CLASSES)('starts in the portfolio’s base currency (%s)', (holdingClass) => {
    mockApi({});
    expect(currencyOf(open(holdingClass))).toBe('EUR');
  });

  it('follows the portfolio: crypto in a pound portfolio starts in pounds', () => {
    mockApi({});
    expect(currencyOf(open('crypto', 'GBP'))).toBe('GBP');
  });
});

const PREF: Instrument = {
  symbol: 'PREF',
  name: 'Prefill Corp',
  kind: 'stock',
  exchange: 'NASDAQ',
  currency: 'USD',
  sector: null,
  country: null,
  latestClose: '190',
  latestDate: '2026-02-20',
  source: 'stored',
};

/** The close of 2 February 2026 (185.92 USD), in euros at 1 USD = 0.917011 EUR when asked. */
function closeReply(currency: string | null, date: string): CloseOnResponse {
  const inEuros = currency === 'EUR';
  return {
    symbol: 'PREF',
    requestedDate: date,
    close:
      date < '2026-02-02'
        ? null
        : {
            date: '2026-02-02',
            close: '185.92',
            currency: 'USD',
            closeInMajor: '185.92',
            majorCurrency: 'USD',
            price: inEuros ? '170.4906' : '185.92',
            priceCurrency: inEuros ? 'EUR' : 'USD',
            rate: inEuros ? '0.917011' : null,
            rateDate: inEuros ? '2026-02-02' : null,
          },
  };
}

describe('the purchase price of a market investment', () => {
  it('starts as the close of the purchase date, converted into the holding’s currency, and says so', async () => {
    const asked: string[] = [];
    const fetchSpy = mockApi({ 'GET /market-data/instruments': { body: { instruments: [PREF] } } });
    fetchSpy.spy.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/market-data/instruments'))
        return Response.json({ instruments: [PREF] });
      if (url.pathname.endsWith('/market-data/prices/PREF/close')) {
        asked.push(url.search);
        const reply = closeReply(url.searchParams.get('currency'), url.searchParams.get('date')!);
        return Response.json(reply);
      }
      return Response.json(
        { error: { code: 'NOT_FOUND', message: '', details: null } },
        {
          status: 404,
        },
      );
    });
    const dialog = open('market');
    const price = within(dialog).getByLabelText(/^Purchase price/);
    await userEvent.type(within(dialog).getByLabelText(/^Symbol/), 'PREF');
    await userEvent.clear(within(dialog).getByLabelText('Purchase date'));
    await userEvent.type(within(dialog).getByLabelText('Purchase date'), '02/02/2026');
    await waitFor(() => expect(price).toHaveValue('170.4906'));
    expect(asked.at(-1)).toBe('?date=2026-02-02&currency=EUR');
    expect(price).toHaveAccessibleDescription(
      "Per unit, in the asset's currency. Filled in from the close of PREF on Feb 2, 2026 ($185.92), converted at 1 USD = 0.917011 EUR (rate of Feb 2, 2026). You can change it.",
    );

    // In dollars, the close as it is.
    await userEvent.selectOptions(
      dialog.querySelector<HTMLSelectElement>('[name="currency"]')!,
      'USD',
    );
    await waitFor(() => expect(price).toHaveValue('185.92'));
    expect(screen.getByTestId('purchase-price-source')).toHaveTextContent(
      'Filled in from the close of PREF on Feb 2, 2026 ($185.92). You can change it.',
    );

    // A date without a close empties what was filled.
    await userEvent.clear(within(dialog).getByLabelText('Purchase date'));
    await userEvent.type(within(dialog).getByLabelText('Purchase date'), '01/15/2026');
    await waitFor(() => expect(price).toHaveValue(''));
    expect(screen.queryByTestId('purchase-price-source')).toBeNull();
  }, 20_000);

  it('keeps what the user types, even emptied on the way', async () => {
    const api = mockApi({});
    api.spy.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/market-data/instruments'))
        return Response.json({ instruments: [PREF] });
      return Response.json(
        closeReply(url.searchParams.get('currency'), url.searchParams.get('date')!),
      );
    });
    const dialog = open('market');
    const price = within(dialog).getByLabelText(/^Purchase price/);
    await userEvent.type(within(dialog).getByLabelText(/^Symbol/), 'PREF');
    await userEvent.clear(within(dialog).getByLabelText('Purchase date'));
    await userEvent.type(within(dialog).getByLabelText('Purchase date'), '02/02/2026');
    await waitFor(() => expect(price).toHaveValue('170.4906'));
    await userEvent.clear(price);
    await userEvent.type(price, '171');
    // Another date: the user's price stays.
    await userEvent.clear(within(dialog).getByLabelText('Purchase date'));
    await userEvent.type(within(dialog).getByLabelText('Purchase date'), '02/03/2026');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(price).toHaveValue('171');
    expect(screen.queryByTestId('purchase-price-source')).toBeNull();
  }, 20_000);

  it('asks nothing for a symbol the market data does not know', async () => {
    const api = mockApi({ 'GET /market-data/instruments': { body: { instruments: [] } } });
    const dialog = open('crypto');
    await userEvent.type(within(dialog).getByLabelText(/^Symbol/), 'NOPE');
    await waitFor(() => expect(api.callsTo('GET', '/market-data/instruments')).not.toHaveLength(0));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.calls.filter((call) => call.path.includes('/close'))).toEqual([]);
    expect(within(dialog).getByLabelText(/^Purchase price/)).toHaveValue('');
  });

  it('says so in French when no rate converts the close', async () => {
    await i18n.changeLanguage('fr');
    const api = mockApi({});
    api.spy.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/market-data/instruments'))
        return Response.json({ instruments: [PREF] });
      const reply = closeReply('USD', '2026-02-02');
      return Response.json({
        ...reply,
        close: { ...reply.close, price: null, priceCurrency: 'EUR', rate: null },
      });
    });
    const dialog = open('market');
    await userEvent.type(within(dialog).getByLabelText(/^Symbole/), 'PREF');
    expect(await screen.findByTestId('purchase-price-source')).toHaveTextContent(
      /^PREF a clôturé à 185,92\s\$ le 2 févr\. 2026, mais aucun taux USD → EUR n’était publié à cette date : saisissez le prix en EUR\.$/,
    );
    expect(within(dialog).getByLabelText(/^Prix d’achat/)).toHaveValue('');
    // Once the user enters the price, the note has said its piece.
    await userEvent.type(within(dialog).getByLabelText(/^Prix d’achat/), '171');
    expect(screen.queryByTestId('purchase-price-source')).toBeNull();
  }, 20_000);
});
