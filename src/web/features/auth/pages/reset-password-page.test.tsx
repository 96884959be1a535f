import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { apiError, mockApi, testSession, testUser } from '@/web/test/mock-api';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const route = '/auth/reset-password?token=abc123';

describe('ResetPasswordPage', () => {
  it('shows a skeleton while the link is checked', async () => {
    mockApi({ 'POST /auth/password/reset/verify': () => new Promise(() => undefined) });
    renderWithProviders(<ResetPasswordPage />, { route });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your recovery link…');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it.each([
    ['RECOVERY_LINK_INVALID', 'Invalid recovery link'],
    ['RECOVERY_LINK_EXPIRED', 'This recovery link has expired. Please request a new one.'],
    ['RECOVERY_LINK_USED', 'This recovery link has already been used. Please request a new one.'],
  ])('explains %s and links to a new request', async (code, message) => {
    const api = mockApi({ 'POST /auth/password/reset/verify': apiError(400, code) });
    renderWithProviders(<ResetPasswordPage />, { route });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(api.callsTo('POST', '/auth/password/reset/verify')[0]?.body).toEqual({
      token: 'abc123',
    });
  });

  it('treats a missing token as an invalid link without calling the API', async () => {
    const api = mockApi({});
    renderWithProviders(<ResetPasswordPage />, { route: '/auth/reset-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid recovery link');
    expect(api.calls).toHaveLength(0);
  });

  it('takes the token out of the address bar at once, and still uses it', async () => {
    const api = mockApi({
      'POST /auth/password/reset/verify': { body: { ok: true } },
      'POST /auth/password/reset': { body: { user: testUser, aal: 'aal1', mfaRequired: false } },
      'GET /auth/session': { body: testSession() },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ResetPasswordPage />, {
      route: '/auth/reset-password?token=abc123&lang=fr',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?lang=fr'));
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    // Replaced, not pushed: Back does not bring the token back.
    expect(router.state.historyAction).toBe('REPLACE');
    await user.type(await screen.findByLabelText('New password'), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(api.callsTo('POST', '/auth/password/reset')).toHaveLength(1));
    expect(api.callsTo('POST', '/auth/password/reset/verify')[0]?.body).toEqual({
      token: 'abc123',
    });
    expect(api.callsTo('POST', '/auth/password/reset')[0]?.body).toEqual({
      token: 'abc123',
      password: 'Analytical1',
    });
  });

  it('sets the new password, signs in and opens the dashboard', async () => {
    const api = mockApi({
      'POST /auth/password/reset/verify': { body: { ok: true } },
      'POST /auth/password/reset': {
        body: { user: testUser, aal: 'aal1', mfaRequired: false },
      },
      'GET /auth/session': { body: testSession() },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ResetPasswordPage />, { route });

    const password = await screen.findByLabelText('New password');
    await user.type(password, 'Analytical1');
    expect(screen.getByText('Password strength: medium')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical9');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST', '/auth/password/reset')[0]?.body).toEqual({
      token: 'abc123',
      password: 'Analytical1',
    });
    expect(api.callsTo('GET', '/auth/session')).toHaveLength(1);
  });

  it('shows the link error when the link expires before the form is sent', async () => {
    mockApi({
      'POST /auth/password/reset/verify': { body: { ok: true } },
      'POST /auth/password/reset': apiError(400, 'RECOVERY_LINK_EXPIRED'),
    });
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { route });
    await user.type(await screen.findByLabelText('New password'), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This recovery link has expired. Please request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});
