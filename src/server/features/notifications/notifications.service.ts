import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type {
  Notification,
  NotificationCategory,
  NotificationCounts,
  NotificationListResponse,
  NotificationType,
} from '@/contracts/notifications';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { publishNotificationEvent, toNotification, unreadCount } from './notify';

/**
 * The notification centre (spec 002, sections 3 and 4): each verb acts on the caller's own
 * notifications only (someone else's answers NOTIFICATION_NOT_FOUND, as a missing one does), in
 * one transaction, and tells the caller's open tabs through `notifications:<userId>`.
 */

/**
 * Goals: system notifications about a goal milestone; Achievements: success notifications about
 * an achievement. The spec reads the title; a title is stored in the language of its moment, so
 * the key the producer gave counts too (goalMilestone..., achievement...).
 */
const CATEGORY: Record<NotificationCategory, SQL> = {
  goals: and(
    eq(notifications.type, 'system'),
    or(
      ilike(notifications.title, '%milestone%'),
      ilike(notifications.title, '%jalon%'),
      sql`${notifications.metadata}->>'key' like 'goalMilestone%'`,
    ),
  ) as SQL,
  achievements: and(
    eq(notifications.type, 'success'),
    or(
      ilike(notifications.title, '%achievement%'),
      ilike(notifications.title, '%succès%'),
      sql`${notifications.metadata}->>'key' like 'achievement%'`,
    ),
  ) as SQL,
};

type ListInput = {
  type?: NotificationType | undefined;
  unread?: boolean | undefined;
  category?: NotificationCategory | undefined;
  limit: number;
  offset: number;
};

async function counts(db: DbOrTx, userId: string): Promise<NotificationCounts> {
  const [row] = await db
    .select({
      all: count(),
      unread: sql<number>`count(*) filter (where ${notifications.isRead} = false)`,
      goals: sql<number>`count(*) filter (where ${CATEGORY.goals})`,
      achievements: sql<number>`count(*) filter (where ${CATEGORY.achievements})`,
      system: sql<number>`count(*) filter (where ${notifications.type} = 'system')`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return {
    all: Number(row?.all ?? 0),
    unread: Number(row?.unread ?? 0),
    goals: Number(row?.goals ?? 0),
    achievements: Number(row?.achievements ?? 0),
    system: Number(row?.system ?? 0),
  };
}

/** The caller's notifications, newest first, filtered and paged; with each tab's count. */
export async function listNotifications(
  ctx: ServerContext,
  userId: string,
  input: ListInput,
): Promise<NotificationListResponse> {
  const db = ctx.database.db;
  const where = and(
    eq(notifications.userId, userId),
    input.type ? eq(notifications.type, input.type) : undefined,
    input.unread === undefined ? undefined : eq(notifications.isRead, !input.unread),
    input.category ? CATEGORY[input.category] : undefined,
  );
  const [rows, [total], tabCounts] = await Promise.all([
    input.limit === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(input.limit)
          .offset(input.offset),
    db.select({ n: count() }).from(notifications).where(where),
    counts(db, userId),
  ]);
  return {
    notifications: rows.map(toNotification),
    total: Number(total?.n ?? 0),
    unread: tabCounts.unread,
    counts: tabCounts,
  };
}

/** Marks one of the caller's notifications read or unread. */
export async function setNotificationRead(
  ctx: ServerContext,
  userId: string,
  id: string,
  isRead: boolean,
): Promise<Notification> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({
        isRead,
        // The first time it was read is kept when it is marked read again.
        readAt: isRead
          ? sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)`
          : null,
      })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
    const notification = toNotification(row);
    await publishNotificationEvent(ctx.realtime, tx, userId, {
      type: 'notification-update',
      notification,
      unread: await unreadCount(tx, userId),
    });
    return notification;
  });
}

/** Marks every unread notification of the caller read. */
export async function markAllRead(ctx: ServerContext, userId: string) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ isRead: true, readAt: now })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    const unread = await unreadCount(tx, userId);
    if (updated.length > 0) {
      await publishNotificationEvent(ctx.realtime, tx, userId, {
        type: 'notifications-read-all',
        readAt: now.toISOString(),
        unread,
      });
    }
    return { count: updated.length, unread };
  });
}

/** Deletes one of the caller's notifications. */
export async function deleteNotification(ctx: ServerContext, userId: string, id: string) {
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
    await publishNotificationEvent(ctx.realtime, tx, userId, {
      type: 'notification-delete',
      id,
      unread: await unreadCount(tx, userId),
    });
  });
}

/** Deletes the caller's read notifications (`read`) or all of them. */
export async function deleteNotifications(
  ctx: ServerContext,
  userId: string,
  scope: 'read' | 'all',
) {
  return ctx.database.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          scope === 'read' ? eq(notifications.isRead, true) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    const unread = await unreadCount(tx, userId);
    if (deleted.length > 0) {
      await publishNotificationEvent(ctx.realtime, tx, userId, {
        type: 'notifications-delete',
        scope,
        unread,
      });
    }
    return { count: deleted.length, unread };
  });
}
