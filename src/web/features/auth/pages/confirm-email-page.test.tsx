import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { apiError, mockApi, testSession } from '@/web/test/mock-api';
import { ConfirmEmailPage } from './confirm-email-page';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ConfirmEmailPage', () => {
  it('confirms the address and links to the dashboard', async () => {
    const api = mockApi({
      'POST /auth/email/confirm': { body: { ok: true } },
      'GET /auth/session': { status: 401, body: { error: { code: 'UNAUTHENTICATED' } } },
    });
    renderWithProviders(<ConfirmEmailPage />, { route: '/auth/confirm-email?token=t1' });
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your email address…');
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(api.callsTo('POST', '/auth/email/confirm')[0]?.body).toEqual({ token: 't1' });
    expect(document.title).toBe('Confirm email · Cairn');
  });

  it('takes the token out of the address bar at once', async () => {
    const api = mockApi({
      'POST /auth/email/confirm': { body: { ok: true } },
      'GET /auth/session': { status: 401, body: { error: { code: 'UNAUTHENTICATED' } } },
    });
    const { router } = renderWithProviders(<ConfirmEmailPage />, {
      route: '/auth/confirm-email?token=t2',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/email/confirm')).toEqual([
      expect.objectContaining({ body: { token: 't2' } }),
    ]);
  });

  it('says the link is invalid and lets a signed-in user ask for another', async () => {
    const api = mockApi({
      'POST /auth/email/confirm': apiError(400, 'CONFIRMATION_LINK_INVALID'),
      'GET /auth/session': { body: testSession() },
      'POST /auth/email/resend': { body: { ok: true } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmEmailPage />, { route: '/auth/confirm-email?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link is invalid or has expired.',
    );
    await user.click(await screen.findByRole('button', { name: 'Send a new confirmation email' }));
    expect(await screen.findByText('Confirmation email sent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/email/resend')).toHaveLength(1);
  });
});
