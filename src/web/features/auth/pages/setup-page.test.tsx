import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { apiError, mockApi, testUser } from '@/web/test/mock-api';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { SetupPage } from './setup-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const emptyServer = { body: { setupRequired: true, emailDelivery: false } };
const admin = { ...testUser, role: 'admin' as const };

describe('SetupPage', () => {
  it('creates the administrator, signed in, and goes to the dashboard', async () => {
    const api = mockApi({
      'GET /instance': emptyServer,
      'POST /auth/setup': { status: 201, body: { user: admin, aal: 'aal1', mfaRequired: false } },
      'GET /auth/session': {
        body: { user: admin, aal: 'aal1', mfa: { pending: false, bypass: false } },
      },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SetupPage />, { route: '/setup' });

    expect(await screen.findByRole('heading', { name: 'Set up Cairn' })).toBeInTheDocument();
    // No mail server: the page says where the emails will wait.
    expect(await screen.findByText('This server sends no email yet')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Full name/), 'Olive Owner');
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical1');
    await user.click(screen.getByRole('button', { name: 'Create administrator account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST', '/auth/setup')[0]?.body).toEqual({
      email: 'owner@example.com',
      password: 'Analytical1',
      fullName: 'Olive Owner',
    });
  });

  it('checks the form before sending anything', async () => {
    const api = mockApi({ 'GET /instance': emptyServer });
    const user = userEvent.setup();
    renderWithProviders(<SetupPage />, { route: '/setup' });
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical2');
    await user.click(screen.getByRole('button', { name: 'Create administrator account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/setup')).toHaveLength(0);
  });

  it('says so when another set-up came first, and stops leading sign-in here', async () => {
    let setUp = false;
    const api = mockApi({
      'GET /instance': () => ({ body: { setupRequired: !setUp, emailDelivery: false } }),
      'POST /auth/setup': () => {
        setUp = true;
        return apiError(409, 'SETUP_COMPLETE');
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SetupPage />, { route: '/setup' });
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical1');
    await user.click(screen.getByRole('button', { name: 'Create administrator account' }));
    expect(
      await screen.findByText('This server is already set up. Sign in, or create an account.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    // The server was asked again, so /login will not lead back here.
    await waitFor(() => expect(api.callsTo('GET', '/instance').length).toBeGreaterThan(1));
  });

  it('leads to sign-in once the server has an account', async () => {
    mockApi({ 'GET /instance': { body: { setupRequired: false, emailDelivery: true } } });
    const { router } = renderWithProviders(<SetupPage />, { route: '/setup' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('the sign-in pages of an empty server', () => {
  it('lead to /setup', async () => {
    mockApi({ 'GET /instance': emptyServer, 'GET /beta': { body: { enabled: false } } });
    for (const [Page, route] of [
      [LoginPage, '/login'],
      [RegisterPage, '/register'],
    ] as const) {
      const { router, unmount } = renderWithProviders(<Page />, { route });
      await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
      unmount();
    }
  });
});

describe('signing up on a server without a mail server', () => {
  it('says the administrator has the activation link', async () => {
    mockApi({
      'GET /instance': { body: { setupRequired: false, emailDelivery: false } },
      'GET /beta': { body: { enabled: false } },
      'POST /auth/register': { status: 202, body: { ok: true } },
    });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical1');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', { name: 'Ask for your activation link' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Its administrator has your activation link for/)).toHaveTextContent(
      'ada@example.com',
    );
    expect(screen.queryByText('Look in your spam or junk folder.')).not.toBeInTheDocument();
  });
});
