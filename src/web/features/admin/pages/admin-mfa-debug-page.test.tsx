import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, testFactor } from '@/web/test/mock-api';
import { fetchedUrls, renderAdmin } from '../test/fixtures';
import { AdminMfaDebugPage } from './admin-mfa-debug-page';

afterEach(() => vi.restoreAllMocks());

const phone = testFactor();
const challengeId = '77777777-7777-4777-8777-777777777777';

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /auth/mfa/factors': { body: { factors: [phone] } },
    'GET /auth/mfa/assurance': { body: { current: 'aal2', next: 'aal2', bypass: false } },
    ...routes,
  });
  return { api, ...renderAdmin(<AdminMfaDebugPage />, { route: '/admin/mfa-debug' }) };
}

describe('AdminMfaDebugPage', () => {
  it('shows your factors and assurance, and a test challenge counting down', async () => {
    const { api, user } = setup({
      [`POST /auth/mfa/factors/${phone.id}/challenge`]: () => ({
        status: 201,
        body: { challengeId, expiresAt: new Date(Date.now() + 300_000).toISOString() },
      }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'MFA debug' })).toBeInTheDocument();
    const own = screen.getByRole('region', { name: 'Your account' });
    expect(await within(own).findByText('Phone')).toBeInTheDocument();
    expect(within(own).getByText('Verified')).toBeInTheDocument();
    expect(await within(own).findByLabelText('Assurance level')).toHaveTextContent(
      'Current levelAAL2Next levelAAL2Recovery bypassNo',
    );

    await user.click(within(own).getByRole('button', { name: 'Create a test challenge' }));
    expect(await within(own).findByText(challengeId)).toBeInTheDocument();
    expect(within(own).getByRole('timer')).toHaveTextContent(/Expires in (5:00|4:5\d)/);
    expect(api.callsTo('POST', `/auth/mfa/factors/${phone.id}/challenge`)).toHaveLength(1);
  });

  it('looks a user up by email: factors and active sessions', async () => {
    const { api, user } = setup({
      'GET /admin/support/mfa': {
        body: {
          user: {
            id: '33333333-3333-4333-8333-333333333333',
            email: 'grace@example.com',
            role: 'user',
          },
          factors: [
            { friendlyName: 'Work phone', status: 'verified', createdAt: '2026-02-03T10:00:00Z' },
            { friendlyName: 'Tablet', status: 'unverified', createdAt: '2026-02-04T10:00:00Z' },
          ],
          activeSessions: 2,
        },
      },
    });
    const lookup = screen.getByRole('region', { name: 'Look up a user' });
    await user.type(within(lookup).getByLabelText('Email'), 'not-an-email');
    await user.click(within(lookup).getByRole('button', { name: 'Look up' }));
    expect(await within(lookup).findByText('Invalid email format')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/support/mfa')).toHaveLength(0);

    await user.clear(within(lookup).getByLabelText('Email'));
    await user.type(within(lookup).getByLabelText('Email'), 'Grace@Example.com');
    await user.click(within(lookup).getByRole('button', { name: 'Look up' }));
    expect(await within(lookup).findByText('Work phone')).toBeInTheDocument();
    expect(fetchedUrls(api.spy)).toContain('/api/v1/admin/support/mfa?email=grace%40example.com');
    const tablet = within(lookup).getByText('Tablet').closest('tr')!;
    expect(tablet).toHaveTextContent('Not verified');
    expect(tablet).toHaveTextContent('Feb 4, 2026');
    expect(within(lookup).getByText('Active sessions').nextSibling).toHaveTextContent('2');
  });

  it('says when no account uses the email', async () => {
    const { user } = setup({
      'GET /admin/support/mfa': { body: { user: null, factors: [], activeSessions: 0 } },
    });
    const lookup = screen.getByRole('region', { name: 'Look up a user' });
    await user.type(within(lookup).getByLabelText('Email'), 'nobody@example.com');
    await user.click(within(lookup).getByRole('button', { name: 'Look up' }));
    expect(await within(lookup).findByText('No account uses this email.')).toBeInTheDocument();
  });
});
