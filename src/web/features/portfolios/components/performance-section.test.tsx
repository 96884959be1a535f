import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/web/test/mock-api';
import { renderWithProviders } from '@/web/test/render';
import { subscriptionRoute } from '@/web/test/subscription';
import { HOLDING_IDS, makePerformance } from '@/web/test/valuation-fixtures';
import { PerformanceSection } from './performance-section';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const ID = '00000000-0000-4000-8000-0000000000aa';
const SIM = '00000000-0000-4000-8000-0000000000bb';

function asked(api: ReturnType<typeof mockApi>, path = `/portfolios/${ID}/performance`) {
  return api.spy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api/v1${path}`)
    .map((url) => url.search);
}

/** The sparkline closes of AAPL (in USD) over the range asked for. */
const sparklines = (search: string) => {
  const range = new URLSearchParams(search).get('range');
  return {
    body: {
      range,
      series: [
        {
          symbol: 'AAPL',
          currency: 'USD',
          closes: [
            { date: '2025-11-26', close: '150' },
            { date: '2026-06-01', close: '190.5' },
            { date: '2026-11-25', close: '175.25' },
          ],
        },
      ],
      unknown: [],
    },
  };
};

describe('portfolio performance', () => {
  it('shows value, gain, day change and returns in the portfolio currency', async () => {
    mockApi({ [`GET /portfolios/${ID}/performance`]: { body: makePerformance() } });
    renderWithProviders(<PerformanceSection portfolioId={ID} name="ISA" />);
    expect(await screen.findByTestId('performance-value')).toHaveTextContent('£42,530.10');
    expect(screen.getByText('+£3,530.10 (+9.05%)')).toBeVisible();
    const day = screen.getByText('-£120.35 (-0.28%)');
    expect(within(day).getByText('Down')).toHaveClass('sr-only');
    expect(screen.getByText('Time-weighted return').parentElement).toHaveTextContent('+6.40%');
    expect(screen.getByText('Money-weighted return').parentElement).toHaveTextContent('+7.10%');
    expect(
      screen.getByText('In GBP, the portfolio\u2019s currency. As of Nov 25, 2026.'),
    ).toBeVisible();
  });

  it('lists each holding with value, gain and day change, and no sparkline without closes', async () => {
    mockApi({ [`GET /portfolios/${ID}/performance`]: { body: makePerformance() } });
    renderWithProviders(<PerformanceSection portfolioId={ID} name="ISA" />);
    const table = await screen.findByRole('table', { name: 'Holdings of ISA, in GBP' });
    const rows = within(table).getAllByRole('row');
    // Largest first.
    expect(rows[1]).toHaveTextContent('Flat in Lyon');
    expect(rows[1]).toHaveTextContent('£40,778.00');
    expect(rows[1]).toHaveTextContent('—');
    expect(rows[2]).toHaveTextContent('AAPL');
    expect(within(rows[2]!).getAllByText('+£252.10 (+16.81%)').length).toBeGreaterThan(0);
    expect(within(rows[2]!).getByText('-£18.40 (-1.04%)')).toBeVisible();
    expect(within(table).queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws a price sparkline under each market holding with closes, all from one request', async () => {
    const api = mockApi({
      [`GET /portfolios/${ID}/performance`]: () => ({
        body: makePerformance({ range: asked(api).at(-1)?.includes('1M') ? '1M' : '1Y' }),
      }),
      'GET /market-data/prices': () => sparklines(asked(api, '/market-data/prices').at(-1) ?? ''),
    });
    renderWithProviders(<PerformanceSection portfolioId={ID} name="ISA" />);
    const table = await screen.findByRole('table', { name: 'Holdings of ISA, in GBP' });
    const spark = await within(table).findByRole('img', {
      name: 'Price over 1 year: from $150.00 to $175.25',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[2]).toContainElement(spark);
    // The real estate row has no symbol: nothing drawn, nothing asked.
    expect(within(rows[1]!).queryByRole('img')).not.toBeInTheDocument();
    expect(asked(api, '/market-data/prices')).toEqual(['?symbols=AAPL&range=1Y']);
    // The section's range drives the sparklines.
    await userEvent.click(screen.getByRole('radio', { name: '1M' }));
    expect(
      await within(table).findByRole('img', {
        name: 'Price over 1 month: from $150.00 to $175.25',
      }),
    ).toBeVisible();
    expect(asked(api, '/market-data/prices')).toEqual([
      '?symbols=AAPL&range=1Y',
      '?symbols=AAPL&range=1M',
    ]);
  });

  it('labels the sparkline in French', async () => {
    await i18n.changeLanguage('fr');
    const api = mockApi({
      [`GET /portfolios/${ID}/performance`]: { body: makePerformance() },
      'GET /market-data/prices': () => sparklines(asked(api, '/market-data/prices').at(-1) ?? ''),
    });
    renderWithProviders(<PerformanceSection portfolioId={ID} name="ISA" />);
    const spark = await screen.findByRole('img', { name: /^Cours sur 1 an/ });
    expect(spark.getAttribute('aria-label')?.replace(/[\u202f\u00a0]/g, ' ')).toBe(
      'Cours sur 1 an : de 150,00 $ à 175,25 $',
    );
  });

  it('names unpriced holdings and asks for the simulation view with sim=', async () => {
    const api = mockApi({
      [`GET /portfolios/${ID}/performance`]: {
        body: makePerformance({
          cash: '1500.00',
          unpriced: [
            {
              holdingId: HOLDING_IDS.painting,
              name: 'Painting',
              reason: 'no_rate',
              holdingCurrency: 'CAD',
              held: null,
            },
          ],
        }),
      },
    });
    renderWithProviders(<PerformanceSection portfolioId={ID} simulationId={SIM} name="ISA" />);
    expect(
      (await screen.findByText(/cannot be converted/)).closest('[role=status]'),
    ).toHaveTextContent('1 holding cannot be converted yet (no exchange rate): Painting.');
    expect(screen.getByText('Cash').parentElement).toHaveTextContent('£1,500.00');
    expect(asked(api)).toEqual([`?range=1Y&sim=${SIM}`]);
  });

  it('asks again for another range, and keeps the range reachable when it fails', async () => {
    const api = mockApi({
      ...subscriptionRoute('classic'),
      [`GET /portfolios/${ID}/performance`]: () =>
        asked(api).at(-1)?.includes('range=MAX')
          ? {
              status: 500,
              body: { error: { code: 'INTERNAL_ERROR', message: 'x', details: null } },
            }
          : { body: makePerformance({ range: '1M' }) },
    });
    renderWithProviders(<PerformanceSection portfolioId={ID} name="ISA" />);
    await screen.findByTestId('performance-value');
    await userEvent.click(screen.getByRole('radio', { name: '1M' }));
    await waitFor(() => expect(asked(api)).toEqual(['?range=1Y', '?range=1M']));
    await userEvent.click(await screen.findByRole('radio', { name: 'MAX' }));
    expect(await screen.findByRole('heading', { name: 'Data loading failed' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'MAX' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '1Y' })).toBeEnabled();
  });
});

describe('portfolio performance and the plan', () => {
  it('locks 3Y, 5Y and MAX below Premium: picking one explains and links to the plans', async () => {
    const api = mockApi({
      ...subscriptionRoute('free'),
      [`GET /portfolios/${ID}/performance`]: { body: makePerformance() },
    });
    renderWithProviders(<PerformanceSection portfolioId={ID} name="ISA" />);
    await screen.findByTestId('performance-value');
    const locked = await screen.findByRole('radio', { name: '3 years, with the Premium plan' });
    await userEvent.click(locked);
    const note = await screen.findByRole('dialog', { name: 'Longer history comes with Premium' });
    expect(note).toHaveTextContent(
      'Periods longer than a year need the Premium plan. Up to a year is included in yours.',
    );
    expect(within(note).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );
    expect(asked(api)).toEqual(['?range=1Y']);
    expect(screen.getByRole('radio', { name: '1Y' })).toHaveAttribute('aria-checked', 'true');
  });

  it('opens every period on Premium', async () => {
    mockApi({
      ...subscriptionRoute('classic'),
      [`GET /portfolios/${ID}/performance`]: { body: makePerformance() },
    });
    renderWithProviders(<PerformanceSection portfolioId={ID} name="ISA" />);
    expect(await screen.findByRole('radio', { name: 'MAX' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /with the Premium plan/ })).not.toBeInTheDocument();
  });

  it('downloads the performance report of the period shown on Premium (with the simulation)', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test/1'), revokeObjectURL: vi.fn() });
    const api = mockApi({
      ...subscriptionRoute('classic'),
      [`GET /portfolios/${ID}/performance`]: { body: makePerformance() },
      [`GET /portfolios/${ID}/performance/report.csv`]: { body: 'date,value' },
    });
    renderWithProviders(<PerformanceSection portfolioId={ID} simulationId={SIM} name="ISA" />);
    const link = await screen.findByRole('link', { name: 'Performance report (CSV)' });
    expect(link).toHaveAttribute(
      'href',
      `/api/v1/portfolios/${ID}/performance/report.csv?range=1Y&sim=${SIM}`,
    );
    await userEvent.click(link);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^cairn-performance-1Y-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(asked(api, `/portfolios/${ID}/performance/report.csv`)).toEqual([
      `?range=1Y&sim=${SIM}`,
    ]);
  });

  it('says a refused report in words, with the way to the plans', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    mockApi({
      ...subscriptionRoute('classic'),
      [`GET /portfolios/${ID}/performance`]: { body: makePerformance() },
      [`GET /portfolios/${ID}/performance/report.csv`]: apiError(403, 'TIER_FEATURE', {
        feature: 'data_export',
        requiredTier: 'classic',
        tier: 'free',
      }),
    });
    renderWithProviders(<PerformanceSection portfolioId={ID} name="ISA" />);
    await userEvent.click(await screen.findByRole('link', { name: 'Performance report (CSV)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to download the performance report: This needs the Premium plan. Upgrade your plan to use it.',
    );
    expect(within(alert).getByRole('link', { name: 'See plans' })).toBeInTheDocument();
  });

  it('below Premium, the report control explains it comes with Premium and requests nothing', async () => {
    const api = mockApi({
      ...subscriptionRoute('free'),
      [`GET /portfolios/${ID}/performance`]: { body: makePerformance() },
    });
    renderWithProviders(<PerformanceSection portfolioId={ID} name="ISA" />);
    const control = await screen.findByRole('button', {
      name: 'Performance report (CSV), with the Premium plan',
    });
    expect(
      screen.queryByRole('link', { name: 'Performance report (CSV)' }),
    ).not.toBeInTheDocument();
    await userEvent.click(control);
    const note = await screen.findByRole('dialog');
    expect(note).toHaveTextContent('The performance report comes with Premium');
    expect(within(note).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );
    expect(asked(api, `/portfolios/${ID}/performance/report.csv`)).toEqual([]);
  });
});
