import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope, SIM_ID } from '@/web/test/scope';
import {
  HOLDING_IDS,
  makeHoldingPerformance,
  makePerformance,
} from '@/web/test/valuation-fixtures';
import { makeHolding } from '../test/fixtures';
import { MarketPage, RealEstatePage } from './asset-pages';

afterEach(() => vi.restoreAllMocks());

const apple = makeHolding({ id: HOLDING_IDS.apple, currency: 'USD', currentPrice: '180' });
const flat = makeHolding({
  id: HOLDING_IDS.house,
  class: 'real_estate',
  name: 'Flat in Lyon',
  symbol: null,
  quantity: '1',
  currentPrice: '240000',
  costBasis: '225000.00',
  marketValue: '240000.00',
  gainLoss: '15000.00',
  gainLossPercent: '6.67',
  details: { propertyType: 'apartment' },
});
const painting = makeHolding({
  id: HOLDING_IDS.painting,
  class: 'real_estate',
  name: 'Barn',
  symbol: null,
  details: { propertyType: 'other' },
});

function performance() {
  return makePerformance({
    holdings: [
      makeHoldingPerformance(),
      makeHoldingPerformance({
        holdingId: HOLDING_IDS.house,
        name: 'Flat in Lyon',
        symbol: null,
        class: 'real_estate',
        holdingCurrency: 'EUR',
        lastPrice: '240000.00',
        lastPriceCurrency: 'EUR',
        lastPriceDate: '2026-03-01',
        priceSource: 'manual',
        dayChange: null,
        dayChangePercent: null,
        holdingValue: '240000.00',
        holdingCostBasis: '225000.00',
        holdingUnrealizedGain: '15000.00',
        holdingUnrealizedGainPercent: 15000 / 225000,
      }),
    ],
    unpriced: [
      {
        holdingId: HOLDING_IDS.painting,
        name: 'Barn',
        reason: 'no_price',
        holdingCurrency: 'EUR',
        held: null,
      },
    ],
  });
}

describe('asset pages with valuations', () => {
  it('shows the last price with its date and source, and the day change', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: [apple] } },
      [`GET /portfolios/${PORTFOLIO_ID}/performance`]: { body: performance() },
    });
    renderWithScope(<MarketPage />);
    const table = await screen.findByRole('table', { name: 'Market investments' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(await within(row).findByText('Market close of Nov 24, 2026')).toBeVisible();
    // The last price and the day change in the holding's currency, as its value: never the
    // portfolio's pounds on a dollar row.
    expect(within(row).getByText('$189.50')).toBeVisible();
    expect(within(row).getByText('-$21.30 (-1.20%)')).toBeVisible();
    expect(within(row).queryByText(/£/)).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Day change' })).toBeVisible();
  });

  it("says a price was entered by hand, and names this class's unpriced holdings", async () => {
    const api = mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: [flat, painting] } },
      [`GET /portfolios/${PORTFOLIO_ID}/performance`]: { body: performance() },
    });
    renderWithScope(<RealEstatePage />, { simulation: true });
    expect(await screen.findByText('Entered by hand on Mar 1, 2026')).toBeVisible();
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 holding has no price yet: Barn.',
    );
    const asked = api.spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/performance'));
    expect(asked?.searchParams.get('sim')).toBe(SIM_ID);
  });

  it('keeps the table when the valuation cannot load', async () => {
    mockApi({ [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings: [apple] } } });
    renderWithScope(<MarketPage />);
    const table = await screen.findByRole('table', { name: 'Market investments' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('$180.00')).toBeVisible();
    expect(within(row).getAllByText('—').length).toBeGreaterThan(0);
  });
});
