import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '@/contracts/notifications';
import { createdAt, tstz } from './columns';
import { users } from './users';

/**
 * In-app notifications. `title` and `message` are kept in the language of the moment they were
 * created; `metadata.key` and `metadata.params` let the app show them in the current language.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: tstz('read_at'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The unread badge and "mark all read" look only at a user's unread rows.
    index('notifications_user_unread_idx').on(t.userId, t.isRead),
  ],
);

export const DELIVERY_CHANNELS = ['email', 'push'] as const;
export const DELIVERY_KINDS = ['notification', 'insights'] as const;
export const DELIVERY_CATEGORIES = ['transactions', 'goals', 'insights', 'security'] as const;
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

/**
 * What is still to be sent outside the app, and what was: one row per notification and channel
 * (email, push), or per weekly insights email. A row waits (`due_at`) for the end of quiet hours
 * or for the user's daily or weekly digest; the job queue sends what is due, exactly once across
 * processes (`period_key` makes an insights email once per user and week).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id').references(() => notifications.id, {
      onDelete: 'cascade',
    }),
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull(),
    kind: text('kind', { enum: DELIVERY_KINDS }).notNull().default('notification'),
    category: text('category', { enum: DELIVERY_CATEGORIES }).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    dueAt: tstz('due_at').notNull().defaultNow(),
    periodKey: text('period_key'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: tstz('sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_deliveries_due_idx').on(t.status, t.dueAt),
    index('notification_deliveries_user_idx').on(t.userId),
    uniqueIndex('notification_deliveries_period_key')
      .on(t.userId, t.kind, t.periodKey)
      .where(sql`${t.periodKey} IS NOT NULL`),
  ],
);

/** A browser's Web Push subscription (one per endpoint), for a user who allowed push there. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    failureCount: integer('failure_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
