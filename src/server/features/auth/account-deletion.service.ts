import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { ACCOUNT_DELETION_GRACE_DAYS, type DeletionPreview } from '@/contracts/privacy';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  accountDeletions,
  accountShares,
  adminAuditLog,
  holdings,
  mailOutbox,
  mfaFactors,
  portfolios,
  privacyExports,
  profiles,
  transactions,
  users,
  waitlistEntries,
} from '../../db/schema';
import { accountLanguage } from '../profile';
import { recordAudit } from '../admin';
import { type AuthContext, clientInfo, revokeOtherSessions } from '../session';
import { DAY } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { notify } from '../notifications';
import { languageOf } from '../../platform/language';
import { verifyPassword } from './passwords';
import { authEmails } from './auth.emails';
import { findUserById } from './auth.repo';
import { checkFactorCode } from './mfa.service';

/**
 * Account deletion with a grace period (issue 17; docs/decisions.md, "Your data: export and
 * account deletion"). Asking (password, and an authenticator code when the account has one)
 * records the request, ends every session and tells the people the user's portfolios are shared
 * with; for 7 days signing in shows only the "your account will be deleted" screen, from which
 * the user may keep the account. Then a scheduled job deletes everything in one transaction.
 */

export const GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * DAY;

/** One transaction at a time decides whether someone is the last admin. */
const ADMIN_LOCK = sql`select pg_advisory_xact_lock(hashtext('account-deletion-admins'))`;

