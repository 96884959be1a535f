import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invitation } from '@/contracts/portfolios';
import { mockApi } from '@/web/test/mock-api';
import { makePortfolio, makeShared, renderInScope, stubResizeObserver } from '../test/fixtures';
import { PendingInvitations } from './pending-invitations';

beforeEach(stubResizeObserver);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const main = makePortfolio({ name: 'Main', isDefault: true });
const family = makeShared('read', { name: 'Family' });
const invitation: Invitation = {
  id: '55555555-5555-4555-8555-555555555555',
  permissionLevel: 'read',
  simulationSharingMode: 'none',
  expiresAt: '2026-03-08T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  portfolio: { id: family.id, name: 'Family', description: null },
  owner: family.owner!,
};

function setup(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi({
    // Once accepted, the shared portfolio is in the list, as the server answers.
    'GET /portfolios': () => ({
      body: {
        portfolios: api.callsTo('POST', '/invitations/accept').length ? [main, family] : [main],
      },
    }),
    'GET /invitations': { body: { invitations: [invitation] } },
    ...routes,
  });
  return { api, ...renderInScope(<PendingInvitations />, { route: '/portfolio-management' }) };
}

describe('PendingInvitations', () => {
  it('accepts an invitation by its id and opens the portfolio', async () => {
    const { api, user, router } = setup({
      'POST /invitations/accept': { body: { portfolio: family } },
    });
    const item = (await screen.findByText('Family')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(api.callsTo('POST', '/invitations/accept')[0]?.body).toEqual({
      invitationId: invitation.id,
    });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/portfolio/${family.id}?portfolio=${family.id}`,
      ),
    );
  });

  it('declines an invitation by its id', async () => {
    const { api, user } = setup({ 'POST /invitations/reject': { body: { ok: true } } });
    const item = (await screen.findByText('Family')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/invitations/reject')[0]?.body).toEqual({
        invitationId: invitation.id,
      }),
    );
  });
});
