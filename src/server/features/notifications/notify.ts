import { and, count, eq } from 'drizzle-orm';
import type { Language } from '@/contracts/i18n';
import {
  type Notification,
  type NotificationEvent,
  type NotificationType,
  notificationTopic,
} from '@/contracts/notifications';
import type { Database, DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { accountLanguage } from '../profile';
import type { Clock } from '../../platform/clock';
import {
  type NotificationKey,
  type NotificationParam,
  notificationText,
  storedParams,
} from './notification-texts';
import { planDeliveries } from './notification-delivery';
import type { Realtime } from '../../platform/realtime';

/** What creating a notification needs (a ServerContext has it). */
export type NotifyContext = { database: Database; realtime: Realtime; clock: Clock };

export type NotifyInput = {
  userId: string;
  type: NotificationType;
  key: NotificationKey;
  params?: Record<string, NotificationParam>;
  /** More facts to keep (sign-in alerts: ipAddress, browser, os; a `path` to open). */
  metadata?: Record<string, unknown>;
  /** The language to store the text in; by default the account's (account-language.ts). */
  language?: Language;
  /**
   * The caller sends its own email about it in the same transaction (the sign-in alert, password
   * changed, recovery used): no delivery email is planned, so the user gets one, not two.
   */
  emailed?: boolean;
};

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    metadata: row.metadata,
  };
}

/** How many of the user's notifications are unread. */
export async function unreadCount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return Number(row?.n ?? 0);
}

/** Tells every open tab of the user; inside a transaction, only if it commits. */
export async function publishNotificationEvent(
  realtime: Realtime,
  db: DbOrTx,
  userId: string,
  event: NotificationEvent,
) {
  await realtime.publish(notificationTopic(userId), event, db);
}

/**
 * The one way a notification is created, whatever produces it: the row (in `tx` when given, so
 * it exists only if the caller's change commits), its email and push deliveries as the user's
 * settings say (notification-delivery.ts, same transaction) and a realtime insert event to each
 * of the user's open tabs (sent on commit).
 */
export async function notify(
  ctx: NotifyContext,
  input: NotifyInput,
  tx?: DbOrTx,
): Promise<Notification> {
  const run = async (db: DbOrTx) => {
    const language =
      input.language ?? (await accountLanguage(db, { userId: input.userId })) ?? 'en';
    const params = input.params ?? {};
    const text = notificationText(input.key, language, params);
    const [row] = await db
      .insert(notifications)
      .values({
        userId: input.userId,
        type: input.type,
        title: text.title,
        message: text.message,
        metadata: {
          ...input.metadata,
          key: input.key,
          ...(Object.keys(params).length ? { params: storedParams(params) } : {}),
        },
        createdAt: ctx.clock.now(),
      })
      .returning();
    if (!row) throw new Error('notification insert returned no row');
    await planDeliveries(db, {
      userId: input.userId,
      notificationId: row.id,
      key: input.key,
      createdAt: row.createdAt,
      emailed: input.emailed,
    });
    const notification = toNotification(row);
    await publishNotificationEvent(ctx.realtime, db, input.userId, {
      type: 'notification-insert',
      notification,
      unread: await unreadCount(db, input.userId),
    });
    return notification;
  };
  return tx ? run(tx) : ctx.database.db.transaction(run);
}

/** `notify` for several users at once (e.g. every admin), each in their own language. */
export async function notifyEach(
  ctx: NotifyContext,
  userIds: Iterable<string>,
  input: Omit<NotifyInput, 'userId' | 'language' | 'emailed'>,
  tx?: DbOrTx,
) {
  for (const userId of new Set(userIds)) await notify(ctx, { ...input, userId }, tx);
}
