import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsKeys } from '@/web/lib/settings';
import { renderSettingsPage, resetApplied, settingsApi, testSettings } from '../test/fixtures';
import { NotificationsSettingsPage } from './notifications-settings-page';

afterEach(resetApplied);

function setup(...args: Parameters<typeof settingsApi>) {
  const api = settingsApi(...args);
  const user = userEvent.setup();
  const view = renderSettingsPage(<NotificationsSettingsPage />, '/settings/notifications');
  return { api, user, ...view };
}

describe('NotificationsSettingsPage', () => {
  it('shows every setting with its default, and what is sent today', async () => {
    setup();
    expect(await screen.findByRole('switch', { name: /^Security/ })).toBeChecked();
    for (const name of [/^Transactions/, /^Goals/, /^Insights/, /^Push notifications/]) {
      expect(screen.getByRole('switch', { name })).toBeChecked();
    }
    expect(screen.getByRole('switch', { name: /^Email me about new sign-ins/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Quiet hours/ })).not.toBeChecked();
    expect(screen.getByLabelText('Frequency')).toHaveDisplayValue('Instant');
    expect(screen.getByLabelText('From')).toHaveValue('22:00');
    expect(screen.getByLabelText('From')).toBeDisabled();
    expect(screen.getByLabelText('To')).toHaveValue('08:00');
    expect(screen.getByLabelText('To')).toBeDisabled();
    expect(screen.getAllByText('Sent today')).toHaveLength(2);
    expect(screen.getAllByText('Not sent yet')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('saves only the changed fields, quiet hours included', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('switch', { name: /^Goals/ }));
    await user.selectOptions(screen.getByLabelText('Frequency'), 'weekly');
    await user.click(screen.getByRole('switch', { name: /^Quiet hours/ }));
    const start = screen.getByLabelText('From');
    expect(start).toBeEnabled();
    fireEvent.change(start, { target: { value: '23:30' } });
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.patches().map((call) => call.body)).toEqual([
      {
        notifications: {
          emailGoals: false,
          emailFrequency: 'weekly',
          quietHoursEnabled: true,
          quietHoursStart: '23:30',
        },
      },
    ]);
  });

  it('refuses a time that is not HH:MM', async () => {
    const { api, user } = setup(
      testSettings({
        notifications: { ...testSettings().notifications, quietHoursEnabled: true },
      }),
    );
    fireEvent.change(await screen.findByLabelText('To'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Time must be in HH:MM format')).toBeInTheDocument();
    expect(api.patches()).toHaveLength(0);
  });

  it('refreshes the security page’s copy of the sign-in alerts setting', async () => {
    const { api, user, queryClient } = setup(testSettings(), {
      routes: { 'GET /auth/security-settings': { body: { loginNotifications: true } } },
    });
    queryClient.setQueryData(['security', 'settings'], { loginNotifications: true });
    await user.click(await screen.findByRole('switch', { name: /^Email me about new sign-ins/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.patches()[0]?.body).toEqual({ notifications: { loginNotifications: false } }),
    );
    await waitFor(() =>
      expect(queryClient.getQueryState(['security', 'settings'])?.isInvalidated).toBe(true),
    );
  });

  it('rolls back and says so when saving fails', async () => {
    const { user, queryClient } = setup(testSettings(), {
      fail: { status: 400, code: 'VALIDATION_ERROR' },
    });
    await user.click(await screen.findByRole('switch', { name: /^Insights/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to save notification settings')).toBeInTheDocument();
    expect(
      queryClient.getQueryData<{ settings: { notifications: { emailInsights: boolean } } }>(
        settingsKeys.me(),
      )?.settings.notifications.emailInsights,
    ).toBe(true);
  });
});
