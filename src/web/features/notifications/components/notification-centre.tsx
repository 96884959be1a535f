import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { type NotificationEvent, notificationTopic } from '@/contracts/notifications';
import { ensureNamespaces } from '@/web/lib/i18n';
import { useRealtime, useRealtimeReconnect } from '@/web/lib/realtime';
import { notificationKeys, useNotificationSummary } from '../api/queries';
import { receiveNotificationEvent } from '../lib/cache';

/** The modal's code and texts load with its first opening. */
const NotificationModal = lazy(async () => {
  const [module] = await Promise.all([
    import('./notification-modal'),
    ensureNamespaces(['notifications']),
  ]);
  return { default: module.NotificationModal };
});

function isNotificationEvent(payload: unknown): payload is NotificationEvent {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { type?: unknown }).type === 'string' &&
    typeof (payload as { unread?: unknown }).unread === 'number'
  );
}

/**
 * The notification centre of a signed-in user: the unread count for the header's bell, kept live
 * by the user's realtime topic (every open tab follows the others), and the modal the bell opens.
 */
export function useNotificationCentre(userId: string | null) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const summary = useNotificationSummary(userId !== null);

  useRealtime(userId ? notificationTopic(userId) : null, (payload) => {
    if (isNotificationEvent(payload)) receiveNotificationEvent(queryClient, payload);
  });
  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });

  const modal = opened ? (
    <Suspense fallback={null}>
      <NotificationModal open={open} onOpenChange={setOpen} realtime={userId !== null} />
    </Suspense>
  ) : null;

  return {
    unreadCount: summary.data?.unread ?? 0,
    onOpenNotifications: () => {
      setOpened(true);
      setOpen(true);
    },
    modal,
  };
}
