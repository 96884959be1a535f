import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authLockouts } from '../../db/schema';
import { DAY, MINUTE } from '../../platform/clock';

/**
 * Guessing limits per target, whatever address, challenge or emailed code the guesses come
 * through (checklist 13): 5 failures within 15 minutes lock the target for 15 minutes, doubling
 * with each further lockout (at most a day); a day after the last lockout the count starts over.
 * A success clears it.
 */
export const LOCKOUT_POLICY = {
  maxFailures: 5,
  windowMs: 15 * MINUTE,
  firstLockMs: 15 * MINUTE,
  maxLockMs: DAY,
  forgetLockoutsAfterMs: DAY,
} as const;

export type LockTarget = { key: string; userId: string };

/** An authenticator: its codes can be guessed from any challenge. */
export const authenticatorTarget = (factor: { id: string; userId: string }): LockTarget => ({
  key: `totp:${factor.id}`,
  userId: factor.userId,
});

/** A user's emailed recovery codes: a new code does not give new guesses. */
export const emailCodeTarget = (userId: string): LockTarget => ({
  key: `email-code:${userId}`,
  userId,
});

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** Seconds until the target accepts codes again, or null when it is not locked. */
export async function lockedFor(db: DbOrTx, key: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ lockedUntil: authLockouts.lockedUntil })
    .from(authLockouts)
    .where(eq(authLockouts.key, key))
    .limit(1);
  if (!row?.lockedUntil || row.lockedUntil <= now) return null;
  return secondsUntil(row.lockedUntil, now);
}

/**
 * Counts one failed check (under a row lock, so parallel failures all count). Returns the length
 * in seconds of the lockout this failure started, or null when the target is not locked by it.
 */
export async function recordFailure(
  db: DbOrTx,
  target: LockTarget,
  now: Date,
): Promise<number | null> {
  await db
    .insert(authLockouts)
    .values({ key: target.key, userId: target.userId, windowStartedAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(authLockouts)
    .where(eq(authLockouts.key, target.key))
    .for('update')
    .limit(1);
  if (!row) throw new Error('lockout row vanished');

  let { failures, windowStartedAt, lockouts } = row;
  if (now.getTime() - windowStartedAt.getTime() >= LOCKOUT_POLICY.windowMs) {
    failures = 0;
    windowStartedAt = now;
  }
  if (
    row.lockedUntil &&
    now.getTime() - row.lockedUntil.getTime() >= LOCKOUT_POLICY.forgetLockoutsAfterMs
  ) {
    lockouts = 0;
  }
  failures += 1;
  let lockedUntil = row.lockedUntil;
  let lockSeconds: number | null = null;
  if (failures >= LOCKOUT_POLICY.maxFailures) {
    const lockMs = Math.min(LOCKOUT_POLICY.firstLockMs * 2 ** lockouts, LOCKOUT_POLICY.maxLockMs);
    lockedUntil = new Date(now.getTime() + lockMs);
    lockSeconds = secondsUntil(lockedUntil, now);
    lockouts += 1;
    failures = 0;
    windowStartedAt = now;
  }
  await db
    .update(authLockouts)
    .set({ failures, windowStartedAt, lockouts, lockedUntil, updatedAt: now })
    .where(eq(authLockouts.key, target.key));
  return lockSeconds;
}

/** A right code: the count starts over. */
export async function clearFailures(db: DbOrTx, key: string) {
  await db.delete(authLockouts).where(eq(authLockouts.key, key));
}
