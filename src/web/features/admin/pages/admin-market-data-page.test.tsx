import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminMarketDataResponseSchema,
  type AdminMarketData,
  marketDataImportCommitSchema,
  marketDataImportPreviewSchema,
} from '@/contracts/market-data';
import { apiError, mockApi } from '@/web/test/mock-api';
import { renderAdmin } from '../test/fixtures';
import { AdminMarketDataPage } from './admin-market-data-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

/** Answers built through the contracts, so a change of the API's shape fails here. */
const overview = (overrides: Partial<AdminMarketData> = {}) =>
  adminMarketDataResponseSchema.parse({
    providers: [
      {
        name: 'yahoo',
        enabled: true,
        lastRunAt: '2026-11-20T21:30:00.000Z',
        lastSuccessAt: '2026-11-19T21:30:00.000Z',
        lastError: '1 of 2 symbols failed: AAPL: Failed to fetch stock prices (HTTP 500)',
      },
      { name: 'coingecko', enabled: false, lastRunAt: null, lastSuccessAt: null, lastError: null },
      { name: 'ecb', enabled: false, lastRunAt: null, lastSuccessAt: null, lastError: null },
    ],
    counts: { instruments: 12, closes: 25431, fxDays: 250 },
    gaps: [
      { symbol: 'VOD.L', holdings: 3, lastDate: '2026-11-02' },
      { symbol: 'NEWCO', holdings: 1, lastDate: null },
    ],
    marketOpen: false,
    ...overrides,
  });

const offline = () =>
  overview({
    providers: (['yahoo', 'coingecko', 'ecb'] as const).map((name) => ({
      name,
      enabled: false,
      lastRunAt: null,
      lastSuccessAt: null,
      lastError: null,
    })),
    counts: { instruments: 0, closes: 0, fxDays: 0 },
    gaps: [],
  });

const CSV = 'symbol,date,close,currency\nAAPL,2026-11-20,266.25,USD\nEURUSD,2026-11-20,1.05,\n';

const preview = (valid: boolean) =>
  marketDataImportPreviewSchema.parse({
    columns: ['symbol', 'date', 'close', 'currency'],
    mapping: { symbol: 'symbol', date: 'date', close: 'close', currency: 'currency' },
    rows: 2,
    sample: [
      { row: 2, values: { symbol: 'AAPL', date: '2026-11-20', close: '266.25', currency: 'USD' } },
      { row: 3, values: { symbol: 'EURUSD', date: '2026-11-20', close: '1.05', currency: '' } },
    ],
    prices: 1,
    fxRates: 1,
    errors: valid
      ? []
      : [
          {
            row: 3,
            field: 'symbol',
            message: 'This symbol and date appear on an earlier row',
            code: 'duplicateRow',
            params: null,
          },
        ],
    errorCount: valid ? 0 : 1,
    valid,
  });

