import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inviteCodeMatches } from '../admin';
import {
  authTokens,
  emailOtps,
  inviteCodes,
  mfaFactors,
  profiles,
  notificationSettings,
  sessions,
  users,
  waitlistEntries,
} from '../../db/schema';

export const userWithProfile = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  emailConfirmedAt: users.emailConfirmedAt,
  createdAt: users.createdAt,
  role: profiles.role,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
};

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(userWithProfile)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select(userWithProfile)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export async function countUsers(db: DbOrTx) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

export async function verifiedFactors(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')))
    .orderBy(mfaFactors.createdAt);
}

export async function loginNotificationsEnabled(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ enabled: notificationSettings.loginNotifications })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.enabled ?? true;
}

/** An invite code that can be used now by this email; locked until the transaction ends. */
export async function findUsableInvite(db: DbOrTx, code: string, email: string, now: Date) {
  const [invite] = await db
    .select()
    .from(inviteCodes)
    .where(inviteCodeMatches(code))
    .for('update')
    .limit(1);
  if (!invite || invite.status !== 'valid') return null;
  if (invite.expiresAt && invite.expiresAt <= now) return null;
  if (invite.email && invite.email.toLowerCase() !== email) return null;
  return invite;
}

export async function consumeInvite(db: DbOrTx, code: string, userId: string, now: Date) {
  const used = await db
    .update(inviteCodes)
    .set({ status: 'used', usedBy: userId, usedAt: now })
    .where(and(eq(inviteCodes.code, code), eq(inviteCodes.status, 'valid')))
    .returning({ code: inviteCodes.code });
  return used.length === 1;
}

export async function findToken(
  db: DbOrTx,
  purpose: 'password_reset' | 'email_confirmation',
  tokenHash: string,
) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.purpose, purpose), eq(authTokens.tokenHash, tokenHash)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Marks a token used if nobody did first; false when it was already used. */
export async function useToken(db: DbOrTx, id: string, now: Date) {
  const updated = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return updated.length === 1;
}

/** Earlier unused links of the same kind stop working when a new one is sent. */
export async function expireUnusedTokens(
  db: DbOrTx,
  userId: string,
  purpose: 'password_reset' | 'email_confirmation',
  now: Date,
) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
      ),
    );
}

/**
 * Outstanding links of a kind expire now (a password change makes reset links asked for before it
 * worthless): they then answer "expired".
 */
export async function expireTokens(
  db: DbOrTx,
  userId: string,
  purpose: 'password_reset' | 'email_confirmation',
  now: Date,
) {
  await db
    .update(authTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    );
}

export async function latestOtp(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(emailOtps)
    .where(and(eq(emailOtps.userId, userId), isNull(emailOtps.usedAt)))
    .orderBy(desc(emailOtps.createdAt))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function listSessions(db: DbOrTx, userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Registering with a waitlist entry's code marks the entry registered. */
export async function markWaitlistRegistered(db: DbOrTx, code: string, now: Date) {
  await db
    .update(waitlistEntries)
    .set({ status: 'registered', updatedAt: now })
    .where(
      and(eq(waitlistEntries.inviteCode, code), sql`${waitlistEntries.status} <> 'registered'`),
    );
}
