import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { makeHolding } from '../test/fixtures';
import { MarketPage } from './asset-pages';

/** A market holding's price chart on its class page (issue 13). */

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const CLOSES = {
  '1Y': [
    { date: '2025-11-21', close: '150' },
    { date: '2026-05-04', close: '141.5' },
    { date: '2026-11-20', close: '180' },
  ],
  '1M': [
    { date: '2026-10-21', close: '170' },
    { date: '2026-11-20', close: '180' },
  ],
} as const;

function mockMarket() {
  const searches = (path: string) =>
    api.spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === `/api/v1${path}`)
      .map((url) => url.search);
  const api = mockApi({
    [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: {
      body: {
        holdings: [
          makeHolding(),
          makeHolding({
            id: '00000000-0000-4000-8000-000000000002',
            name: 'Unlisted Co',
            symbol: 'UNLST',
          }),
        ],
      },
    },
    'GET /market-data/prices': {
      body: {
        range: '1Y',
        series: [{ symbol: 'AAPL', currency: 'EUR', closes: CLOSES['1Y'] }],
        unknown: ['UNLST'],
      },
    },
    'GET /market-data/prices/AAPL': () => {
      const range = new URLSearchParams(searches('/market-data/prices/AAPL').at(-1)).get('range');
      const key = range === '1M' ? '1M' : '1Y';
      return { body: { symbol: 'AAPL', currency: 'EUR', range: key, closes: CLOSES[key] } };
    },
  });
  return { api, searches };
}

describe('a market holding’s price chart', () => {
  it('opens from the row of a holding whose symbol has closes, with a period to pick', async () => {
    const { searches } = mockMarket();
    renderWithScope(<MarketPage />);
    const open = await screen.findByRole('button', { name: 'Show the price chart of Apple Inc.' });
    // One request tells which symbols have closes; a symbol without any opens nothing.
    expect(searches('/market-data/prices')).toEqual(['?symbols=AAPL%2CUNLST&range=1Y']);
    expect(screen.queryByRole('button', { name: /chart of Unlisted Co/ })).not.toBeInTheDocument();

    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('heading', { name: 'Price of AAPL' })).toBeVisible();
    expect(screen.getByText('Daily closes in EUR, as quoted.')).toBeVisible();
    expect(
      await screen.findByRole('img', { name: /^Price over 1 year \(AAPL\)/ }),
    ).toHaveAccessibleName(
      'Price over 1 year (AAPL): price went from €150.00 on Nov 21, 2025 to €180.00 on Nov 20, 2026; lowest €141.50, highest €180.00.',
    );

    await userEvent.click(screen.getByRole('radio', { name: '1M' }));
    expect(
      await screen.findByRole('img', { name: /^Price over 1 month \(AAPL\)/ }),
    ).toBeInTheDocument();
    expect(searches('/market-data/prices/AAPL')).toEqual(['?range=1Y', '?range=1M']);

    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const rows = within(
      screen.getByRole('table', { name: 'Price over 1 month (AAPL)' }),
    ).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateClose',
      'Nov 20, 2026€180.00',
      'Oct 21, 2026€170.00',
    ]);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    mockMarket();
    renderWithScope(<MarketPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Afficher le graphique du cours de Apple Inc.' }),
    );
    expect(await screen.findByRole('heading', { name: 'Cours de AAPL' })).toBeVisible();
    const chart = await screen.findByRole('img', { name: /^Cours sur 1 an \(AAPL\)/ });
    await waitFor(() =>
      expect(chart.getAttribute('aria-label')?.replace(/[\u202f\u00a0]/g, ' ')).toBe(
        'Cours sur 1 an (AAPL) : le cours est passé de 150,00 € le 21 nov. 2025 à 180,00 € le 20 nov. 2026 ; plus bas 141,50 €, plus haut 180,00 €.',
      ),
    );
    expect(screen.getByRole('radiogroup', { name: 'Période' })).toBeVisible();
  });
});