/** Admins other than `userId` who are not themselves waiting for deletion. */
async function otherAdmins(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(
      and(
        eq(profiles.role, 'admin'),
        ne(profiles.userId, userId),
        notInArray(
          profiles.userId,
          db.select({ id: accountDeletions.userId }).from(accountDeletions),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

async function isLastAdmin(db: DbOrTx, auth: Pick<AuthContext, 'user'>) {
  return auth.user.role === 'admin' && (await otherAdmins(db, auth.user.id)) === 0;
}

type SharedPortfolio = {
  portfolioId: string;
  portfolioName: string;
  userId: string;
  name: string;
};

/** The people each of the user's portfolios is shared with (accepted invitations). */
async function sharedWith(db: DbOrTx, ownerId: string): Promise<SharedPortfolio[]> {
  return db
    .select({
      portfolioId: portfolios.id,
      portfolioName: portfolios.name,
      userId: sql<string>`${accountShares.sharedWithUserId}`,
      name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.email})`,
    })
    .from(accountShares)
    .innerJoin(portfolios, eq(portfolios.id, accountShares.portfolioId))
    .innerJoin(users, eq(users.id, accountShares.sharedWithUserId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(portfolios.userId, ownerId),
        eq(accountShares.status, 'accepted'),
        ne(users.id, ownerId),
      ),
    )
    .orderBy(asc(portfolios.name), asc(users.email));
}

const displayName = (user: { fullName: string | null; email: string }) =>
  user.fullName?.trim() || user.email;

const countOf = async (query: PromiseLike<{ n: number }[]>) => {
  const [row] = await query;
  return Number(row?.n ?? 0);
};

/** What deleting the account removes (the dialog's first step). */
export async function deletionPreview(
  ctx: ServerContext,
  auth: AuthContext,
): Promise<DeletionPreview> {
  const db = ctx.database.db;
  const userId = auth.user.id;
  const [portfolioCount, holdingCount, transactionCount, shares, factors, lastAdmin] =
    await Promise.all([
      countOf(db.select({ n: count() }).from(portfolios).where(eq(portfolios.userId, userId))),
      countOf(db.select({ n: count() }).from(holdings).where(eq(holdings.userId, userId))),
      countOf(db.select({ n: count() }).from(transactions).where(eq(transactions.userId, userId))),
      sharedWith(db, userId),
      db
        .select({ id: mfaFactors.id })
        .from(mfaFactors)
        .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified'))),
      isLastAdmin(db, auth),
    ]);
  const byPortfolio = new Map<string, { id: string; name: string; sharedWith: string[] }>();
  for (const share of shares) {
    const entry = byPortfolio.get(share.portfolioId) ?? {
      id: share.portfolioId,
      name: share.portfolioName,
      sharedWith: [],
    };
    entry.sharedWith.push(share.name);
    byPortfolio.set(share.portfolioId, entry);
  }
  return {
    portfolios: portfolioCount,
    holdings: holdingCount,
    transactions: transactionCount,
    sharedPortfolios: [...byPortfolio.values()],
    needsCode: factors.length > 0,
    lastAdmin,
    graceDays: ACCOUNT_DELETION_GRACE_DAYS,
  };
}

/**
 * Re-authentication for a sensitive change: the password (INVALID_CREDENTIALS), then, when the
 * account has a verified authenticator, a code of one of them (INVALID_CODE when missing or
 * wrong; the same per-authenticator lockout as the second step: RATE_LIMITED once locked).
 */
export async function reauthenticate(
  ctx: ServerContext,
  auth: AuthContext,
  input: { password: string; code?: string | undefined },
) {
  const user = await findUserById(ctx.database.db, auth.user.id);
  if (!user || !(await verifyPassword(user.passwordHash, input.password)))
    throw new AppError('INVALID_CREDENTIALS');
  const now = ctx.clock.now();
  const result = await ctx.database.db.transaction(async (tx) => {
    const factors = await tx
      .select()
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, user.id), eq(mfaFactors.status, 'verified')))
      .orderBy(asc(mfaFactors.createdAt));
    if (factors.length === 0) return { ok: true as const };
    if (!input.code) return { ok: false as const, code: 'INVALID_CODE' as const };
    let retryAfterSeconds: number | null = null;
    // The code may come from any of the authenticators (the dialog does not ask which).
    for (const factor of factors) {
      const checked = await checkFactorCode(ctx, tx, factor, input.code, now);
      if (checked.ok) return { ok: true as const };
      if (checked.code === 'RATE_LIMITED')
        retryAfterSeconds = Math.max(retryAfterSeconds ?? 0, checked.retryAfterSeconds);
    }
    return retryAfterSeconds === null
      ? { ok: false as const, code: 'INVALID_CODE' as const }
      : { ok: false as const, code: 'RATE_LIMITED' as const, retryAfterSeconds };
  });
  // Failures were counted (the transaction committed); now the refusal.
  if (!result.ok) {
    if (result.code === 'RATE_LIMITED')
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: result.retryAfterSeconds });
    throw new AppError('INVALID_CODE');
  }
}

/**
 * Asks for the account's deletion (after `reauthenticate`): the request is recorded with its
 * date, every session ends, the change is audited, and the people the user's portfolios are
 * shared with are told. The last admin is refused (LAST_ADMIN).
 */
export async function requestDeletion(
  ctx: ServerContext,
  request: FastifyRequest,
  auth: AuthContext,
) {
  const now = ctx.clock.now();
  const scheduledFor = new Date(now.getTime() + GRACE_MS);
  const { ip, userAgent } = clientInfo(request);
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(ADMIN_LOCK);
    const [profile] = await tx
      .select({ role: profiles.role, fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.userId, auth.user.id));
    if (profile?.role === 'admin' && (await otherAdmins(tx, auth.user.id)) === 0)
      throw new AppError('LAST_ADMIN');
    const [inserted] = await tx
      .insert(accountDeletions)
      .values({
        userId: auth.user.id,
        requestedAt: now,
        scheduledFor,
        ipAddress: ip,
        userAgent: userAgent?.slice(0, 512) ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ userId: accountDeletions.userId });
    if (!inserted) throw new AppError('ACCOUNT_PENDING_DELETION');
    await revokeOtherSessions(tx, ctx.realtime, auth.user.id, null);
    await recordAudit(
      tx,
      request,
      auth,
      {
        action: 'account.deletion_requested',
        targetType: 'user',
        targetId: auth.user.id,
        after: { scheduledFor: scheduledFor.toISOString() },
      },
      now,
    );
    // The owner is told by email too: when it happens, and how to keep the account.
    const language =
      (await accountLanguage(tx, { userId: auth.user.id }, languageOf(request))) ?? 'en';
    await ctx.mailer.queue(
      tx,
      authEmails.deletionScheduled(auth.user.email, language, {
        requestedAt: now,
        scheduledFor,
        signInUrl: new URL('/login', ctx.config.publicUrl).toString(),
      }),
    );
    const owner = displayName({ fullName: profile?.fullName ?? null, email: auth.user.email });
    for (const share of await sharedWith(tx, auth.user.id)) {
      await notify(
        ctx,
        {
          userId: share.userId,
          type: 'warning',
          key: 'portfolioRemovalScheduled',
          params: { owner, portfolio: share.portfolioName, date: scheduledFor },
        },
        tx,
      );
    }
  });
  request.log.info({ userId: auth.user.id }, 'account deletion requested');
  return { scheduledFor };
}

/** Keeps the account during its grace period: the request goes, the people told are told again. */
export async function restoreAccount(
  ctx: ServerContext,
  request: FastifyRequest,
  auth: AuthContext,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(accountDeletions)
      .where(eq(accountDeletions.userId, auth.user.id))
      .returning({ scheduledFor: accountDeletions.scheduledFor });
    if (!removed) throw new AppError('NOT_FOUND', { resource: 'deletion' });
    await recordAudit(
      tx,
      request,
      auth,
      {
        action: 'account.deletion_cancelled',
        targetType: 'user',
        targetId: auth.user.id,
        before: { scheduledFor: removed.scheduledFor.toISOString() },
      },
      now,
    );
    await notify(ctx, { userId: auth.user.id, type: 'success', key: 'accountRestored' }, tx);
    const language =
      (await accountLanguage(tx, { userId: auth.user.id }, languageOf(request))) ?? 'en';
    await ctx.mailer.queue(tx, authEmails.deletionCancelled(auth.user.email, language, now));
    const owner = displayName(auth.user);
    for (const share of await sharedWith(tx, auth.user.id)) {
      await notify(
        ctx,
        {
          userId: share.userId,
          type: 'info',
          key: 'portfolioRemovalCancelled',
          params: { owner, portfolio: share.portfolioName },
        },
        tx,
      );
    }
  });
  request.log.info({ userId: auth.user.id }, 'account deletion cancelled');
}

/**
 * Deletes one account whose grace period is over, in one transaction: every row of the user
 * (the foreign keys cascade from `users`; rows kept for others lose their link to it), the
 * emails to its address, its waitlist entry and invitations, and the admin audit entries are
 * kept but anonymised (no id, no email, no before/after of the account). The people its
 * portfolios were shared with are told. Its files (avatar, data exports) go after the commit.
 * Nothing happens when the request was cancelled or is not due.
 */
export async function purgeAccount(ctx: ServerContext, userId: string, now: Date) {
  const files: string[] = [];
  const done = await ctx.database.db.transaction(async (tx) => {
    const [due] = await tx
      .select({ userId: accountDeletions.userId })
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), lte(accountDeletions.scheduledFor, now)))
      .for('update');
    if (!due) return false;
    const user = await findUserById(tx, userId);
    if (!user) return false;
    const shares = await sharedWith(tx, userId);
    const avatarKey = user.avatarUrl ? ctx.storage.keyOf(user.avatarUrl) : null;
    if (avatarKey) files.push(avatarKey);
    const exportsOfUser = await tx
      .select({ fileKey: privacyExports.fileKey })
      .from(privacyExports)
      .where(eq(privacyExports.userId, userId));
    for (const row of exportsOfUser) if (row.fileKey) files.push(row.fileKey);

    await tx
      .update(adminAuditLog)
      .set({ targetId: null, before: null, after: null })
      .where(eq(adminAuditLog.targetId, userId));
    await tx
      .update(adminAuditLog)
      .set({ actorId: null, actorEmail: null, ip: null })
      .where(or(eq(adminAuditLog.actorId, userId), eq(adminAuditLog.actorEmail, user.email)));
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.email, user.email));
    await tx.delete(accountShares).where(eq(accountShares.sharedWithEmail, user.email));
    // A session opened during the grace period ends with the account: its sockets close too.
    await revokeOtherSessions(tx, ctx.realtime, userId, null);
    await tx.delete(users).where(eq(users.id, userId));

    const owner = displayName(user);
    for (const share of shares) {
      await notify(
        ctx,
        {
          userId: share.userId,
          type: 'warning',
          key: 'portfolioRemoved',
          params: { owner, portfolio: share.portfolioName },
        },
        tx,
      );
    }
    return true;
  });
  if (done) {
    for (const key of files) await ctx.storage.remove(key);
  }
  return done;
}

/** The scheduled job: deletes every account whose grace period is over. */
export async function purgeDueAccounts(ctx: ServerContext, now: Date = ctx.clock.now()) {
  const due = await ctx.database.db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(lte(accountDeletions.scheduledFor, now))
    .orderBy(asc(accountDeletions.scheduledFor));
  let purged = 0;
  for (const { userId } of due) {
    if (await purgeAccount(ctx, userId, now)) purged += 1;
  }
  return purged;
}
