import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceSession } from '@/contracts/auth';
import { renderWithProviders } from '@/web/test/render';
import { sessionKeys } from '@/web/lib/session';
import { apiError, mockApi, testFactor, testSession } from '@/web/test/mock-api';
import { SecuritySettingsPage } from './security-settings-page';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const phone = testFactor();
const enrolled = {
  id: '66666666-6666-4666-8666-666666666666',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Cairn:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Cairn',
};
const challengeId = '77777777-7777-4777-8777-777777777777';

function deviceSession(overrides: Partial<DeviceSession>): DeviceSession {
  return {
    id: '88888888-8888-4888-8888-888888888888',
    current: false,
    browser: 'Firefox',
    os: 'Windows',
    device: 'desktop',
    ip: '203.0.113.9',
    createdAt: '2026-03-01T09:00:00Z',
    lastSeenAt: '2026-03-10T09:00:00Z',
    expiresAt: '2026-04-01T09:00:00Z',
    remember: true,
    ...overrides,
  };
}

const thisDevice = deviceSession({
  id: '99999999-9999-4999-8999-999999999999',
  current: true,
  browser: 'Chrome',
  os: 'macOS',
  ip: '198.51.100.4',
  lastSeenAt: '2026-03-10T11:59:00Z',
});
const otherDevice = deviceSession({});

type Routes = Parameters<typeof mockApi>[0];

