import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { apiError, mockApi } from '@/web/test/mock-api';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ForgotPasswordPage', () => {
  it('sends the link, then shows the check-your-email state', async () => {
    const api = mockApi({ 'POST /auth/password/forgot': { body: { ok: true } } });
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('The link is valid for one hour.')).toBeInTheDocument();
    expect(screen.getByText('Look in your spam or junk folder.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/password/forgot')[0]?.body).toEqual({
      email: 'ada@example.com',
    });

    await user.click(screen.getByRole('button', { name: 'Try another address' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('Ada@Example.com');
  });

  it('shows a rate limit', async () => {
    mockApi({ 'POST /auth/password/forgot': apiError(429, 'RATE_LIMITED') });
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again later.');
  });
});
