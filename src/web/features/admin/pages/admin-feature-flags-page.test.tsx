import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Flag } from '@/contracts/admin';
import { apiError, mockApi, type Reply } from '@/web/test/mock-api';
import { deferred, makeFlags, renderAdmin, stubResizeObserver } from '../test/fixtures';
import { AdminFeatureFlagsPage } from './admin-feature-flags-page';

beforeEach(() => {
  stubResizeObserver();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function setup(routes: Parameters<typeof mockApi>[0] = {}, flags: Flag[] = makeFlags()) {
  const api = mockApi({ 'GET /admin/feature-flags': { body: { flags } }, ...routes });
  return { api, ...renderAdmin(<AdminFeatureFlagsPage />, { route: '/admin/feature-flags' }) };
}

const category = (name: string) => screen.getByRole('region', { name });

describe('AdminFeatureFlagsPage', () => {
  it('shows the help text, counts per state and per category, and the critical warning', async () => {
    setup({}, [
      ...makeFlags({ sidebar_goals: false }).map((flag) =>
        flag.key === 'search_bar'
          ? { ...flag, updatedByEmail: 'ada@example.com', updatedAt: '2026-03-10T09:00:00Z' }
          : flag,
      ),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Feature flags' })).toBeInTheDocument();
    expect(screen.getByText('Changes take effect immediately for all users.')).toBeInTheDocument();
    expect(document.title).toBe('Feature flags · Admin · Cairn');
    expect(await screen.findByLabelText('Feature flag counts')).toHaveTextContent(
      'Total17Enabled15Disabled2',
    );
    expect(category('Navigation')).toHaveTextContent('14 of 15 enabled');
    expect(category('Search')).toHaveTextContent('1 of 1 enabled');
    expect(category('Features')).toHaveTextContent('0 of 1 enabled');

    const beta = screen.getByRole('row', { name: /beta_mode/ });
    expect(beta).toHaveTextContent('Beta mode');
    expect(beta).toHaveTextContent('Critical');
    expect(beta).toHaveTextContent('Disabled');
    expect(beta).toHaveTextContent('Default setting');
    const search = screen.getByRole('row', { name: /search_bar/ });
    expect(search).toHaveTextContent('3 hours ago');
    expect(search).toHaveTextContent('by ada@example.com');
  });

  it('filters by category and by search', async () => {
    const { user } = setup();
    await screen.findByRole('switch', { name: 'Search bar' });
    expect(screen.getAllByRole('switch')).toHaveLength(17);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'search');
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Search bar',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'all');
    await user.type(screen.getByRole('searchbox', { name: 'Search feature flags' }), 'crypto');
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Crypto link',
    ]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search feature flags' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search feature flags' }), 'zzz');
    expect(screen.getByText('No feature matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByRole('switch')).toHaveLength(17);
  });

  it('asks before toggling, shows the change at once, and rolls it back on failure', async () => {
    const answer = deferred<Reply>();
    const { api, user } = setup({ 'POST /admin/feature-flags/toggle': () => answer.promise });
    const toggle = await screen.findByRole('switch', { name: 'Search bar' });
    expect(toggle).toBeChecked();

    await user.click(toggle);
    const dialog = screen.getByRole('alertdialog', { name: 'Disable “Search bar”?' });
    expect(toggle).toBeChecked();
    expect(dialog).toHaveTextContent('Changes take effect immediately for all users.');
    expect(dialog).toHaveTextContent(
      'Disabling search removes the search bar (and Ctrl/Cmd+K) from the header for everyone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo('POST', '/admin/feature-flags/toggle')[0]?.body).toEqual({
      key: 'search_bar',
      enabled: false,
    });
    answer.resolve(apiError(500, 'UNKNOWN_ERROR'));
    expect(await screen.findByText('Failed to update feature flag')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('says the flags failed to load in a toast, and in the table with a way to retry', async () => {
    setup({ 'GET /admin/feature-flags': apiError(500, 'UNKNOWN_ERROR') });
    await waitFor(
      () =>
        expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent(
          'Failed to load feature flags',
        ),
      { timeout: 15_000 },
    );
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  }, 20_000);

  it('confirms a toggle with a toast and refreshes the list', async () => {
    let flags = makeFlags();
    const { api, user } = setup({
      'GET /admin/feature-flags': () => ({ body: { flags } }),
      'POST /admin/feature-flags/toggle': () => {
        flags = makeFlags({ sidebar_goals: false });
        return { body: flags.find((flag) => flag.key === 'sidebar_goals') };
      },
    });
    await user.click(await screen.findByRole('switch', { name: 'Goals link' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Disabling navigation items hides them for everyone.',
    );
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Feature updated successfully')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/feature-flags')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: 'Goals link' })).not.toBeChecked();
  });

  it('changes a whole category after confirmation', async () => {
    const { api, user } = setup({
      'POST /admin/feature-flags/bulk': (call) => ({
        body: {
          updatedCount: (call.body as { updates: unknown[] }).updates.length,
          flags: (call.body as { updates: unknown[] }).updates,
        },
      }),
    });
    await screen.findByRole('switch', { name: 'Search bar' });
    const navigation = category('Navigation');
    expect(within(navigation).getByRole('button', { name: 'Enable all' })).toBeDisabled();
    await user.click(within(navigation).getByRole('button', { name: 'Disable all' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Disable all Navigation features?' });
    expect(dialog).toHaveTextContent('15 features will change.');
    expect(dialog).toHaveTextContent('Disabling navigation items hides them for everyone.');
    await user.click(within(dialog).getByRole('button', { name: 'Disable all' }));

    expect(await screen.findByText('15 features updated successfully')).toBeInTheDocument();
    const body = api.callsTo('POST', '/admin/feature-flags/bulk')[0]?.body as {
      updates: { key: string; enabled: boolean }[];
    };
    expect(body.updates).toHaveLength(15);
    expect(body.updates.every((update) => update.enabled === false)).toBe(true);
    expect(body.updates.map((update) => update.key)).toContain('sidebar_dashboard');
    expect(body.updates.map((update) => update.key)).not.toContain('search_bar');
  });

  it('resets a category to its defaults, and rolls back when it fails', async () => {
    const { api, user } = setup(
      { 'POST /admin/feature-flags/reset': apiError(503, 'SERVICE_UNAVAILABLE') },
      makeFlags({ beta_mode: true }),
    );
    const beta = await screen.findByRole('switch', { name: 'Beta mode' });
    expect(beta).toBeChecked();
    await user.click(
      within(category('Features')).getByRole('button', { name: 'Reset to defaults' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: 'Reset Features features to their defaults?',
    });
    expect(dialog).toHaveTextContent('1 feature will change.');
    await user.click(within(dialog).getByRole('button', { name: 'Reset to defaults' }));
    expect(await screen.findByText('Failed to update features')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/feature-flags/reset')[0]?.body).toEqual({
      category: 'features',
    });
    expect(beta).toBeChecked();
  });

  it('speaks French, toasts included', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup({
      'POST /admin/feature-flags/toggle': { body: makeFlags()[15] },
      'POST /admin/feature-flags/bulk': { body: { updatedCount: 15, flags: [] } },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Fonctionnalités' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Les modifications prennent effet immédiatement pour tous les utilisateurs.',
      ),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: 'Barre de recherche' }));
    await user.click(screen.getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Fonctionnalité mise à jour avec succès')).toBeInTheDocument();

    await user.click(
      within(category('Navigation')).getByRole('button', { name: 'Tout désactiver' }),
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Tout désactiver' }),
    );
    expect(
      await screen.findByText('15 fonctionnalités mises à jour avec succès'),
    ).toBeInTheDocument();
  });
});
