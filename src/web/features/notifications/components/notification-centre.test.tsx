import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationTopic } from '@/contracts/notifications';
import { FakeWebSocket } from '@/web/test/fake-websocket';
import { mockApi } from '@/web/test/mock-api';
import { renderWithProviders } from '@/web/test/render';
import { useNotificationCentre } from './notification-centre';

const userId = '11111111-1111-4111-8111-111111111111';
const counts = { all: 120, unread: 100, goals: 0, achievements: 0, system: 3 };

function Bell() {
  const centre = useNotificationCentre(userId);
  return (
    <>
      <button type="button" onClick={centre.onOpenNotifications}>
        {`Bell ${centre.unreadCount > 99 ? '99+' : centre.unreadCount || 'none'}`}
      </button>
      {centre.modal}
    </>
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useNotificationCentre', () => {
  it('gives the unread count, follows realtime events and opens the modal', async () => {
    let unread = 100;
    mockApi({
      'GET /notifications': () => ({
        body: { notifications: [], total: 0, unread, counts: { ...counts, unread } },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Bell />);
    expect(
      await screen.findByRole('button', { name: 'Bell 99+' }, { timeout: 5_000 }),
    ).toBeInTheDocument();

    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    expect(socket.sent).toContainEqual({ type: 'subscribe', topic: notificationTopic(userId) });
    unread = 0;
    act(() =>
      socket.serverEvent(notificationTopic(userId), {
        type: 'notifications-read-all',
        readAt: new Date().toISOString(),
        unread: 0,
      }),
    );
    expect(
      await screen.findByRole('button', { name: 'Bell none' }, { timeout: 5_000 }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bell none' }));
    // The modal's code loads with the first opening.
    expect(
      await screen.findByRole('dialog', { name: 'Notifications' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
