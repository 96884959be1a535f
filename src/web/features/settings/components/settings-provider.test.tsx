import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageMenu } from '@/web/components/language-menu';
import { useFormatters } from '@/web/lib/preferences';
import { renderSettingsPage, resetApplied, settingsApi, testSettings } from '../test/fixtures';

beforeEach(() => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
});

afterEach(resetApplied);

function Amount() {
  const format = useFormatters();
  return (
    <p data-testid="amount">{format.money(1500, { currency: format.currency, decimals: true })}</p>
  );
}

describe('SettingsProvider', () => {
  it('feeds the saved currency and formats to every formatter', async () => {
    settingsApi(
      testSettings({
        preferences: {
          language: 'en',
          currency: 'GBP',
          dateFormat: 'yyyy-MM-dd',
          numberFormat: 'swiss',
        },
      }),
    );
    renderSettingsPage(<Amount />);
    await waitFor(() => expect(screen.getByTestId('amount')).toHaveTextContent('£1’500.00'));
  });

  it('formats with the language defaults until the settings arrive', () => {
    settingsApi();
    renderSettingsPage(<Amount />);
    expect(screen.getByTestId('amount')).toHaveTextContent('€1,500.00');
  });

  it('saves a language picked in the header menu as the preference', async () => {
    const api = settingsApi();
    const user = userEvent.setup();
    renderSettingsPage(<LanguageMenu />);
    await waitFor(() => expect(api.callsTo('GET', '/settings')).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Français' }));
    await waitFor(() => expect(i18n.language).toBe('fr'));
    await waitFor(() =>
      expect(api.patches().map((call) => call.body)).toEqual([{ preferences: { language: 'fr' } }]),
    );
  });
});