describe('AdminMarketDataPage', () => {
  it('shows the providers, the counts and the gaps', async () => {
    mockApi({ 'GET /admin/market-data': { body: overview() } });
    renderAdmin(<AdminMarketDataPage />, { route: '/admin/market-data' });
    expect(screen.getByRole('heading', { level: 1, name: 'Market data' })).toBeInTheDocument();

    const providers = await screen.findByRole('list', { name: 'Providers' });
    const yahoo = within(providers).getByRole('heading', { name: 'Yahoo Finance' }).closest('li')!;
    expect(yahoo).toHaveTextContent('On');
    expect(yahoo).toHaveTextContent('Nov 20, 2026');
    // The error's headline is translated; the server's text stays behind 'Technical detail'.
    expect(yahoo).toHaveTextContent('Failed to fetch stock prices');
    expect(within(yahoo).getByText('Technical detail')).toBeInTheDocument();
    const ecb = within(providers).getByRole('heading', { name: /ECB/ }).closest('li')!;
    expect(ecb).toHaveTextContent('Off');
    expect(ecb).toHaveTextContent('Never');
    expect(screen.queryByText(/^Offline:/)).not.toBeInTheDocument();

    const counts = screen.getByRole('region', { name: 'Stored' });
    expect(counts).toHaveTextContent('25,431');
    expect(counts).toHaveTextContent('250');

    const gaps = screen.getByRole('region', { name: 'Held symbols without a recent close' });
    const vod = within(gaps).getByText('VOD.L').closest('tr')!;
    expect(vod).toHaveTextContent('3');
    expect(vod).toHaveTextContent('Nov 2, 2026');
    expect(within(gaps).getByText('NEWCO').closest('tr')).toHaveTextContent('Never');
  });

  it('says it is offline and shows empty states when nothing is configured or stored', async () => {
    mockApi({ 'GET /admin/market-data': { body: offline() } });
    renderAdmin(<AdminMarketDataPage />, { route: '/admin/market-data' });
    expect(
      await screen.findByText('Offline: prices and rates come from what admins enter or import'),
    ).toBeInTheDocument();
    expect(screen.getByText('No gaps')).toBeInTheDocument();
    expect(screen.getByText('No prices yet')).toBeInTheDocument();
  });

  it('previews a file, shows a row error, then imports the fixed file and refreshes', async () => {
    let overviews = 0;
    const api = mockApi({
      'GET /admin/market-data': () => {
        overviews += 1;
        return { body: overviews === 1 ? offline() : overview() };
      },
      'POST /market-data/import': (call) => {
        const body = call.body as { csv: string; commit: boolean };
        if (body.commit)
          return {
            status: 201,
            body: marketDataImportCommitSchema.parse({
              imported: 2,
              prices: 1,
              fxRates: 1,
              instrumentsCreated: 1,
            }),
          };
        return { body: preview(!body.csv.includes('DUP')) };
      },
    });
    const { user } = renderAdmin(<AdminMarketDataPage />, { route: '/admin/market-data' });
    await screen.findByText('No gaps');

    const text = screen.getByLabelText("Or paste the file's text");
    await user.click(text);
    await user.paste(`${CSV}DUP`);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const errors = await screen.findByTestId('import-errors');
    expect(errors).toHaveTextContent('Row 3');
    expect(errors).toHaveTextContent('Symbol: This symbol and date appear on an earlier row');
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
    expect(screen.getByTestId('import-summary')).toHaveTextContent(
      '2 rows: 1 closes, 1 exchange rates',
    );
    expect(
      screen.getByRole('region', { name: 'The first rows of the file, as they will be imported' }),
    ).toHaveTextContent('266.25');

    await user.clear(text);
    await user.paste(CSV);
    // The text changed: the old preview is gone until checked again.
    expect(screen.queryByTestId('import-errors')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Every row is valid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));

    expect(
      await screen.findByText('2 rows imported (1 closes, 1 exchange rates)'),
    ).toBeInTheDocument();
    const commits = api
      .callsTo('POST', '/market-data/import')
      .filter((call) => (call.body as { commit: boolean }).commit);
    expect(commits).toEqual([
      { method: 'POST', path: '/market-data/import', body: { csv: CSV, commit: true } },
    ]);
    // The overview refetched: the new counts show.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Stored' })).toHaveTextContent('25,431'),
    );
    expect(screen.getByLabelText("Or paste the file's text")).toHaveValue('');
  });

  it('reads a chosen file (Windows-1252 too) and previews it at once', async () => {
    const api = mockApi({
      'GET /admin/market-data': { body: offline() },
      'POST /market-data/import': { body: preview(true) },
    });
    const { user } = renderAdmin(<AdminMarketDataPage />, { route: '/admin/market-data' });
    await screen.findByText('No gaps');
    expect(screen.getByRole('button', { name: 'Choose a CSV file' })).toBeInTheDocument();
    // 'Nestlé' in Windows-1252: é is the single byte 0xE9.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(
        'symbol,date,close,currency,name\nNESN.SW,2026-11-20,90,EUR,Nestl',
      ),
      0xe9,
      0x0a,
    ]);
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([bytes], 'closes.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('Every row is valid')).toBeInTheDocument();
    expect(screen.getByText('closes.csv')).toBeInTheDocument();
    const sent = api.callsTo('POST', '/market-data/import')[0]?.body as { csv: string };
    expect(sent.csv).toContain('Nestlé');
    expect(screen.getByLabelText("Or paste the file's text")).toHaveValue(sent.csv);
  });

  it('lists the rows of a refused commit, translated', async () => {
    mockApi({
      'GET /admin/market-data': { body: offline() },
      'POST /market-data/import': (call) =>
        (call.body as { commit: boolean }).commit
          ? apiError(400, 'IMPORT_INVALID', {
              errors: [
                {
                  row: 2,
                  field: 'currency',
                  message: 'AAPL is quoted in EUR',
                  code: 'instrumentCurrency',
                  params: { symbol: 'AAPL', currency: 'EUR' },
                },
              ],
              errorCount: 1,
            })
          : { body: preview(true) },
    });
    const { user } = renderAdmin(<AdminMarketDataPage />, { route: '/admin/market-data' });
    await screen.findByText('No gaps');
    await user.click(screen.getByLabelText("Or paste the file's text"));
    await user.paste(CSV);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    expect(
      await screen.findByText('The file has errors: nothing was imported'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('import-errors')).toHaveTextContent(
      'Row 2Currency: AAPL is quoted in EUR',
    );
  });

  it('speaks French: figures, dates and texts', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ 'GET /admin/market-data': { body: overview() } });
    renderAdmin(<AdminMarketDataPage />, { route: '/admin/market-data' });
    // Intl's fr-FR groups thousands with a narrow no-break space.
    expect(
      await screen.findByText('25\u202f431', { normalizer: (text) => text }),
    ).toBeInTheDocument();
    const gaps = screen.getByRole('region', { name: 'Symboles détenus sans cours récent' });
    expect(within(gaps).getByText('VOD.L').closest('tr')).toHaveTextContent('2 nov. 2026');
    expect(within(gaps).getByText('NEWCO').closest('tr')).toHaveTextContent('Jamais');
  });
});
