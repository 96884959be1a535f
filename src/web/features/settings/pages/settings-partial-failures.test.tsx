import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/web/lib/api-client';
import { settingsRetry } from '@/web/lib/settings';
import { apiError } from '@/web/test/mock-api';
import { renderSettingsPage, resetApplied, settingsApi, testSettings } from '../test/fixtures';
import { NotificationsSettingsPage } from './notifications-settings-page';
import { PrivacySettingsPage } from './privacy-settings-page';

afterEach(async () => {
  vi.useRealTimers();
  await resetApplied();
});

/** GET /settings fails `failures` times with `status`, then answers the settings. */
function failingSettings(status: number, failures = Infinity) {
  let calls = 0;
  return settingsApi(testSettings(), {
    routes: {
      'GET /settings': () => {
        calls += 1;
        return calls <= failures
          ? apiError(status, status === 401 ? 'UNAUTHENTICATED' : 'UNKNOWN_ERROR')
          : { body: { settings: testSettings() } };
      },
    },
  });
}

describe('the settings query’s retries (spec 001, section 8)', () => {
  it('tries up to 3 times on a server or network failure, never again on a 4xx', () => {
    const serverError = new ApiError(500, 'UNKNOWN_ERROR', 'boom');
    const offline = new ApiError(0, 'NETWORK_ERROR', 'offline');
    expect([0, 1, 2].map((count) => settingsRetry(count, serverError))).toEqual([
      true,
      true,
      false,
    ]);
    expect(settingsRetry(0, offline)).toBe(true);
    for (const status of [400, 401, 403, 404, 406]) {
      expect(settingsRetry(0, new ApiError(status, 'HTTP_ERROR', 'no'))).toBe(false);
    }
  });

  it.each([401, 406])(
    'reads a %i as "no settings": asked once, no retry button',
    async (status) => {
      const api = failingSettings(status);
      renderSettingsPage(<NotificationsSettingsPage />, '/settings/notifications');
      expect(
        await screen.findByText(
          'Your settings are not available in this session. Sign in again to see them.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByText('Your settings could not be loaded.')).not.toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(api.callsTo('GET', '/settings')).toHaveLength(1);
    },
  );

  it('shows the failure with a retry after the third failed try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = failingSettings(500);
    renderSettingsPage(<NotificationsSettingsPage />, '/settings/notifications');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText('Your settings could not be loaded.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/settings')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('a part that fails', () => {
  it('on the privacy page: the sign-in alerts show the error and retry, the rest of the page stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = failingSettings(500, 3);
    renderSettingsPage(<PrivacySettingsPage />, '/settings/privacy');
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    const access = screen.getByRole('region', { name: 'Who can see what' });
    expect(within(access).getByText('Your settings could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What Cairn keeps' })).toBeInTheDocument();
    expect(within(access).getByRole('link', { name: 'Manage portfolios' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    vi.useRealTimers();
    await userEvent.click(within(access).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: /new sign-in/i })).toBeChecked();
    expect(api.callsTo('GET', '/settings')).toHaveLength(4);
  });
});
