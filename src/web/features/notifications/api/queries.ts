import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type NotificationListResponse,
  type NotificationTab,
  NOTIFICATIONS_PER_PAGE,
} from '@/contracts/notifications';
import { api } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';

/** The query string of each tab of the modal. */
export const TAB_FILTERS: Record<NotificationTab, Record<string, string>> = {
  all: {},
  unread: { unread: 'true' },
  goals: { category: 'goals' },
  achievements: { category: 'achievements' },
  system: { type: 'system' },
};

/** Query keys of the notification centre; invalidate by prefix (`notificationKeys.all`). */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The unread count and the tabs' counts (the bell and the tab badges). */
  summary: () => [...notificationKeys.all, 'summary'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (tab: NotificationTab, page: number) => [...notificationKeys.lists(), tab, page] as const,
};

const fetchList = (query: Record<string, string>, signal: AbortSignal) =>
  api<NotificationListResponse>(`/notifications?${new URLSearchParams(query).toString()}`, {
    signal,
  });

/**
 * The unread count (the bell's badge) and each tab's count. Realtime events keep it current;
 * it is asked again when the connection comes back.
 */
export function useNotificationSummary(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.summary(),
    queryFn: ({ signal }) =>
      fetchList({ limit: '0' }, signal).then(({ unread, counts }) => ({ unread, counts })),
    enabled,
    ...CACHE.default,
  });
}

/** One page (10 rows) of a tab, newest first; the previous page stays shown while the next loads. */
export function useNotificationPage(tab: NotificationTab, page: number, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(tab, page),
    queryFn: ({ signal }) =>
      fetchList(
        {
          ...TAB_FILTERS[tab],
          limit: String(NOTIFICATIONS_PER_PAGE),
          offset: String(page * NOTIFICATIONS_PER_PAGE),
        },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
    ...CACHE.instant,
  });
}
