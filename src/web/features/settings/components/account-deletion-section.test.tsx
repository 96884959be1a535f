import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeletionPreview, PrivacyExport } from '@/contracts/privacy';
import { sessionKeys } from '@/web/lib/session';
import { apiError, mockApi, testSession } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { AccountDeletionSection } from './account-deletion-section';
import { DataExportRow } from './data-export-row';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

function preview(overrides: Partial<DeletionPreview> = {}): DeletionPreview {
  return {
    portfolios: 2,
    holdings: 5,
    transactions: 1,
    sharedPortfolios: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        name: 'Family savings',
        sharedWith: ['Bob Durand', 'Chloé'],
      },
    ],
    needsCode: true,
    lastAdmin: false,
    graceDays: 7,
    ...overrides,
  };
}

function renderSection(routes: Parameters<typeof mockApi>[0] = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, testSession());
  const api = mockApi({
    'GET /account/deletion-preview': { body: preview() },
    'DELETE /account': { status: 202, body: { scheduledFor: '2026-11-29T09:00:00.000Z' } },
    'POST /auth/logout': { body: { ok: true } },
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <Routes>
        <Route path="/settings/privacy" element={<AccountDeletionSection />} />
        <Route path="/login" element={<p>Sign-in page</p>} />
      </Routes>
      <Toaster />
    </>,
    { queryClient, route: '/settings/privacy' },
  );
  return { api, user };
}

const dialog = () => screen.getByRole('dialog', { name: 'Delete your account' });

describe('the deletion dialog', { timeout: 20_000 }, () => {
  it('goes through what is removed, the password and code, the typed word, then signs out', async () => {
    const { api, user } = renderSection();
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    // Step 1: what goes.
    expect(await within(dialog()).findByText('2 portfolios')).toBeInTheDocument();
    expect(within(dialog()).getByText('5 holdings')).toBeInTheDocument();
    expect(within(dialog()).getByText('1 transaction')).toBeInTheDocument();
    expect(within(dialog()).getByText('Family savings')).toBeInTheDocument();
    expect(within(dialog()).getByText('shared with Bob Durand, Chloé')).toBeInTheDocument();
    expect(within(dialog()).getByText(/Step 1 of 3/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));

    // Step 2: the password and the code are checked before going on.
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog()).getByText('Enter your password.', { selector: 'p[id$="-error"]' }),
    ).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Password')).toHaveFocus();
    await user.type(within(dialog()).getByLabelText('Password'), 'Correct-Horse-9');
    await user.type(within(dialog()).getByLabelText('Authenticator code'), '123456');
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));

    // Step 3: the word, exactly.
    const word = within(dialog()).getByLabelText('Type DELETE to confirm');
    expect(word).toHaveFocus();
    await user.type(word, 'delet');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog()).getByText('Type DELETE exactly to confirm.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/account')).toHaveLength(0);
    await user.type(word, 'e');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(api.callsTo('DELETE', '/account')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/account')[0]?.body).toEqual({
      password: 'Correct-Horse-9',
      code: '123456',
    });
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(await screen.findByText('Your account will be deleted')).toBeInTheDocument();
  });

  it('brings the password step back when the server refuses the password', async () => {
    const { api, user } = renderSection({
      'GET /account/deletion-preview': { body: preview({ needsCode: false }) },
      'DELETE /account': apiError(400, 'INVALID_CREDENTIALS'),
    });
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Continue' }));
    expect(within(dialog()).queryByLabelText('Authenticator code')).not.toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    await user.type(within(dialog()).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog()).findByText('Please check your credentials and try again.'),
    ).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Password')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/account')[0]?.body).toEqual({ password: 'wrong' });
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(0);
  });

  it('refuses the last admin at the first step', async () => {
    const { user } = renderSection({
      'GET /account/deletion-preview': { body: preview({ lastAdmin: true }) },
    });
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    expect(await within(dialog()).findByText(/You are the last administrator/)).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('asks for SUPPRIMER in French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderSection({
      'GET /account/deletion-preview': { body: preview({ needsCode: false }) },
    });
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte…' }));
    await user.click(await screen.findByRole('button', { name: 'Continuer' }));
    await user.type(screen.getByLabelText('Mot de passe'), 'Correct-Horse-9');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByLabelText('Saisissez SUPPRIMER pour confirmer')).toBeInTheDocument();
  });
});

function exportOf(overrides: Partial<PrivacyExport> = {}): PrivacyExport {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    status: 'running',
    progress: 40,
    createdAt: '2026-11-22T09:00:00.000Z',
    finishedAt: null,
    downloadUrl: null,
    expiresAt: null,
    sizeBytes: null,
    error: null,
    ...overrides,
  };
}

describe('the download row', { timeout: 20_000 }, () => {
  it('starts an export, shows its progress, then the download link', async () => {
    let state: PrivacyExport | null = null;
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionKeys.all, testSession());
    const api = mockApi({
      'GET /privacy/export': () => ({ body: { export: state } }),
      'POST /privacy/export': () => {
        state = exportOf();
        return { status: 202, body: { id: state.id } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ul>
        <DataExportRow />
      </ul>,
      { queryClient, route: '/settings/privacy' },
    );
    await user.click(await screen.findByRole('button', { name: 'Prepare my data' }));
    const bar = await screen.findByRole('progressbar', { name: 'Archive preparation' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Preparing…' })).toBeDisabled();
    expect(api.callsTo('POST', '/privacy/export')).toHaveLength(1);
    state = exportOf({
      status: 'ready',
      progress: 100,
      finishedAt: '2026-11-22T09:01:00.000Z',
      downloadUrl: '/api/v1/privacy/export/22222222-2222-4222-8222-222222222222/download',
      expiresAt: '2026-11-23T09:01:00.000Z',
      sizeBytes: 2 * 1024 * 1024,
    });
    const link = await screen.findByRole('link', { name: 'Download' }, { timeout: 5_000 });
    expect(link).toHaveAttribute(
      'href',
      '/api/v1/privacy/export/22222222-2222-4222-8222-222222222222/download',
    );
    expect(screen.getByText(/Available until/)).toHaveTextContent('· 2 MB');
    expect(screen.getByRole('button', { name: 'Prepare again' })).toBeEnabled();
  });
});