function setup(routes: Routes = {}) {
  const api = mockApi({
    'GET /auth/mfa/factors': { body: { factors: [phone] } },
    'GET /auth/sessions': { body: { sessions: [otherDevice, thisDevice] } },
    'GET /auth/security-settings': { body: { loginNotifications: true } },
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderWithProviders(
    <>
      <SecuritySettingsPage />
      <Toaster />
    </>,
    { route: '/settings/security' },
  );
  return { api, user, ...view };
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('SecuritySettingsPage', () => {
  it('shows a failed section’s error and retry in that section only; the others work', async () => {
    let sessionsCalls = 0;
    const { user } = setup({
      'GET /auth/sessions': () => {
        sessionsCalls += 1;
        return sessionsCalls === 1
          ? apiError(503, 'SERVICE_UNAVAILABLE')
          : { body: { sessions: [thisDevice] } };
      },
    });
    const sessions = section('Active sessions');
    expect(await within(sessions).findByText('This section could not load.')).toBeInTheDocument();
    expect(
      await within(section('Two-factor authentication')).findByText(phone.friendlyName!),
    ).toBeInTheDocument();
    expect(
      within(section('Two-factor authentication')).queryByRole('alert'),
    ).not.toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: /sign-in/i })).toBeChecked();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    await user.click(within(sessions).getByRole('button', { name: 'Retry' }));
    expect(
      await within(sessions).findByRole('list', { name: 'Signed-in devices' }),
    ).toBeInTheDocument();
    expect(within(sessions).queryByText('This section could not load.')).not.toBeInTheDocument();
  });

  it('lists the authenticators with status and date, and sets the title', async () => {
    setup();
    const twoFactor = section('Two-factor authentication');
    expect(await within(twoFactor).findByText('Phone')).toBeInTheDocument();
    expect(within(twoFactor).getByText('Verified')).toBeInTheDocument();
    expect(within(twoFactor).getByText('Added Jan 3, 2026')).toBeInTheDocument();
    expect(within(twoFactor).getByText('On')).toBeInTheDocument();
    expect(document.title).toBe('Security · Cairn');
  });

  it('adds an authenticator: QR code, grouped key, then the first code', async () => {
    let factors = [] as (typeof phone)[];
    const { api, user, queryClient } = setup({
      'GET /auth/mfa/factors': () => ({ body: { factors } }),
      'POST /auth/mfa/factors': { status: 201, body: enrolled },
      [`POST /auth/mfa/factors/${enrolled.id}/challenge`]: {
        status: 201,
        body: { challengeId, expiresAt: '2026-03-10T12:05:00Z' },
      },
      'POST /auth/mfa/verify': () => {
        factors = [testFactor({ id: enrolled.id, friendlyName: 'Work phone' })];
        return { body: testSession({ aal: 'aal2' }) };
      },
    });
    const twoFactor = section('Two-factor authentication');
    expect(await within(twoFactor).findByText(/No authenticator yet/)).toBeInTheDocument();

    await user.click(within(twoFactor).getByRole('button', { name: 'Add authenticator' }));
    await user.type(within(twoFactor).getByLabelText('Name'), 'Work phone');
    await user.click(within(twoFactor).getByRole('button', { name: 'Continue' }));

    const qr = await within(twoFactor).findByRole('img', {
      name: 'QR code to add Cairn to your authenticator app',
    });
    expect(qr).toHaveAttribute('src', enrolled.qrCode);
    expect(within(twoFactor).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/factors')[0]?.body).toEqual({
      friendlyName: 'Work phone',
    });

    await user.click(within(twoFactor).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(enrolled.secret);
    expect(await screen.findByText('Key copied')).toBeInTheDocument();

    await user.type(within(twoFactor).getByLabelText('Code from the app'), '123456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Verify and add' }));

    expect(await screen.findByText('Authenticator added')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/verify')[0]?.body).toEqual({
      factorId: enrolled.id,
      challengeId,
      code: '123456',
    });
    expect(await within(twoFactor).findByText('Work phone')).toBeInTheDocument();
    expect(within(twoFactor).queryByRole('img')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(sessionKeys.all)).toEqual(testSession({ aal: 'aal2' }));
  });

  it('explains why adding is refused at aal1', async () => {
    const { user } = setup({
      'POST /auth/mfa/factors': apiError(422, 'AAL2_REQUIRED', { action: 'enroll' }),
    });
    const twoFactor = section('Two-factor authentication');
    await user.click(await within(twoFactor).findByRole('button', { name: 'Add authenticator' }));
    await user.click(within(twoFactor).getByRole('button', { name: 'Continue' }));
    expect(await within(twoFactor).findByRole('alert')).toHaveTextContent(
      'MFA enrollment requires AAL2. Please verify your identity using existing MFA first.',
    );
  });

  it('confirms before removing, and shows LAST_VERIFIED_FACTOR above the list', async () => {
    const { api, user } = setup({
      [`DELETE /auth/mfa/factors/${phone.id}`]: apiError(422, 'LAST_VERIFIED_FACTOR'),
    });
    const twoFactor = section('Two-factor authentication');
    await user.click(await within(twoFactor).findByRole('button', { name: 'Remove Phone' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove “Phone”?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove authenticator' }));

    expect(await within(twoFactor).findByRole('alert')).toHaveTextContent(
      'You must have at least one verified authenticator. Add another before removing this one.',
    );
    expect(api.callsTo('DELETE', `/auth/mfa/factors/${phone.id}`)).toHaveLength(1);
  });

  it('asks to verify with the authenticator app first when removing one needs the second step', async () => {
    const { user } = setup({
      [`DELETE /auth/mfa/factors/${phone.id}`]: apiError(422, 'AAL2_REQUIRED', {
        action: 'delete',
      }),
    });
    const twoFactor = section('Two-factor authentication');
    await user.click(await within(twoFactor).findByRole('button', { name: 'Remove Phone' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove authenticator' }),
    );
    expect(await within(twoFactor).findByRole('alert')).toHaveTextContent(
      'Unable to delete MFA factor. Please verify with your authenticator app first, then try again.',
    );
  });

  it('says the authenticator could not be removed when the server fails for no stated reason', async () => {
    const { user } = setup({
      [`DELETE /auth/mfa/factors/${phone.id}`]: apiError(500, 'UNKNOWN_ERROR'),
    });
    const twoFactor = section('Two-factor authentication');
    await user.click(await within(twoFactor).findByRole('button', { name: 'Remove Phone' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove authenticator' }),
    );
    expect(await within(twoFactor).findByRole('alert')).toHaveTextContent(
      'Failed to delete authenticator',
    );
  });

  it('shows OPERATION_IN_PROGRESS when removing all', async () => {
    const { user } = setup({
      'DELETE /auth/mfa/factors': apiError(429, 'OPERATION_IN_PROGRESS', { operation: 'clear' }),
    });
    const twoFactor = section('Two-factor authentication');
    await user.click(
      await within(twoFactor).findByRole('button', { name: 'Remove all authenticators' }),
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove all' }),
    );
    expect(await within(twoFactor).findByRole('alert')).toHaveTextContent(
      'Clear operation already in progress',
    );
  });

  it('lists sessions, marks this device, and signs another out after confirmation', async () => {
    const { api, user } = setup({
      [`DELETE /auth/sessions/${otherDevice.id}`]: { body: { ok: true } },
    });
    const sessions = section('Active sessions');
    const rows = await within(sessions).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Firefox on Windows');
    expect(rows[1]).toHaveTextContent('IP 203.0.113.9 · Last active 3 hours ago');
    expect(rows[1]).not.toHaveTextContent('This device');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Sign out Firefox on Windows' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out device' }),
    );
    expect(await screen.findByText('Device signed out')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/auth/sessions/${otherDevice.id}`)).toHaveLength(1);
  });

  it('changes the password', async () => {
    let attempts = 0;
    const { api, user } = setup({
      'POST /auth/password/change': () =>
        attempts++ === 0 ? apiError(400, 'INVALID_CREDENTIALS') : { body: { ok: true } },
    });
    const password = section('Password');
    await user.type(within(password).getByLabelText('Current password'), 'old-secret');
    await user.type(within(password).getByLabelText('New password'), 'Analytical1');
    expect(within(password).getByText('Password strength: medium')).toBeInTheDocument();
    await user.type(within(password).getByLabelText('Confirm new password'), 'Analytical2');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(within(password).getByLabelText('Confirm new password'));
    await user.type(within(password).getByLabelText('Confirm new password'), 'Analytical1');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByRole('alert')).toHaveTextContent(
      'Please check your credentials and try again.',
    );
    expect(within(password).getByLabelText('Current password')).toHaveFocus();

    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/password/change')[1]?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'Analytical1',
    });
    await waitFor(() =>
      expect(within(password).getByLabelText('Current password')).toHaveValue(''),
    );
  });

  it('turns sign-in alerts off', async () => {
    const { api, user } = setup({
      'PATCH /auth/security-settings': { body: { loginNotifications: false } },
    });
    const toggle = await screen.findByRole('switch', { name: 'Email me about new sign-ins' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/auth/security-settings')[0]?.body).toEqual({
        loginNotifications: false,
      }),
    );
  });

  it('renders in French', async () => {
    await i18n.changeLanguage('fr');
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Sécurité' })).toBeInTheDocument();
    expect(section('Double authentification')).toBeInTheDocument();
    expect(await screen.findByText('Cet appareil')).toBeInTheDocument();
    expect(screen.getByText('Ajoutée le 3 janv. 2026')).toBeInTheDocument();
    expect(document.title).toBe('Sécurité · Cairn');
  });
});
