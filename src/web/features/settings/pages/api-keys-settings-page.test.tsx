import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@/contracts/api-keys';
import type { Tier } from '@/contracts/subscription';
import { sessionKeys } from '@/web/lib/session';
import { type ApiCall, apiError, mockApi, testSession } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { subscriptionRoute } from '@/web/test/subscription';
import { ApiKeysSettingsPage } from './api-keys-settings-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

// Radix measures popovers and dialogs with ResizeObserver, which jsdom lacks.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const SECRET = 'cairn_AbCdEf12_9f8e7d6c5b4a39281706f5e4d3c2b1a0';

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Monthly spreadsheet',
    prefix: 'cairn_AbCdEf12',
    scopes: ['read'],
    expiresAt: null,
    expired: false,
    lastUsedAt: null,
    lastUsedIp: null,
    createdAt: '2026-11-02T09:30:00.000Z',
    ...overrides,
  };
}

/** The keys API over a list that changes as keys are created and revoked. */
function renderPage({
  tier = 'pro',
  keys = [],
  routes = {},
}: {
  tier?: Tier;
  keys?: ApiKey[];
  routes?: Parameters<typeof mockApi>[0];
} = {}) {
  let list = [...keys];
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, testSession());
  const api = mockApi({
    ...subscriptionRoute(tier),
    'GET /api-keys': () => ({ body: { apiKeys: list } }),
    'POST /api-keys': (call: ApiCall) => {
      const body = call.body as { name: string; scopes: ApiKey['scopes']; expiresAt?: string };
      const apiKey = makeKey({
        id: '44444444-4444-4444-8444-444444444444',
        name: body.name,
        prefix: 'cairn_Zz99Yy88',
        scopes: body.scopes,
        expiresAt: body.expiresAt ?? null,
        createdAt: new Date().toISOString(),
      });
      list = [apiKey, ...list];
      return { status: 201, body: { apiKey, secret: SECRET } };
    },
    ...Object.fromEntries(
      keys.map((key) => [
        `DELETE /api-keys/${key.id}`,
        () => {
          list = list.filter((item) => item.id !== key.id);
          return { status: 204, body: null };
        },
      ]),
    ),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ApiKeysSettingsPage />
      <Toaster />
    </>,
    { queryClient, route: '/settings/api-keys' },
  );
  return { api, user };
}

const table = () => screen.getByRole('table', { name: 'Your API keys' });

