import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '@/web/lib/session';
import { mockApi, testSession } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { PendingDeletionGate } from './guards';

afterEach(() => vi.restoreAllMocks());

describe('the pending-deletion screen', { timeout: 20_000 }, () => {
  it('shows only the date, keeps the account on request and then opens the app', async () => {
    let scheduled: string | undefined = '2026-11-29T09:00:00.000Z';
    const queryClient = createTestQueryClient();
    const api = mockApi({
      'GET /auth/session?optional=1': () => ({
        body: testSession(scheduled ? { deletionScheduledFor: scheduled } : {}),
      }),
      'POST /account/restore': () => {
        scheduled = undefined;
        return { body: { ok: true } };
      },
    });
    queryClient.setQueryData(sessionKeys.all, testSession({ deletionScheduledFor: scheduled }));
    const user = userEvent.setup();
    renderWithProviders(
      <PendingDeletionGate>
        <p>The app</p>
      </PendingDeletionGate>,
      { queryClient, route: '/dashboard' },
    );
    expect(
      await screen.findByRole('heading', { name: 'Your account will be deleted' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(api.callsTo('POST', '/account/restore')).toHaveLength(1);
  });
});
