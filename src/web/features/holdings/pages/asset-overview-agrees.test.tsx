import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Holding, Summary } from '@/contracts/holdings';
import { mockApi, type Reply } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { makeHoldingPerformance, makePerformance } from '@/web/test/valuation-fixtures';
import { makeHolding } from '../test/fixtures';
import { AssetsOverviewPage, MarketPage } from './asset-pages';

/**
 * The overview's cards and total, and its rows, are one valuation's figures: a row shows what the
 * performance answer says the holding is worth in its own currency (the market's close, not the
 * typed price the holdings answer keeps), a card is the sum of its rows, the total the portfolio's
 * value; a holding without a price says so instead of borrowing a typed one.
 */

afterEach(() => vi.restoreAllMocks());

const ids = {
  lvmh: '00000000-0000-4000-8000-000000000011',
  apple: '00000000-0000-4000-8000-000000000012',
  shop: '00000000-0000-4000-8000-000000000013',
  barn: '00000000-0000-4000-8000-000000000014',
};

// What the holdings answer says: the typed prices (LVMH 650, the barn 90,000).
const holdings: Holding[] = [
  makeHolding({
    id: ids.lvmh,
    name: 'LVMH',
    symbol: 'MC',
    quantity: '10',
    purchasePrice: '600',
    currentPrice: '650',
    costBasis: '6000.00',
    marketValue: '6500.00',
    gainLoss: '500.00',
    gainLossPercent: '8.33',
  }),
  makeHolding({
    id: ids.apple,
    name: 'Apple',
    symbol: 'AAPL',
    quantity: '10',
    purchasePrice: '100',
    currentPrice: '100',
    costBasis: '1000.00',
    marketValue: '1000.00',
    gainLoss: '0.00',
    gainLossPercent: '0.00',
  }),
  makeHolding({
    id: ids.shop,
    name: 'Shopify',
    symbol: 'SHOP',
    currency: 'CAD',
    quantity: '4',
    purchasePrice: '80',
    currentPrice: '90.5',
    costBasis: '320.00',
    marketValue: '362.00',
    gainLoss: '42.00',
    gainLossPercent: '13.13',
  }),
  makeHolding({
    id: ids.barn,
    class: 'generic',
    name: 'Barn',
    symbol: null,
    quantity: '1',
    purchasePrice: '80000',
    currentPrice: '90000',
    costBasis: '80000.00',
    marketValue: '90000.00',
    gainLoss: '10000.00',
    gainLossPercent: '12.50',
  }),
];

// What the valuation says, in euros: LVMH at its close (655), Apple's dollar close converted.
const performance = makePerformance({
  currency: 'EUR',
  value: '7830.00',
  holdings: [
    makeHoldingPerformance({
      holdingId: ids.lvmh,
      name: 'LVMH',
      symbol: 'MC',
      holdingCurrency: 'EUR',
      lastPrice: '655',
      lastPriceCurrency: 'EUR',
      value: '6550.00',
      unrealizedGain: '550.00',
      holdingValue: '6550.00',
      holdingCostBasis: '6000.00',
      holdingUnrealizedGain: '550.00',
      holdingUnrealizedGainPercent: 550 / 6000,
    }),
    makeHoldingPerformance({
      holdingId: ids.apple,
      name: 'Apple',
      symbol: 'AAPL',
      holdingCurrency: 'EUR',
      lastPrice: '160',
      lastPriceCurrency: 'USD',
      value: '1280.00',
      unrealizedGain: '280.00',
      holdingValue: '1280.00',
      holdingCostBasis: '1000.00',
      holdingUnrealizedGain: '280.00',
      holdingUnrealizedGainPercent: 0.28,
      holdingDayChange: null,
      holdingDayChangePercent: null,
    }),
  ],
  unpriced: [
    {
      holdingId: ids.shop,
      name: 'Shopify',
      reason: 'no_rate',
      holdingCurrency: 'CAD',
      held: {
        holdingValue: '362.00',
        holdingCostBasis: '320.00',
        holdingUnrealizedGain: '42.00',
        holdingUnrealizedGainPercent: 42 / 320,
      },
    },
    { holdingId: ids.barn, name: 'Barn', reason: 'no_price', holdingCurrency: 'EUR', held: null },
  ],
});

const line = (
  holdingClass: 'market' | 'generic',
  currency: 'EUR' | 'CAD',
  figures: { itemCount: number; value: string; cost: string; gain: string; unvalued?: number },
) => ({
  class: holdingClass,
  category: holdingClass === 'market' ? 'market_investment' : 'other',
  currency,
  itemCount: figures.itemCount,
  totalValue: figures.value,
  totalCost: figures.cost,
  totalGain: figures.gain,
  unvaluedCount: figures.unvalued ?? 0,
  lastUpdated: null,
});

