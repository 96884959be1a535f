import { and, asc, count, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@/contracts/i18n';
import { DEFAULT_NOTIFICATIONS, type EmailFrequency } from '@/contracts/settings';
import type { Config } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import {
  type DELIVERY_CATEGORIES,
  notificationDeliveries,
  notificationSettings,
  notifications,
  pushSubscriptions,
  users,
  userSettings,
} from '../../db/schema';
import { accountLanguage } from '../profile';
import type { Clock } from '../../platform/clock';
import { MINUTE, SECOND } from '../../platform/clock';
import { deliveryEmails, type DeliveredItem } from './delivery-emails';
import {
  deliveryDueAt,
  deliveryTimeZone,
  type QuietHours,
  quietHoursEnd,
} from './delivery-schedule';
import type { Mailer } from '../../platform/mail';
import {
  NOTIFICATION_TEXTS,
  type NotificationKey,
  type NotificationParam,
  notificationText,
} from './notification-texts';
import type { PushPayload, PushSender } from '../../platform/web-push';

/**
 * Notification delivery outside the app (docs/decisions.md, "Notification delivery: email,
 * digests, quiet hours, push"). `notify()` plans the rows (`planDeliveries`) in the notification's
 * transaction; the every-minute job sends what is due (`sendDueDeliveries`), each row once across
 * processes: rows are claimed with FOR UPDATE SKIP LOCKED and a lease (a process that dies mid-send
 * leaves them to be claimed again when the lease ends).
 */

export type DeliveryCategory = (typeof DELIVERY_CATEGORIES)[number];

/**
 * The email category of every notification, in one place. Security: sign-ins, two-factor
 * changes, password changes and recovery. Transactions: what happens to the user's money and
 * portfolios (imports, savings alerts, shares and invitations, and for admins a failing price
 * provider, since prices move every valuation; a portfolio shared with the user that its owner's
 * account deletion removes). Security also covers the user's own data export (whoever holds a
 * session could take everything: the owner hears of it at once) and a cancelled account deletion.
 * Goals: a goal's milestones and its achievement. Insights has no notification (it is the weekly
 * email, kind 'insights').
 */
export const NOTIFICATION_CATEGORIES: Record<NotificationKey, DeliveryCategory> = {
  login: 'security',
  recoveryPaused: 'security',
  recoveryUsed: 'security',
  factorAdded: 'security',
  factorRemoved: 'security',
  passwordChanged: 'security',
  portfolioShared: 'transactions',
  invitationAccepted: 'transactions',
  invitationDeclined: 'transactions',
  savingsMaturity: 'transactions',
  savingsBelowMinimum: 'transactions',
  priceProviderFailed: 'transactions',
  importFinished: 'transactions',
  dataExportReady: 'security',
  dataExportFailed: 'security',
  accountRestored: 'security',
  goalMilestone: 'goals',
  achievementGoalReached: 'goals',
  portfolioRemovalScheduled: 'transactions',
  portfolioRemovalCancelled: 'transactions',
  portfolioRemoved: 'transactions',
};

export type DeliverySettings = {
  email: Record<DeliveryCategory, boolean>;
  frequency: EmailFrequency;
  pushEnabled: boolean;
  quiet: QuietHours;
  timeZone: string;
};

/** A user's delivery settings (the defaults of spec 001 when the row is missing). */
export async function deliverySettings(db: DbOrTx, userId: string): Promise<DeliverySettings> {
  const [row] = await db
    .select({ settings: notificationSettings, timezone: userSettings.timezone })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  const s = row?.settings ?? DEFAULT_NOTIFICATIONS;
  return {
    email: {
      transactions: s.emailTransactions,
      goals: s.emailGoals,
      insights: s.emailInsights,
      // Security emails are always sent (issue 16): the switch cannot silence them.
      security: true,
    },
    frequency: s.emailFrequency,
    pushEnabled: s.pushEnabled,
    quiet: { enabled: s.quietHoursEnabled, start: s.quietHoursStart, end: s.quietHoursEnd },
    timeZone: deliveryTimeZone(row?.timezone),
  };
}

/**
 * The delivery rows of a new notification, written with it (`db` is its transaction): an email
 * row when its category is on (security: always, due at once), and a push row when push is on
 * and the user has a subscription (held by quiet hours; category switches are for email).
 * `emailed`: the caller already sent its own, richer email (the sign-in alert, password
 * changed, recovery used), so no second one is planned.
 */
export async function planDeliveries(
  db: DbOrTx,
  input: {
    userId: string;
    notificationId: string;
    key: NotificationKey;
    createdAt: Date;
    emailed?: boolean;
  },
) {
  const category = NOTIFICATION_CATEGORIES[input.key];
  const settings = await deliverySettings(db, input.userId);
  const rows: (typeof notificationDeliveries.$inferInsert)[] = [];
  if (!input.emailed && settings.email[category]) {
    rows.push({
      userId: input.userId,
      notificationId: input.notificationId,
      channel: 'email',
      category,
      dueAt: deliveryDueAt(input.createdAt, {
        frequency: settings.frequency,
        quiet: settings.quiet,
        timeZone: settings.timeZone,
        immediate: category === 'security',
      }),
      createdAt: input.createdAt,
    });
  }
  if (settings.pushEnabled) {
    const [subscribed] = await db
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, input.userId));
    if (Number(subscribed?.n ?? 0) > 0) {
      rows.push({
        userId: input.userId,
        notificationId: input.notificationId,
        channel: 'push',
        category,
        dueAt: quietHoursEnd(input.createdAt, settings.quiet, settings.timeZone) ?? input.createdAt,
        createdAt: input.createdAt,
      });
    }
  }
  if (rows.length) await db.insert(notificationDeliveries).values(rows);
}

