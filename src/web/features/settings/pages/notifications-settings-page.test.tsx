import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const security = await screen.findByRole('switch', { name: /^Security/ });
    // Security emails are always sent: shown on, not a choice.
    expect(security).toBeChecked();
    expect(security).toBeDisabled();
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
    // Every line is sent today, goals included: none says otherwise.
    expect(screen.queryByText('Not sent yet')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Goals/ })).toHaveAccessibleDescription(
      'Progress, milestones and goals reached.',
    );
    // jsdom has no Push API: the page says so.
    expect(
      await screen.findByText(/This browser cannot receive push notifications/),
    ).toBeInTheDocument();
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

const VAPID_KEY = `B${'A'.repeat(86)}`;

/** A browser with the Push API: a service worker whose push manager the test controls. */
function fakeBrowserPush(permission: NotificationPermission) {
  let current: PushSubscription | null = null;
  const endpoint = 'https://push.example.com/send/browser-1';
  const subscription = {
    endpoint,
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      subscription.options.applicationServerKey = options.applicationServerKey.slice().buffer;
      current = subscription as unknown as PushSubscription;
      return current;
    }),
  };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  return { pushManager, requestPermission, subscription, endpoint };
}

describe('the push switch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  const routes = {
    'GET /push/vapid-public-key': { body: { publicKey: VAPID_KEY } },
    'POST /push/subscriptions': {
      body: {
        subscription: {
          id: '33333333-3333-4333-8333-333333333333',
          endpoint: 'https://push.example.com/send/browser-1',
          createdAt: '2026-11-27T10:00:00.000Z',
        },
      },
    },
    'DELETE /push/subscriptions': { status: 204 },
  };

  it('asks permission, subscribes with the server key and registers this browser', async () => {
    const browser = fakeBrowserPush('granted');
    const { api, user } = setup(
      testSettings({ notifications: { ...testSettings().notifications, pushEnabled: false } }),
      { routes },
    );
    expect(await screen.findByText('Push is off for your account.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /^Push notifications/ }));
    expect(
      await screen.findByText('This browser receives push notifications.'),
    ).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.pushManager.subscribe.mock.calls[0] ?? [];
    expect(options?.applicationServerKey).toHaveLength(65);
    expect(api.callsTo('POST', '/push/subscriptions')[0]?.body).toEqual(
      browser.subscription.toJSON(),
    );
    expect(screen.getByRole('switch', { name: /^Push notifications/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.patches()[0]?.body).toEqual({ notifications: { pushEnabled: true } }),
    );

    // Off: this browser unsubscribes and is forgotten by the server.
    await user.click(screen.getByRole('switch', { name: /^Push notifications/ }));
    await waitFor(() => expect(browser.subscription.unsubscribe).toHaveBeenCalled());
    expect(api.callsTo('DELETE', '/push/subscriptions')[0]?.body).toEqual({
      endpoint: browser.endpoint,
    });
    expect(screen.getByRole('switch', { name: /^Push notifications/ })).not.toBeChecked();
  });

  it('says so when the browser refuses, and stays off', async () => {
    const browser = fakeBrowserPush('denied');
    const { api, user } = setup(
      testSettings({ notifications: { ...testSettings().notifications, pushEnabled: false } }),
      { routes },
    );
    await user.click(await screen.findByRole('switch', { name: /^Push notifications/ }));
    expect(
      await screen.findByText(/Notifications are blocked for Cairn in this browser/),
    ).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/push/subscriptions')).toHaveLength(0);
    expect(screen.getByRole('switch', { name: /^Push notifications/ })).not.toBeChecked();
  });

  it('offers to turn push on in this browser when the account has it on', async () => {
    fakeBrowserPush('granted');
    const { api, user } = setup(testSettings(), { routes });
    expect(await screen.findByText('This browser does not receive them yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on in this browser' }));
    expect(
      await screen.findByText('This browser receives push notifications.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/push/subscriptions')).toHaveLength(1);
  });

  it('says so when the browser’s push service refuses', async () => {
    const browser = fakeBrowserPush('granted');
    browser.pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service not available', 'AbortError'),
    );
    const { api, user } = setup(
      testSettings({ notifications: { ...testSettings().notifications, pushEnabled: false } }),
      { routes },
    );
    await user.click(await screen.findByRole('switch', { name: /^Push notifications/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Push could not be turned on in this browser. The browser’s push service refused the subscription',
    );
    expect(api.callsTo('POST', '/push/subscriptions')).toHaveLength(0);
    expect(screen.getByRole('switch', { name: /^Push notifications/ })).not.toBeChecked();
  });

  it('shows the server’s refusal in words', async () => {
    fakeBrowserPush('granted');
    const { user } = setup(
      testSettings({ notifications: { ...testSettings().notifications, pushEnabled: false } }),
      {
        routes: {
          ...routes,
          'POST /push/subscriptions': {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_ERROR',
                message: 'endpoint: The push endpoint must be an https address',
                details: {
                  issues: [
                    { path: 'endpoint', message: 'The push endpoint must be an https address' },
                  ],
                },
              },
            },
          },
        },
      },
    );
    await user.click(await screen.findByRole('switch', { name: /^Push notifications/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Push could not be turned on in this browser. The push endpoint must be an https address',
    );
    expect(screen.getByRole('switch', { name: /^Push notifications/ })).not.toBeChecked();
  });
});