const summary: Summary = {
  categories: [
    line('generic', 'EUR', {
      itemCount: 1,
      value: '0.00',
      cost: '0.00',
      gain: '0.00',
      unvalued: 1,
    }),
    line('market', 'CAD', { itemCount: 1, value: '362.00', cost: '320.00', gain: '42.00' }),
    line('market', 'EUR', { itemCount: 2, value: '7830.00', cost: '7000.00', gain: '830.00' }),
  ],
  totals: {
    currency: 'EUR',
    asOf: '2026-11-25',
    totalValue: '7830.00',
    totalCost: '7000.00',
    rates: [],
    unconverted: [{ currency: 'CAD', totalValue: '362.00', totalCost: '320.00' }],
  },
  limits: { tier: 'free', assetLimit: 10, assetCount: 4 },
};

const routes = (performanceReply: Reply | (() => Promise<Reply>)) => ({
  [`GET /portfolios/${PORTFOLIO_ID}/summary`]: { body: summary },
  [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: { body: { holdings } },
  [`GET /portfolios/${PORTFOLIO_ID}/performance`]: performanceReply,
});

/** A body row by the holding's name, and the text of its Value column. */
function valueOf(table: HTMLElement, name: string) {
  const header = within(table).getAllByRole('columnheader');
  const column = header.findIndex((cell) => /^Value/.test(cell.textContent ?? ''));
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`no row ${name}`);
  const cell = within(row).getAllByRole('cell')[column]?.cloneNode(true) as HTMLElement;
  // Without the gain that phones show under the value.
  cell.querySelectorAll('.sm\\:hidden').forEach((phoneOnly) => phoneOnly.remove());
  return cell.textContent ?? '';
}

const euros = (text: string) => Number(/€([\d,]+\.\d\d)/.exec(text)?.[1]?.replace(/,/g, ''));

describe('the assets overview', () => {
  it('shows cards and a total that are the sums of its rows, from one valuation', async () => {
    mockApi(routes({ body: performance }));
    renderWithScope(<AssetsOverviewPage />, { route: '/assets' });
    const table = await screen.findByRole('table', { name: 'Assets' });
    await within(table).findByText('€6,550.00');
    // The rows: LVMH at its close, never the typed 6,500.
    expect(valueOf(table, 'LVMH')).toMatch(/^€6,550\.00/);
    expect(valueOf(table, 'Apple')).toMatch(/^€1,280\.00/);
    expect(table).not.toHaveTextContent('€6,500.00');
    // The market card's euro line is the sum of the euro market rows.
    const market = screen.getByTestId('category-market');
    const rowsSum = euros(valueOf(table, 'LVMH')) + euros(valueOf(table, 'Apple'));
    expect(rowsSum).toBe(7830);
    expect(market).toHaveTextContent('€7,830.00');
    expect(market).toHaveTextContent('C$362.00');
    // The total is the portfolio's value; the Canadian dollars are apart, as on their row.
    const total = screen.getByTestId('converted-total');
    expect(euros(total.textContent ?? '')).toBe(rowsSum);
    expect(total).toHaveTextContent('Not included, no exchange rate known yet: C$362.00.');
    expect(valueOf(table, 'Shopify')).toBe('C$362.00Not in the total: no rate');
    // Apple's last price in the currency it is quoted in.
    expect(within(table).getByText('$160.00')).toBeVisible();
  });

  it('says what it could not value instead of using a typed price', async () => {
    mockApi(routes({ body: performance }));
    renderWithScope(<AssetsOverviewPage />, { route: '/assets' });
    const table = await screen.findByRole('table', { name: 'Assets' });
    await within(table).findByText('€6,550.00');
    expect(valueOf(table, 'Barn')).toBe('—No price');
    // Nor a last price: its typed 90,000 is not what it is worth.
    expect(table).not.toHaveTextContent('€90,000.00');
    const other = screen.getByTestId('category-generic');
    expect(other).toHaveTextContent('1 holding has no price: it is not in these figures.');
    expect(other).not.toHaveTextContent('€0.00');
  });

  it('sorts by the valuation’s figures: converted rows, then those apart, then unvalued', async () => {
    mockApi(routes({ body: performance }));
    renderWithScope(<AssetsOverviewPage />, { route: '/assets' });
    const table = await screen.findByRole('table', { name: 'Assets' });
    await within(table).findByText('€6,550.00');
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent)
            .find((text) => !!text),
        );
    expect(names()).toEqual(['MC LVMH', 'AAPL Apple', 'SHOP Shopify', 'Barn']);
    await userEvent.click(within(table).getByRole('button', { name: /^Value/ }));
    expect(names()).toEqual(['AAPL Apple', 'MC LVMH', 'SHOP Shopify', 'Barn']);
  });

  it('shows skeletons, not the typed prices, while the valuation comes', async () => {
    mockApi(routes(() => new Promise<Reply>(() => {})));
    renderWithScope(<MarketPage />, { route: '/assets/market' });
    const table = await screen.findByRole('table', { name: 'Market investments' });
    expect(table).not.toHaveTextContent('€6,500.00');
    const row = within(table)
      .getAllByRole('row')
      .find((candidate) => candidate.textContent?.includes('LVMH'));
    expect(row?.querySelectorAll('.animate-pulse').length).toBeGreaterThan(0);
  });
});