describe('API keys without API access (below Enterprise)', { timeout: 15_000 }, () => {
  it('says what keys do and which plan has them, with the way to the plans and no create button', async () => {
    renderPage({ tier: 'classic' });
    expect(
      await screen.findByRole('heading', { name: 'API keys come with Enterprise' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/read your portfolios, holdings, transactions/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /API documentation/ })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('still lists keys kept from a higher plan, says they do not work, and revokes them', async () => {
    const key = makeKey({ name: 'Old script' });
    const { api, user } = renderPage({ tier: 'free', keys: [key] });
    expect(
      await screen.findByText(
        'These keys stop working until your plan includes API access again. You can still revoke them.',
      ),
    ).toBeInTheDocument();
    expect(within(table()).getByText('Old script')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
    await user.click(within(table()).getByRole('button', { name: 'Revoke Old script' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', `/api-keys/${key.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });
});

describe('API keys with API access (Enterprise)', { timeout: 15_000 }, () => {
  it('shows placeholders while the keys load', async () => {
    renderPage({ routes: { 'GET /api-keys': () => new Promise(() => {}) } });
    expect(await screen.findByText('Loading API keys…')).toBeInTheDocument();
    expect(screen.getByText('Loading API keys…').closest('[aria-busy="true"]')).not.toBeNull();
  });

  it('says what to do when there is no key yet', async () => {
    renderPage();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.getByText(/Create a key for each script or tool/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create API key' })).toHaveLength(1);
  });

  it('lists each key: prefix, access, creation, last use or never, expiry or Expired in words', async () => {
    renderPage({
      keys: [
        makeKey(),
        makeKey({
          id: '55555555-5555-4555-8555-555555555555',
          name: 'Importer',
          prefix: 'cairn_Qq11Ww22',
          scopes: ['read', 'write'],
          lastUsedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
          lastUsedIp: '203.0.113.7',
          expiresAt: '2026-01-31',
          expired: true,
        }),
      ],
    });
    const rows = within(await screen.findByRole('table', { name: 'Your API keys' })).getAllByRole(
      'row',
    );
    expect(rows).toHaveLength(3);
    const [, first, second] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('cairn_AbCdEf12…')).toHaveClass('font-mono');
    expect(within(first).getByText('Read')).toBeInTheDocument();
    expect(within(first).queryByText('Write')).not.toBeInTheDocument();
    expect(within(first).getByText('Created Nov 2, 2026')).toBeInTheDocument();
    expect(within(first).getByText('Never used')).toBeInTheDocument();
    expect(within(first).getByText('Never')).toBeInTheDocument();
    expect(within(second).getByText('Write')).toBeInTheDocument();
    expect(within(second).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(second).getByText('from 203.0.113.7')).toBeInTheDocument();
    expect(within(second).getByText('Expired')).toBeInTheDocument();
    expect(within(second).getByText('Jan 31, 2026')).toBeInTheDocument();
  });

  it('says when the working keys reach the limit instead of offering to create one', async () => {
    const keys = Array.from({ length: 20 }, (_, index) =>
      makeKey({ id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}` }),
    );
    renderPage({ keys });
    expect(
      await screen.findByText(
        'You have 20 working keys, the most allowed. Revoke one to create another.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
  });

  it('does not count expired keys towards the limit', async () => {
    const keys = Array.from({ length: 20 }, (_, index) =>
      makeKey({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        expired: index === 0,
        expiresAt: index === 0 ? '2026-01-31' : null,
      }),
    );
    renderPage({ keys });
    expect(await screen.findByRole('button', { name: 'Create API key' })).toBeInTheDocument();
  });

  it('checks the form with the contract’s rules, in words', async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByLabelText('Last day it works'), '01/15/2020');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Give the key a name')).toBeInTheDocument();
    expect(within(dialog).getByText('The expiry date must be after today')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Name'), 'x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('The name cannot exceed 100 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api-keys')).toHaveLength(0);
  });

  it('creates a read-only key and shows its secret once, with Copy', async () => {
    const { api, user } = renderPage();
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    expect(within(dialog).getByRole('radio', { name: /Read only/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Read and write/ })).not.toBeChecked();
    await user.type(within(dialog).getByLabelText('Name'), '  Monthly spreadsheet ');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new key' });
    expect(api.callsTo('POST', '/api-keys')[0]?.body).toEqual({
      name: 'Monthly spreadsheet',
      scopes: ['read'],
    });
    expect(within(shown).getByLabelText('Secret key')).toHaveValue(SECRET);
    expect(within(shown).getByLabelText('Secret key')).toHaveAttribute('readonly');
    expect(within(shown).getByRole('alert')).toHaveTextContent(
      'This is the only time the key is shown.',
    );
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(shown).getByRole('status')).toHaveTextContent('Key copied to the clipboard');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(within(table()).getByText('Monthly spreadsheet')).toBeInTheDocument();
    // Opening the dialog again starts a new key: the secret is gone for good.
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByRole('dialog', { name: 'Create an API key' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('creates a read and write key with a last day', async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'Importer');
    await user.click(within(dialog).getByRole('radio', { name: /Read and write/ }));
    await user.type(within(dialog).getByLabelText('Last day it works'), '12/31/2099');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'Copy your new key' });
    expect(api.callsTo('POST', '/api-keys')[0]?.body).toEqual({
      name: 'Importer',
      scopes: ['read', 'write'],
      expiresAt: '2099-12-31',
    });
  });

  it('selects the secret for Ctrl+C when the clipboard is refused', async () => {
    const { user } = renderPage();
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'CLI');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy your new key' });
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent(
      'Copying is not allowed here. The key is selected: press Ctrl+C (⌘C on a Mac).',
    );
    const field = within(shown).getByLabelText<HTMLInputElement>('Secret key');
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, SECRET.length]);
  });

  it('says a refusal of the plan with the way to the plans', async () => {
    const { user } = renderPage({
      routes: {
        'POST /api-keys': apiError(403, 'TIER_FEATURE', {
          feature: 'api_access',
          requiredTier: 'pro',
          tier: 'classic',
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'CLI');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to create the API key: This needs the Enterprise plan. Upgrade your plan to use it.',
    );
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );
  });

  it('asks before revoking, naming the key, and keeps it on Cancel', async () => {
    const key = makeKey();
    const { api, user } = renderPage({ keys: [key] });
    await user.click(
      within(await screen.findByRole('table')).getByRole('button', {
        name: 'Revoke Monthly spreadsheet',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Revoke “Monthly spreadsheet”?',
    });
    expect(confirm).toHaveTextContent('Scripts and tools using this key lose access at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `/api-keys/${key.id}`)).toHaveLength(0);
    expect(within(table()).getByText('Monthly spreadsheet')).toBeInTheDocument();

    await user.click(within(table()).getByRole('button', { name: 'Revoke Monthly spreadsheet' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }),
    );
    expect(await screen.findByText('Key “Monthly spreadsheet” revoked')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api-keys/${key.id}`)).toHaveLength(1);
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('reads in French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderPage({ keys: [makeKey()] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clés d’API' })).toBeVisible();
    const list = await screen.findByRole('table', { name: 'Vos clés d’API' });
    expect(within(list).getByText('Jamais utilisée')).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: 'Révoquer Monthly spreadsheet' }),
    ).toHaveTextContent('Révoquer');
    await user.click(screen.getByRole('button', { name: 'Créer une clé d’API' }));
    const dialog = await screen.findByRole('dialog', { name: 'Créer une clé d’API' });
    expect(within(dialog).getByRole('radio', { name: /Lecture seule/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Lecture et écriture/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Créer la clé' }));
    expect(within(dialog).getByText('Donnez un nom à la clé')).toBeInTheDocument();
  });
});