/** What sending needs (a ServerContext has it). */
export type DeliveryContext = {
  database: Database;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  push: PushSender;
};

export type DeliveryLogger = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** How many times a row is tried before it is 'failed'. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** How long a claimed row stays claimed by the process sending it. */
const LEASE_MS = 5 * MINUTE;
/** Users (email) and rows (push) per claim: a pass never holds much at once. */
const USERS_PER_PAGE = 20;
const ROWS_PER_USER = 200;
const PUSH_ROWS_PER_PAGE = 50;
/** One pass stops after this many pages; the next minute's run goes on. */
const MAX_PAGES = 50;

/** The wait before the next try after `attempts` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number) {
  return Math.min(2 ** Math.max(0, attempts - 1) * MINUTE, 60 * MINUTE);
}

type DeliveryRow = typeof notificationDeliveries.$inferSelect;

/** Claims due pending rows (locked rows are another process's): their lease starts now. */
async function claim(
  database: Database,
  now: Date,
  where: ReturnType<typeof and>,
  limit: number,
): Promise<DeliveryRow[]> {
  return database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.status, 'pending'),
          lte(notificationDeliveries.dueAt, now),
          where,
        ),
      )
      .orderBy(asc(notificationDeliveries.dueAt), asc(notificationDeliveries.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(notificationDeliveries)
      .set({
        attempts: sql`${notificationDeliveries.attempts} + 1`,
        dueAt: new Date(now.getTime() + LEASE_MS),
      })
      .where(
        inArray(
          notificationDeliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** A failed try: again later with a growing delay, or 'failed' after the last attempt. */
async function markFailed(db: DbOrTx, rows: DeliveryRow[], now: Date, error: string) {
  for (const row of rows) {
    const failed = row.attempts >= MAX_DELIVERY_ATTEMPTS;
    await db
      .update(notificationDeliveries)
      .set({
        status: failed ? 'failed' : 'pending',
        lastError: error.slice(0, 500),
        dueAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
      })
      .where(eq(notificationDeliveries.id, row.id));
  }
}

async function markDone(
  db: DbOrTx,
  rows: DeliveryRow[],
  now: Date,
  status: 'sent' | 'skipped',
  note: string | null = null,
) {
  if (!rows.length) return;
  await db
    .update(notificationDeliveries)
    .set({ status, sentAt: status === 'sent' ? now : null, lastError: note })
    .where(
      inArray(
        notificationDeliveries.id,
        rows.map((row) => row.id),
      ),
    );
}

/** A notification's text in `language`, from its stored key and parameters. */
function textIn(
  notification: typeof notifications.$inferSelect,
  language: Language,
): { title: string; message: string } {
  const key = notification.metadata.key;
  if (typeof key !== 'string' || !(key in NOTIFICATION_TEXTS))
    return { title: notification.title, message: notification.message };
  const stored = (notification.metadata.params ?? {}) as Record<string, unknown>;
  const params: Record<string, NotificationParam> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (typeof value === 'number') params[name] = value;
    else if (typeof value === 'string')
      params[name] = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value)
        ? new Date(value)
        : value;
  }
  return notificationText(key as NotificationKey, language, params);
}

/** Where an email or push opens: the notification's own path, else the dashboard. */
function openUrl(publicUrl: URL, notification: typeof notifications.$inferSelect) {
  const path = notification.metadata.path;
  const safe = typeof path === 'string' && /^\/[A-Za-z0-9/_-]*$/.test(path) ? path : '/dashboard';
  return new URL(safe, publicUrl).toString();
}

async function recipient(db: DbOrTx, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const language = (await accountLanguage(db, { userId })) ?? 'en';
  return { email: user.email, language: isLanguage(language) ? language : 'en' };
}

/** The notifications behind some delivery rows, by id. */
async function notificationsOf(db: DbOrTx, rows: DeliveryRow[]) {
  const ids = rows.flatMap((row) => (row.notificationId ? [row.notificationId] : []));
  if (!ids.length) return new Map<string, typeof notifications.$inferSelect>();
  const found = await db.select().from(notifications).where(inArray(notifications.id, ids));
  return new Map(found.map((row) => [row.id, row]));
}

/** Sends one user's due email rows: security and instant ones one by one, others as a digest. */
async function sendUserEmails(ctx: DeliveryContext, rows: DeliveryRow[], log: DeliveryLogger) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const userId = rows[0]?.userId;
  if (!userId) return 0;
  try {
    const to = await recipient(db, userId);
    const settings = await deliverySettings(db, userId);
    const byId = await notificationsOf(db, rows);
    if (!to) {
      await markDone(db, rows, now, 'skipped', 'no such user');
      return 0;
    }
    const single: { row: DeliveryRow; item: DeliveredItem; url: string }[] = [];
    const digest: { row: DeliveryRow; item: DeliveredItem }[] = [];
    const skipped: DeliveryRow[] = [];
    for (const row of rows) {
      const notification = row.notificationId ? byId.get(row.notificationId) : undefined;
      // A category switched off since (or a notification gone): nothing to send.
      if (!notification || !settings.email[row.category]) {
        skipped.push(row);
        continue;
      }
      const item = { ...textIn(notification, to.language), createdAt: notification.createdAt };
      if (row.category === 'security' || settings.frequency === 'instant')
        single.push({ row, item, url: openUrl(ctx.config.publicUrl, notification) });
      else digest.push({ row, item });
    }
    digest.sort((a, b) => a.item.createdAt.getTime() - b.item.createdAt.getTime());
    await db.transaction(async (tx) => {
      for (const { row, item, url } of single) {
        await ctx.mailer.queue(
          tx,
          deliveryEmails.notification(to.email, to.language, {
            ...item,
            url,
            security: row.category === 'security',
          }),
        );
      }
      if (digest.length) {
        await ctx.mailer.queue(
          tx,
          deliveryEmails.digest(to.email, to.language, {
            frequency: settings.frequency === 'weekly' ? 'weekly' : 'daily',
            items: digest.map(({ item }) => item),
            timeZone: settings.timeZone,
            url: new URL('/dashboard', ctx.config.publicUrl).toString(),
          }),
        );
      }
      // The email is in the outbox (the mailer sends and retries it) if and only if the rows
      // are marked sent.
      await markDone(
        tx,
        [...single.map(({ row }) => row), ...digest.map(({ row }) => row)],
        now,
        'sent',
      );
      await markDone(tx, skipped, now, 'skipped', 'category off or notification deleted');
    });
    return single.length + (digest.length ? 1 : 0);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    log.warn({ err: error, userId }, 'notification email not sent');
    await markFailed(db, rows, now, text);
    return 0;
  }
}

/** Sends one push row to each of the user's subscriptions; forgets the ones the service dropped. */
async function sendPush(ctx: DeliveryContext, row: DeliveryRow, log: DeliveryLogger) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const settings = await deliverySettings(db, row.userId);
  const subscriptions = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, row.userId));
  const notification = row.notificationId
    ? (await notificationsOf(db, [row])).get(row.notificationId)
    : undefined;
  if (!settings.pushEnabled || !subscriptions.length || !notification) {
    await markDone(db, [row], now, 'skipped', 'push off, no subscription or notification deleted');
    return false;
  }
  const language = (await accountLanguage(db, { userId: row.userId })) ?? 'en';
  const text = textIn(notification, language);
  const payload: PushPayload = {
    title: text.title,
    body: text.message,
    url: openUrl(ctx.config.publicUrl, notification),
    tag: notification.id,
  };
  const errors: string[] = [];
  let delivered = 0;
  for (const subscription of subscriptions) {
    const result = await ctx.push.send(subscription, payload);
    if (result.ok) {
      delivered += 1;
      await db
        .update(pushSubscriptions)
        .set({ lastUsedAt: now, failureCount: 0 })
        .where(eq(pushSubscriptions.id, subscription.id));
    } else if (result.gone) {
      // Unsubscribed or expired at the push service: it will never take this endpoint again.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    } else {
      errors.push(result.error);
      await db
        .update(pushSubscriptions)
        .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
        .where(eq(pushSubscriptions.id, subscription.id));
    }
  }
  if (errors.length && delivered === 0) {
    log.warn({ userId: row.userId, attempts: row.attempts, error: errors[0] }, 'push not sent');
    await markFailed(db, [row], now, errors.join('; '));
    return false;
  }
  if (delivered === 0) {
    await markDone(db, [row], now, 'skipped', 'every subscription is gone');
    return false;
  }
  await markDone(db, [row], now, 'sent', errors.length ? errors.join('; ').slice(0, 500) : null);
  return true;
}

