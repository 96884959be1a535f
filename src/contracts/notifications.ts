import { z } from 'zod';

/**
 * The notification centre (spec 002, sections 2, 3, 4 and 9): the user's in-app notifications,
 * their list with filters and paging, read state and deletion, and the realtime events that keep
 * every open tab in step.
 */

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The modal's tabs (spec 002, section 2), each with a count badge. */
export const NOTIFICATION_TABS = ['all', 'unread', 'goals', 'achievements', 'system'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

/**
 * The two tabs that are not a plain filter. Goals: system notifications about a goal milestone;
 * Achievements: success notifications about an achievement (spec: "whose title contains
 * milestone / achievement"; docs/decisions.md says how a French title still counts).
 */
export const NOTIFICATION_CATEGORIES = ['goals', 'achievements'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Spec 002, section 9. */
export const NOTIFICATION_FETCH_LIMIT = 50;
export const NOTIFICATION_MAX_LIMIT = 100;
export const NOTIFICATIONS_PER_PAGE = 10;
export const NOTIFICATION_BADGE_MAX = 99;
export const NOTIFICATION_AUTO_READ_DELAY_MS = 100;

/** The realtime topic of one user's notifications (only that user may subscribe). */
export const notificationTopic = (userId: string) => `notifications:${userId}`;

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES),
    /** In the language of the moment it was created; `metadata.key` names its translation. */
    title: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
    /**
     * `key` and `params` (the translation and its values), and for sign-in alerts `ipAddress`,
     * `browser` and `os`; a link to what it is about in `path` when there is one.
     */
    metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const notificationListQuerySchema = z.object({
  type: z.enum(NOTIFICATION_TYPES).optional(),
  /** true: unread only; false: read only. */
  unread: flag.optional(),
  category: z.enum(NOTIFICATION_CATEGORIES).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .max(NOTIFICATION_MAX_LIMIT)
    .default(NOTIFICATION_FETCH_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationCountsSchema = z
  .object({
    all: z.number().int(),
    unread: z.number().int(),
    goals: z.number().int(),
    achievements: z.number().int(),
    system: z.number().int(),
  })
  .meta({ id: 'NotificationCounts' });
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

export const notificationListResponseSchema = z.object({
  /** Newest first. */
  notifications: z.array(notificationSchema),
  /** How many match the filters (for paging). */
  total: z.number().int(),
  /** How many of the user's notifications are unread (whatever the filters). */
  unread: z.number().int(),
  /** Each tab's count, whatever the filters. */
  counts: notificationCountsSchema,
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const updateNotificationBodySchema = z.object({ isRead: z.boolean() }).strict();

export const notificationResponseSchema = z.object({ notification: notificationSchema });

export const deleteNotificationsQuerySchema = z.object({
  /** true: only the read ones; absent: all of them. */
  read: z.enum(['true']).optional(),
});

export const notificationsChangedResponseSchema = z.object({
  /** How many notifications the call changed or deleted. */
  count: z.number().int(),
  unread: z.number().int(),
});

/**
 * Events on `notifications:<userId>`. Every one carries the unread count after the change, so a
 * tab whose events were merged (the client delivers at most two a second per topic) still shows
 * the right badge, then refetches what it lists.
 */
export type NotificationEvent =
  | { type: 'notification-insert'; notification: Notification; unread: number }
  | { type: 'notification-update'; notification: Notification; unread: number }
  | { type: 'notification-delete'; id: string; unread: number }
  /** Every unread one became read. */
  | { type: 'notifications-read-all'; readAt: string; unread: number }
  /** The read ones (`read`) or all of them (`all`) were deleted. */
  | { type: 'notifications-delete'; scope: 'read' | 'all'; unread: number };
