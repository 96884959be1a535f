import type { QueryClient } from '@tanstack/react-query';
import type {
  Notification,
  NotificationCounts,
  NotificationEvent,
  NotificationListResponse,
  NotificationTab,
} from '@/contracts/notifications';
import { notificationKeys } from '../api/queries';

type Summary = { unread: number; counts: NotificationCounts };

/** Whether a notification belongs in a tab (the server's rules, for patching the cache). */
export function inTab(notification: Notification, tab: NotificationTab) {
  const title = notification.title.toLowerCase();
  const key = typeof notification.metadata.key === 'string' ? notification.metadata.key : '';
  switch (tab) {
    case 'all':
      return true;
    case 'unread':
      return !notification.isRead;
    case 'system':
      return notification.type === 'system';
    case 'goals':
      return (
        notification.type === 'system' &&
        (title.includes('milestone') || title.includes('jalon') || key.startsWith('goalMilestone'))
      );
    case 'achievements':
      return (
        notification.type === 'success' &&
        (title.includes('achievement') || title.includes('succès') || key.startsWith('achievement'))
      );
  }
}

function patchRows(
  client: QueryClient,
  patch: (rows: Notification[], tab: NotificationTab, page: number) => Notification[],
) {
  for (const [key, data] of client.getQueriesData<NotificationListResponse>({
    queryKey: notificationKeys.lists(),
  })) {
    if (!data) continue;
    const [, , tab, page] = key as unknown as [string, string, NotificationTab, number];
    client.setQueryData<NotificationListResponse>(key, {
      ...data,
      notifications: patch(data.notifications, tab, page),
    });
  }
}

function setUnread(client: QueryClient, unread: number) {
  client.setQueryData<Summary>(notificationKeys.summary(), (summary) =>
    summary ? { ...summary, unread, counts: { ...summary.counts, unread } } : summary,
  );
}

/** Applies a change to the cached rows at once (an event, or a change this tab made). */
export function applyNotificationEvent(client: QueryClient, event: NotificationEvent) {
  setUnread(client, event.unread);
  switch (event.type) {
    case 'notification-insert':
      patchRows(client, (rows, tab, page) =>
        page === 0 &&
        inTab(event.notification, tab) &&
        !rows.some((r) => r.id === event.notification.id)
          ? [event.notification, ...rows]
          : rows,
      );
      return;
    case 'notification-update':
      patchRows(client, (rows) =>
        rows.map((row) => (row.id === event.notification.id ? event.notification : row)),
      );
      return;
    case 'notification-delete':
      patchRows(client, (rows) => rows.filter((row) => row.id !== event.id));
      return;
    case 'notifications-read-all':
      patchRows(client, (rows) =>
        rows.map((row) => (row.isRead ? row : { ...row, isRead: true, readAt: event.readAt })),
      );
      return;
    case 'notifications-delete':
      patchRows(client, (rows) => (event.scope === 'all' ? [] : rows.filter((row) => !row.isRead)));
      return;
  }
}

/**
 * An event from another tab (or the server): patched in at once, then every notification query
 * is asked again, since the client merges events that come fast (at most two a second per topic)
 * and totals and pages move with them.
 */
export function receiveNotificationEvent(client: QueryClient, event: NotificationEvent) {
  applyNotificationEvent(client, event);
  void client.invalidateQueries({ queryKey: notificationKeys.all });
}
