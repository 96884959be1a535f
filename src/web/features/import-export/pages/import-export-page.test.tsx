import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ImportIssue, type ImportPreview, localDay } from '@/contracts/import-export';
import type { PermissionLevel, Portfolio, Simulation } from '@/contracts/portfolios';
import { type ActiveScope, ActiveScopeContext, portfolioScopedKeys } from '@/web/lib/active-scope';
import { apiError, mockApi } from '@/web/test/mock-api';
import { renderWithProviders } from '@/web/test/render';
import { ImportExportPage } from './import-export-page';

const P = '00000000-0000-4000-8000-0000000000aa';
const S = '00000000-0000-4000-8000-0000000000bb';

afterEach(() => vi.restoreAllMocks());

function renderPage({
  level = 'owner',
  simulation = false,
}: { level?: PermissionLevel; simulation?: boolean } = {}) {
  const portfolio = { id: P, name: 'Mine', permissionLevel: level } as Portfolio;
  const sim = simulation ? ({ id: S, portfolioId: P, name: 'Crash' } as Simulation) : null;
  const scope: ActiveScope = {
    status: 'ready',
    portfolios: [portfolio],
    portfolio,
    simulation: sim,
    permission: level,
    scopeKey: portfolioScopedKeys.scope(P, sim?.id ?? null),
    switchPortfolio: () => {},
    switchSimulation: () => {},
  };
  const user = userEvent.setup();
  const view = renderWithProviders(
    <ActiveScopeContext.Provider value={scope}>
      <ImportExportPage />
      <Toaster />
    </ActiveScopeContext.Provider>,
    { route: '/import-export' },
  );
  return { user, ...view };
}

const issue = (row: number, field: string, message: string, code: string): ImportIssue => ({
  row,
  field,
  message,
  code,
  params: null,
});

function preview(overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    kind: 'holdings',
    columns: ['class', 'name', 'symbol', 'qty'],
    mapping: { class: 'class', name: 'name', symbol: 'symbol', quantity: 'qty' },
    rows: 2,
    sample: [
      { row: 2, values: { class: 'market', name: 'Apple', symbol: 'AAPL', quantity: '10' } },
      { row: 3, values: { class: 'market', name: 'Nvidia', symbol: 'NVDA', quantity: '-1' } },
    ],
    errors: [],
    errorCount: 0,
    valid: true,
    ...overrides,
  };
}

const file = (text = 'class,name,symbol,qty\nmarket,Apple,AAPL,10\n') =>
  new File([text], 'holdings.csv', { type: 'text/csv' });

