import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureError, readErrors } from '@/web/lib/error-capture';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { type SessionResponse, sessionKeys } from '@/web/lib/session';
import {
  apiError,
  mockApi,
  testFactor,
  testPendingSession,
  testSession,
} from '@/web/test/mock-api';
import { MfaGate } from './mfa-gate';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const factor = testFactor();
const pending = testPendingSession([factor]);
const verified = testSession({ aal: 'aal2' });
const challengePath = `/auth/mfa/factors/${factor.id}/challenge`;
const challengeIds = [
  '33333333-3333-4333-8333-333333333331',
  '33333333-3333-4333-8333-333333333332',
];

function renderGate(session: SessionResponse = pending) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, session);
  return renderWithProviders(
    <MfaGate>
      <p>Dashboard content</p>
    </MfaGate>,
    { route: '/dashboard', queryClient },
  );
}

/** Answers each challenge request with the next id. */
function challenges() {
  let count = 0;
  return () => ({
    status: 201,
    body: {
      challengeId: challengeIds[Math.min(count++, challengeIds.length - 1)],
      expiresAt: '2030-01-01T00:00:00.000Z',
    },
  });
}

describe('MfaGate', () => {
  it('shows its children when no second step is pending', () => {
    mockApi({});
    renderGate(testSession());
    expect(screen.getByText('Dashboard content')).toBeInTheDocument();
  });

  it('asks for the authenticator code and explains a wrong one', async () => {
    const api = mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/mfa/verify': apiError(400, 'INVALID_CODE'),
    });
    const user = userEvent.setup();
    renderGate();
    expect(screen.queryByText('Dashboard content')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());

    await user.type(code, '12a3456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(api.callsTo('POST', '/auth/mfa/verify')[0]?.body).toEqual({
      factorId: factor.id,
      challengeId: challengeIds[0],
      code: '123456',
    });
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
  });

  it('sends six digits typed before the challenge arrived as soon as it is there', async () => {
    let answerChallenge: () => void = () => {};
    const challengeArrives = new Promise<void>((resolve) => {
      answerChallenge = resolve;
    });
    const next = challenges();
    const api = mockApi({
      [`POST ${challengePath}`]: async () => {
        await challengeArrives;
        return next();
      },
      'POST /auth/mfa/verify': { body: { ok: true, aal: 'aal2' } },
      'GET /auth/session': { body: verified },
    });
    const user = userEvent.setup();
    renderGate();
    const code = screen.getByLabelText('Verification code');
    expect(screen.getByRole('button', { name: 'Preparing verification…' })).toBeDisabled();
    await user.type(code, '654321');
    expect(api.callsTo('POST', '/auth/mfa/verify')).toHaveLength(0);

    await act(async () => answerChallenge());
    await waitFor(() =>
      expect(api.callsTo('POST', '/auth/mfa/verify')[0]?.body).toEqual({
        factorId: factor.id,
        challengeId: challengeIds[0],
        code: '654321',
      }),
    );
    expect(api.callsTo('POST', '/auth/mfa/verify')).toHaveLength(1);
  });

  it('says two-factor authentication failed when the server fails for no stated reason', async () => {
    mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/mfa/verify': apiError(500, 'UNKNOWN_ERROR'),
    });
    const user = userEvent.setup();
    renderGate();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    await user.type(screen.getByLabelText('Verification code'), '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Two-factor authentication failed');
  });

  it('says the email code could not be sent when sending fails for no stated reason', async () => {
    mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/otp/send': apiError(503, 'SERVICE_UNAVAILABLE'),
    });
    const user = userEvent.setup();
    renderGate();
    await user.click(screen.getByRole('button', { name: 'Use an email code instead' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send verification code');
  });

  it('checks the code format before sending it', async () => {
    const api = mockApi({ [`POST ${challengePath}`]: challenges() });
    const user = userEvent.setup();
    renderGate();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    await user.type(screen.getByLabelText('Verification code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Code must be 6 digits')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/verify')).toHaveLength(0);
  });

  it('refreshes an expired challenge, then verifies and lets the user in', async () => {
    let verifyCount = 0;
    const api = mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/mfa/verify': () =>
        verifyCount++ === 0 ? apiError(400, 'CHALLENGE_EXPIRED') : { body: verified },
    });
    const user = userEvent.setup();
    const { queryClient } = renderGate();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    await user.type(screen.getByLabelText('Verification code'), '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This challenge has expired. Please refresh the page and try again.',
    );

    await user.click(screen.getByRole('button', { name: 'Get a new challenge' }));
    await waitFor(() => expect(api.callsTo('POST', challengePath)).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());

    await user.type(screen.getByLabelText('Verification code'), '222222');
    expect(await screen.findByText('Dashboard content')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/verify')[1]?.body).toMatchObject({
      challengeId: challengeIds[1],
      code: '222222',
    });
    expect(queryClient.getQueryData(sessionKeys.all)).toEqual(verified);
  });

  it('lets the user pick one of several authenticators', async () => {
    const second = testFactor({
      id: '44444444-4444-4444-8444-444444444444',
      friendlyName: 'Tablet',
    });
    const api = mockApi({
      [`POST ${challengePath}`]: challenges(),
      [`POST /auth/mfa/factors/${second.id}/challenge`]: challenges(),
    });
    const user = userEvent.setup();
    renderGate(
      testPendingSession([
        factor,
        second,
        testFactor({
          id: '55555555-5555-4555-8555-555555555555',
          friendlyName: 'Old',
          status: 'unverified',
        }),
      ]),
    );
    const group = screen.getByRole('group', { name: 'Authenticator' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Old' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Tablet' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/auth/mfa/factors/${second.id}/challenge`)).toHaveLength(1),
    );
  });

  it('recovers with an email code, with a countdown before resending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/otp/send': { body: { ok: true, resendAfterSeconds: 60 } },
      'POST /auth/otp/verify': {
        body: testSession({ aal: 'aal2', mfa: { pending: false, bypass: true } }),
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderGate();

    await user.click(screen.getByRole('button', { name: 'Use an email code instead' }));
    // The session does not expose the email: the user types it (spec: enter email, send code).
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
    const address = screen.getByLabelText('Email');
    expect(address).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/otp/send')).toHaveLength(0);
    await user.type(address, ' Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText('Code sent to ada@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/otp/send')[0]?.body).toEqual({ email: 'ada@example.com' });
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeDisabled();
    expect(screen.getByText('You can ask for a new code in 60 seconds')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(screen.getByText('You can ask for a new code in 1 second')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByText(/You can ask for a new code/)).not.toBeInTheDocument();
    expect(resend).toBeEnabled();

    await user.type(screen.getByLabelText('Code from the email'), '654321');
    expect(await screen.findByText('Dashboard content')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/otp/verify')[0]?.body).toEqual({
      email: 'ada@example.com',
      code: '654321',
    });
  });

  it('says so when the typed email is not the account’s, and stays on the email', async () => {
    mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/otp/send': apiError(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'email', message: 'Enter the email address of this account' }],
      }),
    });
    const user = userEvent.setup();
    renderGate();
    await user.click(screen.getByRole('button', { name: 'Use an email code instead' }));
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the email address of this account',
    );
    expect(screen.queryByLabelText('Code from the email')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('says when email recovery comes back after a password reset', async () => {
    mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/otp/send': apiError(403, 'RECOVERY_LOCKED', {
        availableAt: '2030-03-09T10:00:00.000Z',
      }),
    });
    const user = userEvent.setup();
    renderGate();
    await user.click(screen.getByRole('button', { name: 'Use an email code instead' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^You reset your password recently\. For your safety, email recovery is available again on March 9, 2030 at \d{1,2}:\d{2}\s?[AP]M\. Use your authenticator app\.$/,
    );
    expect(screen.getByRole('button', { name: 'Use my authenticator app instead' })).toBeVisible();
  });

  it('shows an expired email code', async () => {
    mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/otp/send': { body: { ok: true, resendAfterSeconds: 60 } },
      'POST /auth/otp/verify': apiError(400, 'CODE_EXPIRED'),
    });
    const user = userEvent.setup();
    renderGate();
    await user.click(screen.getByRole('button', { name: 'Use an email code instead' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Code from the email'), '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired. Please request a new one.',
    );
  });

  it('after 5 wrong codes offers a new challenge, and says how long a locked authenticator waits', async () => {
    let verifyCount = 0;
    const api = mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/mfa/verify': () =>
        verifyCount++ === 0
          ? apiError(429, 'RATE_LIMITED', { retryAfterSeconds: 900 })
          : apiError(400, 'CHALLENGE_EXPIRED'),
    });
    const user = userEvent.setup();
    renderGate();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    await user.type(screen.getByLabelText('Verification code'), '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 15 minutes.',
    );
    // The challenge is spent: a new one is offered (the server answers CHALLENGE_EXPIRED for it).
    await user.type(screen.getByLabelText('Verification code'), '222222');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This challenge has expired. Please refresh the page and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Get a new challenge' }));
    await waitFor(() => expect(api.callsTo('POST', challengePath)).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('never shows who is signing in: the pending session has no user', () => {
    mockApi({ [`POST ${challengePath}`]: challenges() });
    renderGate();
    expect(screen.queryByText(/ada@example\.com|Ada Lovelace/)).not.toBeInTheDocument();
  });

  it('cancel signs out, clears the cache and the local error log, and goes to the sign-in page', async () => {
    const api = mockApi({
      [`POST ${challengePath}`]: challenges(),
      'POST /auth/logout': { body: { ok: true } },
    });
    window.localStorage.setItem('cairn.signedIn', '1');
    captureError(new Error('failed to load /portfolio/42'));
    expect(readErrors()).toHaveLength(1);
    const user = userEvent.setup();
    const { router, queryClient } = renderGate();
    await user.click(screen.getByRole('button', { name: 'Cancel and sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(sessionKeys.all)).toBeUndefined();
    expect(window.localStorage.getItem('cairn.signedIn')).toBeNull();
    expect(readErrors()).toEqual([]);
  });
});
