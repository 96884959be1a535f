import { and, asc, count, eq, gt, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { type Decimal, dec, toPlain } from '@/domain/money/decimal';
import { fromDay, rangePerformance, rangeStartDay, toDay } from '@/domain/valuation';
import type { ServerContext } from '../../context';
import {
  notificationDeliveries,
  notificationSettings,
  portfolios,
  transactions,
  users,
} from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { accountLanguage } from '../profile';
import { preferredCurrency } from '../auth';
import { DAY, HOUR, MINUTE, SECOND } from '../../platform/clock';
import {
  deliveryEmails,
  type DeliveryLogger,
  deliverySettings,
  type WeeklyInsights,
  weeklyInsightsMoment,
} from '../notifications';
import { type Scope } from '../ledger';
import { addDaily } from './dashboard.service';
import { type Computed, todayOf, valueView } from './valuation.service';

/**
 * The weekly insights email (issue 16): on Monday at 08:00 in the user's time zone (or when their
 * quiet hours end), once per user and ISO week, for users with the Insights email on. It says how
 * the value of each of their own portfolios changed over the last week (the valuation engine's
 * '1W' range, in the user's currency) and the biggest moves of their holdings, with the number of
 * transactions dated in that week. Users with nothing to say (no portfolio, or nothing valued and
 * no transaction) get no email; their week is recorded as skipped.
 */

const TOP_MOVERS = 3;
const USERS_PER_PAGE = 100;
/** A missed moment (the server was down) is still sent within this long, not later. */
const CATCH_UP_MS = DAY;

export const INSIGHTS_JOB = 'weekly-insights';
export const INSIGHTS_SCHEDULE = {
  cron: '*/15 * * * *',
  retryAfterMs: 5 * MINUTE,
  retries: 2,
  expireAfterSeconds: HOUR / SECOND,
};

const money = (value: Decimal) => toPlain(value.toDecimalPlaces(2));
/** A time-weighted return (money added or taken out does not count as a move), or null. */
const twr = (value: number, days: number) => (days > 0 && Number.isFinite(value) ? value : null);

/** The week's figures of a user's own portfolios; null when there is nothing to say. */
export async function weeklyInsights(
  ctx: ServerContext,
  userId: string,
): Promise<WeeklyInsights | null> {
  const db = ctx.database.db;
  const currency = await preferredCurrency(db, userId);
  const own = await db
    .select()
    .from(portfolios)
    .where(eq(portfolios.userId, userId))
    .orderBy(asc(portfolios.createdAt));
  if (!own.length) return null;

  const end = todayOf(ctx);
  const endDay = toDay(end);
  let totalValue = dec(0);
  let totalOpening = dec(0);
  const valued: Computed[] = [];
  const lines: WeeklyInsights['portfolios'] = [];
  const movers: (WeeklyInsights['movers'][number] & { size: number })[] = [];
  for (const portfolio of own) {
    const scope: Scope = {
      access: { level: 'owner', portfolio, share: null },
      portfolioId: portfolio.id,
      simulationId: null,
    };
    const computed = await valueView(ctx, scope, currency, '1W');
    valued.push(computed);
    const { figures, performance } = computed.result;
    const value = dec(figures.value);
    const opening = dec(performance.openingValue.toFixed(2));
    totalValue = totalValue.plus(value);
    totalOpening = totalOpening.plus(opening);
    lines.push({
      name: portfolio.name,
      value: money(value),
      change: money(value.minus(opening)),
      changePercent: twr(performance.twr, performance.days),
    });
    for (const holding of computed.result.holdings) {
      const move = twr(holding.performance.twr, holding.performance.days);
      if (move === null || Math.abs(move) < 0.0005) continue;
      movers.push({
        name: computed.meta.get(holding.id)?.name ?? holding.symbol ?? '',
        portfolio: portfolio.name,
        value: money(dec(holding.figures.value)),
        changePercent: move,
        size: Math.abs(move),
      });
    }
  }
  // The week of all portfolios together, as the dashboard adds them (day by day).
  const daily = addDaily(
    valued.map((computed) => computed.result.daily),
    endDay,
  );
  const start = daily ? fromDay(rangeStartDay('1W', endDay, daily.firstDay)) : end;
  const together = daily
    ? rangePerformance(
        daily,
        rangeStartDay('1W', endDay, daily.firstDay) - daily.firstDay,
        endDay - daily.firstDay,
      )
    : null;
  const [counted] = await db
    .select({ n: count() })
    .from(transactions)
    .where(
      and(
        inArray(
          transactions.portfolioId,
          own.map((portfolio) => portfolio.id),
        ),
        isNull(transactions.simulationId),
        gte(transactions.tradeDate, start),
        lte(transactions.tradeDate, end),
      ),
    );
  const newTransactions = Number(counted?.n ?? 0);
  if (totalValue.isZero() && totalOpening.isZero() && newTransactions === 0) return null;
  movers.sort((a, b) => b.size - a.size);
  const change = totalValue.minus(totalOpening);
  return {
    currency,
    start,
    end,
    opening: money(totalOpening),
    value: money(totalValue),
    change: money(change),
    changePercent: together ? twr(together.twr, together.days) : null,
    portfolios: lines,
    movers: movers.slice(0, TOP_MOVERS).map(({ size: _size, ...mover }) => mover),
    newTransactions,
  };
}

/**
 * One run of the insights job: the owners whose next look is due (`insights_next_at` passed, or
 * not worked out yet: a new account, or a changed time zone, quiet hours or insights switch), so a
 * run costs the users who are due, not every user. Each is sent this week's email if its moment
 * has come (and not more than a day ago) and the week has no insights row yet, then gets its next
 * look: this week's moment if it is still ahead, else next week's. The row and the email are
 * written in one transaction, and the row is unique per user and week, so two runs (two
 * processes, or a retried job) send one email. A user whose run fails keeps their due time, so the
 * next run tries again.
 */
export async function sendWeeklyInsights(ctx: ServerContext, log: DeliveryLogger) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const page: { id: string; email: string }[] = await db
      .selectDistinct({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(portfolios, eq(portfolios.userId, users.id))
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(
        and(
          or(
            isNull(notificationSettings.insightsNextAt),
            lte(notificationSettings.insightsNextAt, now),
          ),
          after ? gt(users.id, after) : undefined,
        ),
      )
      .orderBy(asc(users.id))
      .limit(USERS_PER_PAGE);
    if (!page.length) break;
    after = page[page.length - 1]?.id ?? null;
    for (const user of page) {
      try {
        if (await sendUserInsights(ctx, user, now)) sent += 1;
      } catch (error) {
        // One user's failure does not stop the others; the next run tries again.
        log.error({ err: error, userId: user.id }, 'weekly insights not sent');
      }
    }
  }
  return sent;
}

/** When the job next looks at a user (their settings row is created if it is missing). */
async function lookAgainAt(db: DbOrTx, userId: string, at: Date) {
  await db
    .insert(notificationSettings)
    .values({ userId, insightsNextAt: at })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { insightsNextAt: at } });
}

