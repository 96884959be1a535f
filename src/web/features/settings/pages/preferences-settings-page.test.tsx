import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFormatters } from '@/web/lib/preferences';
import { settingsKeys } from '@/web/lib/settings';
import { renderSettingsPage, resetApplied, settingsApi, testSettings } from '../test/fixtures';
import { PreferencesSettingsPage } from './preferences-settings-page';

afterEach(resetApplied);

/** Intl's narrow and plain no-break spaces as ordinary spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

/** Another screen of the app that shows an amount and a date through the shared formatters. */
function Balance() {
  const format = useFormatters();
  return (
    <p data-testid="balance">
      {format.money('1234.56', { currency: format.currency, decimals: true })} ·{' '}
      {format.date('2026-03-10T12:00:00Z')}
    </p>
  );
}

function setup(...args: Parameters<typeof settingsApi>) {
  const api = settingsApi(...args);
  const user = userEvent.setup();
  const view = renderSettingsPage(
    <>
      <PreferencesSettingsPage />
      <Balance />
    </>,
    '/settings/preferences',
  );
  return { api, user, ...view };
}

const balance = () => plain(screen.getByTestId('balance').textContent);

describe('PreferencesSettingsPage', () => {
  it('shows the defaults, each with a live example', async () => {
    setup();
    const language = await screen.findByLabelText('Language');
    expect(language).toHaveDisplayValue('Automatic (browser)');
    expect(screen.getByLabelText('Currency')).toHaveDisplayValue('Euro (€)');
    expect(screen.getByLabelText('Date format')).toHaveDisplayValue('DD/MM/YYYY');
    expect(screen.getByLabelText('Number format')).toHaveDisplayValue(/^European \(1.234,56\)$/);
    expect(screen.getByText('Follows the browser: English now.')).toBeInTheDocument();
    // The currency converts the dashboard's total; it never relabels an amount.
    expect(
      screen.getByText(/The dashboard adds your portfolios up in this currency, converted at/),
    ).toHaveTextContent(/never relabelled; every other amount keeps its own currency/);
    expect(screen.queryByText(/not converted/)).toBeNull();
    expect(plain(document.getElementById('preferences-currency-example')?.textContent)).toBe(
      'e.g. €1 234,56',
    );
    expect(plain(document.getElementById('preferences-number-format-example')?.textContent)).toBe(
      'e.g. 1 234,56',
    );
    expect(screen.getByText(/^Today: \d\d\/\d\d\/\d{4}$/)).toBeInTheDocument();
    expect(balance()).toBe('€1 234,56 · 10/03/2026');
  });

  it('updates the examples as choices change, before saving', async () => {
    const { user, api } = setup();
    await user.selectOptions(await screen.findByLabelText('Currency'), 'GBP');
    await user.selectOptions(screen.getByLabelText('Number format'), 'swiss');
    await user.selectOptions(screen.getByLabelText('Date format'), 'yyyy-MM-dd');
    expect(document.getElementById('preferences-currency-example')).toHaveTextContent(
      'e.g. £1’234.56',
    );
    expect(screen.getByText(/^Today: \d{4}-\d\d-\d\d$/)).toBeInTheDocument();
    expect(api.patches()).toHaveLength(0);
    expect(balance()).toBe('€1 234,56 · 10/03/2026');
  });

  it('saves only what changed; currency and formats apply everywhere at once', async () => {
    const { api, user } = setup();
    await user.selectOptions(await screen.findByLabelText('Currency'), 'USD');
    await user.selectOptions(screen.getByLabelText('Number format'), 'american');
    await user.selectOptions(screen.getByLabelText('Date format'), 'MM/dd/yyyy');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(api.patches().map((call) => call.body)).toEqual([
      { preferences: { currency: 'USD', numberFormat: 'american', dateFormat: 'MM/dd/yyyy' } },
    ]);
    expect(balance()).toBe('$1,234.56 · 03/10/2026');
  });

  it('switches the whole app to French when French is saved', async () => {
    const { api, user } = setup();
    await user.selectOptions(await screen.findByLabelText('Language'), 'fr');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(await screen.findByText('Préférences enregistrées')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Préférences');
    expect(api.patches()[0]?.body).toEqual({ preferences: { language: 'fr' } });
    expect(balance()).toBe('1 234,56 € · 10/03/2026');
  });

  it('follows the browser when the preference is automatic', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    setup(testSettings());
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(
      await screen.findByText('Suit le navigateur : français actuellement.'),
    ).toBeInTheDocument();
  });

  it('applies a saved English preference over a French browser', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    await i18n.changeLanguage('fr');
    setup(testSettings({ preferences: { ...testSettings().preferences, language: 'en' } }));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Preferences');
  });

  it('rolls back and says so when saving fails', async () => {
    const { user, queryClient } = setup(testSettings(), {
      fail: { status: 400, code: 'VALIDATION_ERROR' },
    });
    await user.selectOptions(await screen.findByLabelText('Currency'), 'CAD');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to save preferences')).toBeInTheDocument();
    expect(
      queryClient.getQueryData<{ settings: { preferences: { currency: string } } }>(
        settingsKeys.me(),
      )?.settings.preferences.currency,
    ).toBe('EUR');
    expect(balance()).toBe('€1 234,56 · 10/03/2026');
    expect(within(document.body).getByLabelText('Currency')).toHaveDisplayValue(
      'Canadian dollar (C$)',
    );
  });
});
