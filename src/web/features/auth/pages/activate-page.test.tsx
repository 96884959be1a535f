import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { apiError, mockApi } from '@/web/test/mock-api';
import { ActivatePage } from './activate-page';
import { LoginPage } from './login-page';

afterEach(() => {
  vi.restoreAllMocks();
});

function Pages() {
  return (
    <Routes>
      <Route path="/auth/activate" element={<ActivatePage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<p>Register page</p>} />
    </Routes>
  );
}

describe('ActivatePage', () => {
  it('activates the account, drops the token from the address bar and sends the user to sign in with the email filled in', async () => {
    const api = mockApi({
      'POST /auth/activate': { body: { ok: true, email: 'ada@example.com' } },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Pages />, { route: '/auth/activate?token=tok1' });
    expect(screen.getByRole('status')).toHaveTextContent('Activating your account…');
    expect(
      await screen.findByRole('heading', { name: 'Your account is ready' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Sign in with ada@example.com and the password you chose.'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('POST', '/auth/activate')).toEqual([
      expect.objectContaining({ body: { token: 'tok1' } }),
    ]);
    expect(document.title).toBe('Activate account · Cairn');

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your account is active. Sign in to start.',
    );
  });

  it('says a used link was used and points to sign-in', async () => {
    mockApi({ 'POST /auth/activate': apiError(400, 'ACTIVATION_LINK_USED') });
    renderWithProviders(<Pages />, { route: '/auth/activate?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This activation link has already been used. Please sign in.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says an expired or broken link cannot be used and points to sign-up', async () => {
    mockApi({ 'POST /auth/activate': apiError(400, 'ACTIVATION_LINK_EXPIRED') });
    renderWithProviders(<Pages />, { route: '/auth/activate?token=late' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This activation link has expired. Please sign up again.',
    );
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('treats a missing token as an invalid link', async () => {
    const api = mockApi({});
    renderWithProviders(<Pages />, { route: '/auth/activate' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid activation link');
    expect(api.callsTo('POST', '/auth/activate')).toHaveLength(0);
  });
});
