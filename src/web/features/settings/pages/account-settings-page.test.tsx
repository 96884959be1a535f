import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsKeys } from '@/web/lib/settings';
import { renderSettingsPage, resetApplied, settingsApi, testSettings } from '../test/fixtures';
import { AccountSettingsPage } from './account-settings-page';

afterEach(resetApplied);

function setup(...args: Parameters<typeof settingsApi>) {
  const api = settingsApi(...args);
  const user = userEvent.setup();
  const view = renderSettingsPage(<AccountSettingsPage />);
  return { api, user, ...view };
}

describe('AccountSettingsPage', () => {
  it('shows the saved account with its defaults, and a link to change the photo', async () => {
    setup();
    const name = await screen.findByLabelText('Display name');
    expect(name).toHaveValue('');
    expect(
      screen.getByText('Shown in the header and menus. Leave empty to use “Ada Lovelace”.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveValue('');
    expect(screen.getByText('0 / 500')).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Add a photo' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(document.title).toBe('Account · Settings · Cairn');
  });

  it('saves only the fields that changed, then says so', async () => {
    const { api, user, queryClient } = setup(
      testSettings({
        account: { displayName: null, bio: 'Old bio', avatarUrl: null, timezone: 'Europe/Paris' },
      }),
    );
    await user.type(await screen.findByLabelText('Display name'), 'Ada L.');
    expect(screen.getByText('7 / 500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(api.patches()).toHaveLength(1);
    expect(api.patches()[0]?.body).toEqual({ account: { displayName: 'Ada L.' } });
    expect(
      queryClient.getQueryData<{ settings: { account: { displayName: string } } }>(
        settingsKeys.me(),
      )?.settings.account.displayName,
    ).toBe('Ada L.');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled(),
    );
  });

  it('counts the bio and refuses more than 500 characters, and unknown time zones', async () => {
    const { api, user } = setup();
    const bio = await screen.findByLabelText('Bio');
    await user.click(bio);
    await user.paste('x'.repeat(501));
    expect(screen.getByText('501 / 500')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Bio must be less than 500 characters')).toBeInTheDocument();
    expect(screen.getByText('Choose a time zone from the list')).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveAttribute('aria-invalid', 'true');
    expect(api.patches()).toHaveLength(0);
  });

  it('accepts a zone from the list and offers this device’s zone', async () => {
    const { api, user } = setup();
    const zone = await screen.findByLabelText('Time zone');
    await user.type(zone, 'America/New_York');
    expect(screen.getByText(/It is .+ there now\./)).toBeInTheDocument();
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await user.click(
      screen.getByRole('button', { name: `Use this device’s time zone (${device})` }),
    );
    expect(zone).toHaveValue(device);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0]?.body).toEqual({ account: { timezone: device } });
  });

  it('says when saving failed and rolls the cache back', async () => {
    const { user, queryClient } = setup(testSettings(), {
      fail: { status: 400, code: 'VALIDATION_ERROR' },
    });
    await user.type(await screen.findByLabelText('Display name'), 'Countess');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update settings')).toBeInTheDocument();
    expect(
      queryClient.getQueryData<{ settings: { account: { displayName: string | null } } }>(
        settingsKeys.me(),
      )?.settings.account.displayName,
    ).toBeNull();
    expect(screen.getByLabelText('Display name')).toHaveValue('Countess');
  });
});
