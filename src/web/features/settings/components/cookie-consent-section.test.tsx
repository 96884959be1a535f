import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsentHistoryResponse } from '@/contracts/consent';
import { DEFAULT_PREFERENCES } from '@/contracts/settings';
import { readConsentCookie, resetConsentStore } from '@/web/lib/consent/consent-store';
import { i18n } from '@/web/lib/i18n';
import { apiError } from '@/web/test/mock-api';
import { PrivacySettingsPage } from '../pages/privacy-settings-page';
import { renderSettingsPage, resetApplied, settingsApi, testSettings } from '../test/fixtures';

const history: ConsentHistoryResponse = {
  entries: [
    {
      id: '00000000-0000-4000-8000-000000000002',
      consentType: 'analytics',
      previousValue: true,
      newValue: false,
      documentVersion: '1.0.0',
      changedAt: '2026-11-26T09:30:00.000Z',
      ipAddress: '203.0.113.7',
      userAgent: 'Firefox',
    },
    {
      id: '00000000-0000-4000-8000-000000000001',
      consentType: 'error_monitoring',
      previousValue: null,
      newValue: true,
      documentVersion: '1.0.0',
      changedAt: '2026-11-20T09:30:00.000Z',
      ipAddress: '203.0.113.7',
      userAgent: 'Firefox',
    },
  ],
  total: 2,
};

beforeEach(() => resetConsentStore());
afterEach(async () => {
  resetConsentStore();
  await resetApplied();
});

describe('Cookies and tracking on /settings/privacy', () => {
  it('lists the recorded changes, newest first, with their version', async () => {
    settingsApi(undefined, { routes: { 'GET /privacy/consent/history': { body: history } } });
    renderSettingsPage(<PrivacySettingsPage />, '/settings/privacy');
    const section = await screen.findByRole('region', { name: 'Cookies and tracking' });
    const table = await within(section).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Analytics: Allowed → Refused',
      'Error monitoring: Allowed',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('1.0.0')).toBeInTheDocument();
    expect(
      within(section).getByText('You have not chosen yet: optional services are off.'),
    ).toBeVisible();
  });

  it('changes the choice with a switch (kept in cc_cookie)', async () => {
    settingsApi();
    renderSettingsPage(<PrivacySettingsPage />, '/settings/privacy');
    const section = await screen.findByRole('region', { name: 'Cookies and tracking' });
    expect(
      await within(section).findByText('No choice recorded on your account yet.'),
    ).toBeVisible();
    const analytics = within(section).getByRole('switch', { name: 'Analytics' });
    expect(analytics).not.toBeChecked();
    await userEvent.click(analytics);
    await waitFor(() => expect(analytics).toBeChecked());
    expect(readConsentCookie()).toMatchObject({ analytics: true, errorMonitoring: false });
    expect(within(section).getByText(/^Chosen on .*, policy version 1\.0\.0\.$/)).toBeVisible();
  });

  it('says when the history cannot be loaded, in French too', async () => {
    await i18n.changeLanguage('fr');
    settingsApi(testSettings({ preferences: { ...DEFAULT_PREFERENCES, language: 'fr' } }), {
      routes: { 'GET /privacy/consent/history': apiError(500, 'UNKNOWN_ERROR') },
    });
    renderSettingsPage(<PrivacySettingsPage />, '/settings/privacy');
    const section = await screen.findByRole('region', { name: 'Cookies et suivi' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'L’historique n’a pas pu être chargé.',
    );
    expect(within(section).getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});
