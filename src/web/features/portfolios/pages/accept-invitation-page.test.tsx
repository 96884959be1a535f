import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invitation } from '@/contracts/portfolios';
import { apiError, mockApi } from '@/web/test/mock-api';
import { makePortfolio, makeShared, renderInScope, stubResizeObserver } from '../test/fixtures';
import { AcceptInvitationPage } from './accept-invitation-page';

beforeEach(stubResizeObserver);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const main = makePortfolio({ name: 'Main', isDefault: true });
const family = makeShared('read', { name: 'Family' });
const invitation: Invitation & { invitedEmail: string } = {
  id: '44444444-4444-4444-8444-444444444444',
  permissionLevel: 'read',
  simulationSharingMode: 'all',
  expiresAt: '2026-03-08T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  portfolio: { id: family.id, name: 'Family', description: 'Household savings' },
  owner: family.owner!,
  invitedEmail: 'ada@example.com',
};

function setup(routes: Parameters<typeof mockApi>[0], route = '/accept-invitation?token=tok_123') {
  // Once accepted, the shared portfolio is in the list, as the server answers.
  const api = mockApi({
    'GET /portfolios': () => ({
      body: {
        portfolios: api.callsTo('POST', '/invitations/accept').length ? [main, family] : [main],
      },
    }),
    ...routes,
  });
  return { api, ...renderInScope(<AcceptInvitationPage />, { route }) };
}

describe('AcceptInvitationPage', () => {
  it('checks the invitation, shows what it offers, and accepting leads to the portfolio', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const { api, user, router } = setup({
      'GET /invitations/preview': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
      'POST /invitations/accept': { body: { portfolio: family } },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your invitation…');
    // The token leaves the address bar at once.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    answer({ body: { invitation } });

    expect(
      await screen.findByRole('heading', { name: 'Grace Hopper invites you to a portfolio' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Family')).toBeInTheDocument();
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(screen.getByText('Sent to ada@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('You now have access to “Family”')).toBeInTheDocument();
    expect(api.callsTo('POST', '/invitations/accept')[0]?.body).toEqual({ token: 'tok_123' });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/portfolio/${family.id}?portfolio=${family.id}`,
      ),
    );
  });

  it('declines', async () => {
    const { api, user, router } = setup({
      'GET /invitations/preview': { body: { invitation } },
      'POST /invitations/reject': { body: { ok: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Invitation to “Family” declined')).toBeInTheDocument();
    expect(api.callsTo('POST', '/invitations/reject')[0]?.body).toEqual({ token: 'tok_123' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/portfolio-management'));
  });

  it.each([
    ['INVITATION_EXPIRED', 410, 'This invitation has expired', 'Invitation has expired'],
    ['INVITATION_INVALID', 404, 'This invitation cannot be used', 'Invalid or expired invitation'],
    [
      'INVITATION_OTHER_EMAIL',
      403,
      'This invitation is for another account',
      'This invitation was sent to another email address',
    ],
  ])('explains %s', async (code, status, heading, message) => {
    setup({ 'GET /invitations/preview': apiError(status, code) });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('says so when the link carries no token', async () => {
    const { api } = setup({}, '/accept-invitation');
    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/invitations/preview')).toHaveLength(0);
  });
});
