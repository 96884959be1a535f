import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/web/test/mock-api';
import { renderWithProviders } from '@/web/test/render';
import { WaitlistPage } from './waitlist-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('WaitlistPage', () => {
  it('joins the waitlist and says what happens next', async () => {
    const api = mockApi({
      'GET /beta': { body: { enabled: true } },
      'POST /waitlist': { status: 201, body: { ok: true } },
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistPage />, { route: '/beta/waitlist' });

    await user.type(await screen.findByLabelText('Full name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), ' Grace@Example.com ');
    await user.type(screen.getByLabelText(/What would you like/), 'Track my bonds');
    expect(screen.getByText('485 characters left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));

    expect(await screen.findByRole('heading', { name: 'You’re on the list' })).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST', '/waitlist')[0]?.body).toEqual({
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      motivation: 'Track my bonds',
    });
  });

  it('checks the fields before sending and caps the motivation', async () => {
    const api = mockApi({ 'GET /beta': { body: { enabled: true } } });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistPage />, { route: '/beta/waitlist' });

    await user.type(await screen.findByLabelText('Full name'), 'G');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    const motivation = screen.getByLabelText(/What would you like/);
    await user.click(motivation);
    await user.paste('x'.repeat(520));
    expect(screen.getByText('-21 characters left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Motivation must be less than 500 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', '/waitlist')).toHaveLength(0);
  });

  it('redirects to registration when beta mode is off', async () => {
    mockApi({ 'GET /beta': { body: { enabled: false } } });
    const { router } = renderWithProviders(<WaitlistPage />, { route: '/beta/waitlist' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('redirects to registration when beta ends while the form is open', async () => {
    mockApi({
      'GET /beta': { body: { enabled: true } },
      'POST /waitlist': apiError(409, 'WAITLIST_CLOSED'),
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<WaitlistPage />, { route: '/beta/waitlist' });
    await user.type(await screen.findByLabelText('Full name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    mockApi({
      'GET /beta': { body: { enabled: true } },
      'POST /waitlist': apiError(429, 'RATE_LIMITED', { retryAfterSeconds: 60 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<WaitlistPage />, { route: '/beta/waitlist' });
    expect(
      await screen.findByRole('heading', { name: 'Rejoindre la bêta de Cairn' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nom complet'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Rejoindre la liste d’attente' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
    expect(screen.getByText('499 caractères restants')).toBeInTheDocument();
  });
});
