import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { apiError, mockApi } from '@/web/test/mock-api';
import { RegisterPage } from './register-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const registered = { status: 202, body: { ok: true } };

async function fillValid(user: UserEvent) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Analytical1');
  await user.type(screen.getByLabelText('Confirm password'), 'Analytical1');
}

describe('RegisterPage', () => {
  it('requires matching passwords and the agreement to the terms', async () => {
    const api = mockApi({ 'GET /beta': { body: { enabled: false } } });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: '/register' });

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Analytical1');
    await user.type(screen.getByLabelText('Confirm password'), 'Analytical2');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    const terms = screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
    expect(terms).toHaveAccessibleDescription(
      'You must agree to the Terms of Service and Privacy Policy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(api.callsTo('POST', '/auth/register')).toHaveLength(0);
  });

  it('applies the password rules and the name length', async () => {
    mockApi({ 'GET /beta': { body: { enabled: false } } });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await user.type(screen.getByLabelText(/Full name/), 'A');
    await user.type(screen.getByLabelText('Password'), 'lowercase1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(
      screen.getByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveFocus();
  });

  it('shows the password strength in words', async () => {
    mockApi({ 'GET /beta': { body: { enabled: false } } });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: '/register' });
    const password = screen.getByLabelText('Password');
    expect(screen.queryByText(/Password strength/)).not.toBeInTheDocument();
    await user.type(password, 'abc');
    expect(screen.getByText('Password strength: weak')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Analytical1');
    expect(screen.getByText('Password strength: medium')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Analytical-Engine-1843');
    expect(screen.getByText('Password strength: strong')).toBeInTheDocument();
  });

  it('requires the invite code during beta and upper-cases it as typed', async () => {
    const api = mockApi({
      'GET /beta': { body: { enabled: true } },
      'POST /auth/register': registered,
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<RegisterPage />, { route: '/register' });
    await screen.findByText(/Cairn is in beta: enter the 8-character code from your invitation\./);

    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Invite code is required during beta')).toBeInTheDocument();
    const invite = screen.getByLabelText('Invite code');
    expect(invite).toHaveFocus();

    await user.type(invite, 'abcd1234');
    expect(invite).toHaveValue('ABCD1234');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByRole('heading', { name: 'Check your email', level: 1 }),
    ).toHaveFocus();
    expect(router.state.location.pathname).toBe('/register');
    expect(api.callsTo('POST', '/auth/register')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Analytical1',
      inviteCode: 'ABCD1234',
    });
  });

  it('fills in the code of an invitation link and points to the waitlist during beta', async () => {
    const api = mockApi({
      'GET /beta': { body: { enabled: true } },
      'POST /auth/register': registered,
    });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: '/register?invite=ab12cd34' });
    expect(await screen.findByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/beta/waitlist',
    );
    expect(screen.getByLabelText('Invite code')).toHaveValue('AB12CD34');

    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(api.callsTo('POST', '/auth/register')).toHaveLength(1));
    expect(api.callsTo('POST', '/auth/register')[0]?.body).toMatchObject({
      inviteCode: 'AB12CD34',
    });
  });

  it('fills the address and name a waitlist invitation was sent for', async () => {
    const api = mockApi({
      'GET /beta': { body: { enabled: true } },
      'POST /invites/validate': {
        body: { valid: true, email: 'waiting@example.com', fullName: 'Wait Ing' },
      },
    });
    renderWithProviders(<RegisterPage />, { route: '/register?invite=WA1T1NG2' });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('waiting@example.com'));
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Wait Ing');
    expect(api.callsTo('POST', '/invites/validate')[0]?.body).toEqual({ code: 'WA1T1NG2' });
  });

  it('does not mention the waitlist outside beta', async () => {
    mockApi({ 'GET /beta': { body: { enabled: false } } });
    renderWithProviders(<RegisterPage />, { route: '/register' });
    expect(
      await screen.findByText('If you were invited, enter the 8-character code.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join the waitlist' })).not.toBeInTheDocument();
  });

  it('says to check the inbox (the same for any address), and can start over', async () => {
    const api = mockApi({
      'GET /beta': { body: { enabled: false } },
      'POST /auth/register': registered,
    });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await user.type(screen.getByLabelText(/Full name/), '  Ada Lovelace ');
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(/Open the link in it to activate your account, then sign in\./),
    ).toHaveTextContent('We’ve sent a message to ada@example.com.');
    expect(screen.getByText('The activation link is valid for 24 hours.')).toBeInTheDocument();
    expect(screen.getByText(/If this address already has an account/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/register')[0]?.body).toMatchObject({
      fullName: 'Ada Lovelace',
    });
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('shows the spec’s sign-up failure text when the server fails unexpectedly', async () => {
    mockApi({
      'GET /beta': { body: { enabled: false } },
      'POST /auth/register': apiError(500, 'UNKNOWN_ERROR'),
    });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create account. Please try again.',
    );
  });

  it('translates server validation messages', async () => {
    mockApi({
      'GET /beta': { body: { enabled: false } },
      'POST /auth/register': apiError(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'password', message: 'Password must contain at least one number' }],
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: '/register' });
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must contain at least one number',
    );
  });
});
