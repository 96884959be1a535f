import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { sessionKeys } from '@/web/lib/session';
import { apiError, mockApi, testSession, testUser } from '@/web/test/mock-api';
import { LoginPage } from './login-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const loggedIn = {
  body: { user: testUser, aal: 'aal1', mfaRequired: false },
};

describe('LoginPage', () => {
  it('validates the email and the password length before calling the API', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveFocus();

    await user.type(email, 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('shows the invalid-credentials message from the API', async () => {
    mockApi({ 'POST /auth/login': apiError(400, 'INVALID_CREDENTIALS') });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check your credentials and try again.',
    );
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('signs in, refreshes the session and goes to a same-site ?next=', async () => {
    const api = mockApi({
      'POST /auth/login': loggedIn,
      'GET /auth/session': { body: testSession() },
    });
    const user = userEvent.setup();
    const queryClient = createTestQueryClient();
    // As on the real page: the guard has read the session (signed out).
    queryClient.setQueryData(sessionKeys.all, null);
    const { router } = renderWithProviders(<LoginPage />, {
      route: '/login?next=/goals',
      queryClient,
    });

    await user.type(screen.getByLabelText('Email'), '  Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/goals'));
    expect(api.callsTo('POST', '/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass',
      remember: true,
    });
    expect(api.callsTo('GET', '/auth/session')).toHaveLength(1);
    expect(queryClient.getQueryData(sessionKeys.all)).toEqual(testSession());
    expect(window.localStorage.getItem('cairn.signedIn')).toBe('1');
  });

  it('goes to the dashboard when ?next= points elsewhere, and shows the pending state', async () => {
    let answer: (reply: typeof loggedIn) => void = () => undefined;
    mockApi({
      'POST /auth/login': () => new Promise((resolve) => (answer = resolve)),
      'GET /auth/session': { body: testSession() },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LoginPage />, {
      route: '/login?next=https://evil.test/',
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
    answer(loggedIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('toggles the password visibility and links to recovery and registration', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(document.title).toBe('Sign in · Cairn');
  });

  it('renders in French', async () => {
    mockApi({});
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('heading', { name: 'Se connecter à Cairn' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Se souvenir de moi' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('L’adresse e-mail est obligatoire')).toBeInTheDocument();
    expect(document.title).toBe('Se connecter · Cairn');
  });
});