/**
 * One pass of the delivery job: every due email row, grouped by user, and every due push row, in
 * pages (a pass stops after MAX_PAGES; the next run goes on). Returns what it sent.
 */
export async function sendDueDeliveries(ctx: DeliveryContext, log: DeliveryLogger) {
  const result = { emails: 0, pushes: 0 };
  const db = ctx.database.db;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const now = ctx.clock.now();
    const due = await db
      .selectDistinct({ userId: notificationDeliveries.userId })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.status, 'pending'),
          eq(notificationDeliveries.channel, 'email'),
          lte(notificationDeliveries.dueAt, now),
        ),
      )
      .limit(USERS_PER_PAGE);
    if (!due.length) break;
    let claimedAny = false;
    for (const { userId } of due) {
      const rows = await claim(
        ctx.database,
        now,
        and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.channel, 'email')),
        ROWS_PER_USER,
      );
      if (!rows.length) continue;
      claimedAny = true;
      result.emails += await sendUserEmails(ctx, rows, log);
    }
    // Every due user was being sent by another process: theirs to finish.
    if (!claimedAny) break;
  }
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const rows = await claim(
      ctx.database,
      ctx.clock.now(),
      eq(notificationDeliveries.channel, 'push'),
      PUSH_ROWS_PER_PAGE,
    );
    if (!rows.length) break;
    for (const row of rows) {
      try {
        if (await sendPush(ctx, row, log)) result.pushes += 1;
      } catch (error) {
        log.error({ err: error, userId: row.userId }, 'push delivery failed');
        await markFailed(
          db,
          [row],
          ctx.clock.now(),
          error instanceof Error ? error.message : String(error),
        );
      }
    }
  }
  return result;
}

/** Finished delivery rows (sent, skipped, failed) are kept this long, for support questions. */
export const DELIVERY_RETENTION_MS = 90 * 24 * 60 * MINUTE;

/** Housekeeping: forgets finished delivery rows older than DELIVERY_RETENTION_MS. */
export async function purgeOldDeliveries(database: Database, now: Date) {
  const deleted = await database.db
    .delete(notificationDeliveries)
    .where(
      and(
        ne(notificationDeliveries.status, 'pending'),
        lt(notificationDeliveries.createdAt, new Date(now.getTime() - DELIVERY_RETENTION_MS)),
      ),
    )
    .returning({ id: notificationDeliveries.id });
  return deleted.length;
}

/** The delivery job's schedule: offered every minute, one run at a time across processes. */
export const DELIVERY_JOB = 'notification-delivery';
export const DELIVERY_SCHEDULE = {
  cron: '* * * * *',
  retryAfterMs: 30 * SECOND,
  retries: 0,
  expireAfterSeconds: (10 * MINUTE) / SECOND,
};