async function sendUserInsights(
  ctx: ServerContext,
  user: { id: string; email: string },
  now: Date,
) {
  const db = ctx.database.db;
  const settings = await deliverySettings(db, user.id);
  const { periodKey, dueAt } = weeklyInsightsMoment(now, settings.quiet, settings.timeZone);
  if (now < dueAt) {
    await lookAgainAt(db, user.id, dueAt);
    return false;
  }
  // A week later lands in next week, whatever its daylight-saving change or quiet hours.
  const nextWeek = weeklyInsightsMoment(
    new Date(dueAt.getTime() + 7 * DAY),
    settings.quiet,
    settings.timeZone,
  ).dueAt;
  if (!settings.email.insights || now.getTime() >= dueAt.getTime() + CATCH_UP_MS) {
    await lookAgainAt(db, user.id, nextWeek);
    return false;
  }
  const [done] = await db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.userId, user.id),
        eq(notificationDeliveries.kind, 'insights'),
        eq(notificationDeliveries.periodKey, periodKey),
      ),
    );
  if (done) {
    await lookAgainAt(db, user.id, nextWeek);
    return false;
  }
  const insights = await weeklyInsights(ctx, user.id);
  const language = (await accountLanguage(db, { userId: user.id })) ?? 'en';
  return db.transaction(async (tx) => {
    await lookAgainAt(tx, user.id, nextWeek);
    const [row] = await tx
      .insert(notificationDeliveries)
      .values({
        userId: user.id,
        channel: 'email',
        kind: 'insights',
        category: 'insights',
        status: insights ? 'sent' : 'skipped',
        dueAt,
        periodKey,
        attempts: 1,
        sentAt: insights ? now : null,
        lastError: insights ? null : 'nothing to say',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: notificationDeliveries.id });
    // Another run took this week first.
    if (!row || !insights) return false;
    await ctx.mailer.queue(
      tx,
      deliveryEmails.insights(
        user.email,
        language,
        insights,
        new URL('/dashboard', ctx.config.publicUrl).toString(),
      ),
    );
    return true;
  });
}
