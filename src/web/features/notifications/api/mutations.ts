import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@/contracts/notifications';
import { api } from '@/web/lib/api-client';
import { applyNotificationEvent } from '../lib/cache';
import { notificationKeys } from './queries';

type Changed = { count: number; unread: number };

/**
 * The centre's changes: each patches the cached lists and counts with the server's answer (the
 * same change the realtime event brings to the other tabs), then asks them again. Failures are
 * told by the caller (a toast); the cache stays as the server has it.
 */
export function useNotificationMutations() {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: notificationKeys.all });

  const setRead = useMutation({
    mutationFn: ({ id, isRead }: { id: string; isRead: boolean }) =>
      api<{ notification: Notification }>(`/notifications/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { isRead },
      }),
    onSuccess: ({ notification }, { isRead }) => {
      const summary = client.getQueryData<{ unread: number }>(notificationKeys.summary());
      const unread = Math.max(0, (summary?.unread ?? 0) + (isRead ? -1 : 1));
      applyNotificationEvent(client, { type: 'notification-update', notification, unread });
    },
    onSettled: settle,
  });

  const markAllRead = useMutation({
    mutationFn: () => api<Changed>('/notifications/read-all', { method: 'POST' }),
    onSuccess: ({ unread }) =>
      applyNotificationEvent(client, {
        type: 'notifications-read-all',
        readAt: new Date().toISOString(),
        unread,
      }),
    onSettled: settle,
  });

  const remove = useMutation({
    mutationFn: (id: string) =>
      api<null>(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      const summary = client.getQueryData<{ unread: number }>(notificationKeys.summary());
      applyNotificationEvent(client, {
        type: 'notification-delete',
        id,
        unread: summary?.unread ?? 0,
      });
    },
    onSettled: settle,
  });

  const removeMany = useMutation({
    mutationFn: (scope: 'read' | 'all') =>
      api<Changed>(`/notifications${scope === 'read' ? '?read=true' : ''}`, { method: 'DELETE' }),
    onSuccess: ({ unread }, scope) =>
      applyNotificationEvent(client, { type: 'notifications-delete', scope, unread }),
    onSettled: settle,
  });

  return { setRead, markAllRead, remove, removeMany };
}