describe('ImportExportPage', () => {
  it('links every export to the active scope, with ?sim= in a simulation', () => {
    renderPage({ simulation: true });
    expect(screen.getByText('Working on the simulation Crash of Mine')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download All assets (CSV)' });
    expect(link).toHaveAttribute('href', `/api/v1/portfolios/${P}/export/assets.csv?sim=${S}`);
    expect(screen.getByRole('link', { name: 'Download Transactions (CSV)' })).toHaveAttribute(
      'href',
      `/api/v1/portfolios/${P}/export/transactions.csv?sim=${S}`,
    );
    expect(screen.getByRole('link', { name: 'Download Savings movements (CSV)' })).toHaveAttribute(
      'href',
      `/api/v1/portfolios/${P}/export/savings-movements.csv?sim=${S}`,
    );
    expect(screen.getAllByRole('link', { name: /^Download/ })).toHaveLength(9);
  });

  it('fetches an export before saving it, named with the local date, and saves nothing when the session has ended', async () => {
    const saved: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ download: this.download, href: this.href });
    });
    const createObjectURL = vi.fn((blob: Blob) => `blob:test/${blob.size}`);
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let signedIn = true;
    const api = mockApi({
      [`GET /portfolios/${P}/export/transactions.csv`]: () =>
        signedIn ? { body: 'ledger' } : apiError(401, 'UNAUTHENTICATED'),
    });
    const { user } = renderPage();
    const link = screen.getByRole('link', { name: 'Download Transactions (CSV)' });
    await user.click(link);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.download).toBe(`cairn-transactions-${localDay(new Date())}.csv`);
    expect(saved[0]?.href).toMatch(/^blob:test\//);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(api.callsTo('GET', `/portfolios/${P}/export/transactions.csv`)).toHaveLength(1);

    signedIn = false;
    await user.click(link);
    expect(
      await screen.findByText('Your session has ended: sign in again, then download the file.'),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows any other failed export translated, and saves nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    mockApi({
      [`GET /portfolios/${P}/export/assets.csv`]: apiError(404, 'PORTFOLIO_NOT_FOUND'),
    });
    const { user } = renderPage();
    await user.click(screen.getByRole('link', { name: 'Download All assets (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Portfolio not found');
    expect(click).not.toHaveBeenCalled();
  });

  it('reads a file saved by French Excel (Windows-1252) without losing its accents', async () => {
    const api = mockApi({ [`POST /portfolios/${P}/import`]: { body: preview() } });
    const { user } = renderPage();
    // 0xE9 is é in Windows-1252, and not valid UTF-8 on its own.
    const bytes = Uint8Array.from('classe;quantit\u00e9\nmarket;1\n', (char) => char.charCodeAt(0));
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([bytes], 'excel.csv', { type: 'text/csv' }),
    );
    await waitFor(() => expect(api.callsTo('POST', `/portfolios/${P}/import`)).toHaveLength(1));
    expect(api.callsTo('POST', `/portfolios/${P}/import`)[0]?.body).toMatchObject({
      csv: 'classe;quantité\nmarket;1\n',
    });
  });

  it('shows a read-only invitee the exports only', () => {
    renderPage({ level: 'read' });
    expect(screen.getByRole('link', { name: 'Download Real estate (CSV)' })).toHaveAttribute(
      'href',
      `/api/v1/portfolios/${P}/export/real-estate.csv`,
    );
    expect(screen.getByText(/exports only/)).toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file')).toBeNull();
  });

  it('previews a file with its row-numbered errors and keeps Import disabled until it is valid', async () => {
    const api = mockApi({
      [`POST /portfolios/${P}/import`]: ({ body }) => {
        const request = body as { mapping?: Record<string, string> };
        // Once "qty" is no longer imported, the quantity errors go and the file is valid.
        return request.mapping?.quantity === ''
          ? { body: preview({ mapping: { class: 'class', name: 'name', symbol: 'symbol' } }) }
          : {
              body: preview({
                errors: [issue(3, 'quantity', 'Quantity must be positive', 'quantityPositive')],
                errorCount: 1,
                valid: false,
              }),
            };
      },
    });
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('CSV file'), file());
    const errors = await screen.findByTestId('import-errors');
    expect(within(errors).getByText('Row 3')).toBeInTheDocument();
    expect(errors).toHaveTextContent('Row 3Quantity: Quantity must be positive');
    expect(screen.getByText('1 problem to fix before importing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
    const first = api.callsTo('POST', `/portfolios/${P}/import`)[0]?.body;
    expect(first).toEqual({
      kind: 'holdings',
      csv: 'class,name,symbol,qty\nmarket,Apple,AAPL,10\n',
      openingTransactions: true,
      commit: false,
    });
    // The sample shows the mapped fields, by row number.
    const table = screen.getByRole('table', { name: /first rows of the file/ });
    expect(within(table).getByText('Nvidia')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Field for column qty'), '');
    expect(await screen.findByText('Every row is valid.')).toBeInTheDocument();
    const second = api.callsTo('POST', `/portfolios/${P}/import`)[1]?.body as {
      mapping: Record<string, string>;
    };
    expect(second.mapping).toMatchObject({ class: 'class', name: 'name', quantity: '' });
    expect(Object.keys(second.mapping)).toContain('propertyName');
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
  });

  it('imports a valid file, says how many rows, and refreshes the scope’s data', async () => {
    const api = mockApi({
      [`POST /portfolios/${P}/import`]: ({ body }) =>
        (body as { commit: boolean }).commit
          ? { status: 201, body: { kind: 'transactions', imported: 2 } }
          : { body: preview({ kind: 'transactions', mapping: {}, columns: ['a'] }) },
    });
    const { user, queryClient } = renderPage();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getByRole('radio', { name: /Transactions/ }));
    expect(screen.queryByLabelText('Record an opening purchase for each asset')).toBeNull();
    await user.upload(screen.getByLabelText('CSV file'), file('a\n1\n2\n'));
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    expect(await screen.findByText('2 rows imported')).toBeInTheDocument();
    const commit = api
      .callsTo('POST', `/portfolios/${P}/import`)
      .find((call) => (call.body as { commit: boolean }).commit);
    expect(commit?.body).toMatchObject({ kind: 'transactions', commit: true, csv: 'a\n1\n2\n' });
    await waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith({ queryKey: portfolioScopedKeys.scope(P, null) }),
    );
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
  });

  it('shows the rows of an IMPORT_INVALID answer, and the ledger’s and the plan’s refusals translated', async () => {
    mockApi({
      [`POST /portfolios/${P}/import`]: ({ body }) =>
        (body as { commit: boolean }).commit
          ? apiError(400, 'IMPORT_INVALID', {
              errors: [
                {
                  row: 5,
                  field: null,
                  message: 'Insufficient balance. Available: 15, Requested: 16',
                  code: 'INSUFFICIENT_BALANCE',
                  params: { available: '15', requested: '16' },
                },
                issue(
                  7,
                  'assetName',
                  'No asset of this portfolio matches this row',
                  'assetNotFound',
                ),
              ],
              errorCount: 3,
            })
          : { body: preview() },
    });
    const { user } = renderPage();
    await user.click(screen.getByLabelText('Record an opening purchase for each asset'));
    await user.upload(screen.getByLabelText('CSV file'), file());
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    expect(
      await screen.findByText('Nothing was imported: fix these rows and import the file again.'),
    ).toBeInTheDocument();
    const errors = screen.getByTestId('import-errors');
    expect(errors).toHaveTextContent('Row 5Insufficient balance. Available: 15, Requested: 16');
    expect(errors).toHaveTextContent(
      'Row 7Asset name: No asset of this portfolio matches this row',
    );
    expect(errors).toHaveTextContent('…and 1 more');
  });

  it('shows other refusals (the plan’s limit) as an error, and refuses files over 5 MB before sending', async () => {
    const api = mockApi({
      [`POST /portfolios/${P}/import`]: ({ body }) =>
        (body as { commit: boolean }).commit
          ? apiError(403, 'TIER_ASSET_LIMIT', { tier: 'free', limit: 10 })
          : { body: preview() },
    });
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('CSV file'), file());
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    expect(
      await screen.findByText(
        'Your plan allows 10 assets per portfolio. Upgrade your plan to add more.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );

    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    const calls = api.calls.length;
    await user.upload(screen.getByLabelText('CSV file'), big);
    expect(
      await screen.findByText('This file is larger than 5 MB. Split it into smaller files.'),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(calls);
  });

  it('checks the plan’s asset limit before importing, with the way to the plans', async () => {
    mockApi({
      [`POST /portfolios/${P}/import`]: {
        body: preview({
          errors: [
            {
              row: 12,
              field: null,
              message: 'Your plan allows 10 assets per portfolio. Upgrade your plan to add more.',
              code: 'TIER_ASSET_LIMIT',
              params: { tier: 'free', limit: '10' },
            },
          ],
          errorCount: 1,
          valid: false,
        }),
      },
    });
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('CSV file'), file());
    const errors = await screen.findByTestId('import-errors');
    expect(errors).toHaveTextContent(
      'Row 12Your plan allows 10 assets per portfolio. Upgrade your plan to add more.',
    );
    const alert = errors.closest('[role=alert]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );
  });

  it('reads in French', async () => {
    const { i18n } = await import('react-i18next').then((m) => ({ i18n: m.getI18n() }));
    await i18n.changeLanguage('fr');
    try {
      renderPage({ level: 'read' });
      expect(screen.getByRole('heading', { name: 'Importer et exporter' })).toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: 'Télécharger Comptes d’épargne (CSV)' }),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the import section in French: kinds, mapping labels and row errors', async () => {
    mockApi({
      [`POST /portfolios/${P}/import`]: {
        body: preview({
          errors: [
            issue(3, 'quantity', 'Quantity must be positive', 'quantityPositive'),
            {
              row: 4,
              field: 'price',
              message: '1,000 can be read as a decimal comma or a thousands separator',
              code: 'numberAmbiguous',
              params: { value: '1,000' },
            },
          ],
          errorCount: 2,
          valid: false,
        }),
      },
    });
    const { i18n } = await import('react-i18next').then((m) => ({ i18n: m.getI18n() }));
    await i18n.changeLanguage('fr');
    try {
      const { user } = renderPage();
      expect(screen.getByRole('heading', { name: 'Importer' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: /Mouvements d’épargne/ })).toBeInTheDocument();
      await user.upload(screen.getByLabelText('Fichier CSV'), file());
      const errors = await screen.findByTestId('import-errors');
      expect(errors).toHaveTextContent('Ligne 3Quantité: La quantité doit être positive');
      expect(errors).toHaveTextContent(
        'Ligne 4Prix: 1,000 peut se lire avec une virgule décimale ou un séparateur de milliers',
      );
      expect(screen.getByText('2 problèmes à corriger avant l’import')).toBeInTheDocument();
      const select = screen.getByLabelText('Champ de la colonne qty');
      expect(select).toHaveValue('quantity');
      expect(
        within(select).getByRole('option', { name: 'Quantité (quantity)' }),
      ).toBeInTheDocument();
      expect(
        within(select).getByRole('option', { name: 'Prix d’achat (purchasePrice)' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Importer 2 lignes' })).toBeDisabled();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
