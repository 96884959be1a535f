import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
