import { and, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { authLockouts, authTokens, emailOtps, mfaChallenges, sessions } from '../../db/schema';
import { DAY } from '../../platform/clock';

/**
 * How long spent or expired rows stay. Links stay a week past expiry so an old link still
 * answers "expired" or "already used" rather than "invalid"; codes, challenges and guess
 * counters a day.
 */
export const AUTH_RETENTION = {
  linksAfterExpiryMs: 7 * DAY,
  codesAfterExpiryMs: DAY,
  lockoutsIdleMs: DAY,
} as const;

/**
 * Deletes expired sessions (their WebSockets close), old links, codes, challenges and idle
 * guess counters. Runs as a periodic job; `now` comes from the app's clock.
 */
export async function purgeExpiredAuthData(ctx: ServerContext, now: Date) {
  const db = ctx.database.db;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  const endedSessions = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  if (endedSessions.length > 0)
    await ctx.realtime.endSessions({ sessionIds: endedSessions.map((row) => row.id) });

  const linksBefore = ago(AUTH_RETENTION.linksAfterExpiryMs);
  const links = await db
    .delete(authTokens)
    .where(
      or(
        lt(authTokens.expiresAt, linksBefore),
        and(isNotNull(authTokens.usedAt), lt(authTokens.usedAt, linksBefore)),
      ),
    )
    .returning({ id: authTokens.id });

  const codesBefore = ago(AUTH_RETENTION.codesAfterExpiryMs);
  const codes = await db
    .delete(emailOtps)
    .where(
      or(
        lt(emailOtps.expiresAt, codesBefore),
        and(isNotNull(emailOtps.usedAt), lt(emailOtps.usedAt, codesBefore)),
      ),
    )
    .returning({ id: emailOtps.id });
  const challenges = await db
    .delete(mfaChallenges)
    .where(lt(mfaChallenges.expiresAt, codesBefore))
    .returning({ id: mfaChallenges.id });

  const idleBefore = ago(AUTH_RETENTION.lockoutsIdleMs);
  const lockouts = await db
    .delete(authLockouts)
    .where(
      and(
        lt(authLockouts.updatedAt, idleBefore),
        or(isNull(authLockouts.lockedUntil), lt(authLockouts.lockedUntil, idleBefore)),
      ),
    )
    .returning({ key: authLockouts.key });

  return {
    sessions: endedSessions.length,
    links: links.length,
    codes: codes.length,
    challenges: challenges.length,
    lockouts: lockouts.length,
  };
}
