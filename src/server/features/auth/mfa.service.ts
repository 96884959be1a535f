import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { AUTH_LIMITS } from '@/contracts/auth';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { mfaChallenges, mfaFactors } from '../../db/schema';
import { type AuthContext, rotateSessionOrFail } from '../session';
import { SECOND } from '../../platform/clock';
import { decrypt, encrypt } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { notify } from '../notifications';
import { authenticatorTarget, clearFailures, lockedFor, recordFailure } from './lockouts';

/** TOTP as the spec sets it: SHA-1, 6 digits, 30-second steps, one step of clock skew either way. */
export const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const TOTP_WINDOW = 1;
const MAX_CHALLENGE_ATTEMPTS = 5;
const ISSUER = 'Cairn';

type FactorRow = typeof mfaFactors.$inferSelect;

function totpFor(secretBase32: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secretBase32),
    ...TOTP_PARAMS,
  });
}

export async function listFactors(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .orderBy(asc(mfaFactors.createdAt));
}

async function factorOf(db: DbOrTx, userId: string, factorId: string): Promise<FactorRow> {
  const [factor] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)))
    .limit(1);
  if (!factor) throw new AppError('NOT_FOUND', { resource: 'factor' });
  return factor;
}

/** Takes a per-user advisory lock for the transaction, or reports the operation already running. */
async function tryLock(tx: DbOrTx, name: string, userId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext(${`${name}:${userId}`})) as locked`,
  );
  const rows = (result as unknown as { rows: { locked: boolean }[] }).rows;
  return rows[0]?.locked === true;
}

/**
 * Changing the authenticators of an account that has a verified one needs aal2, or the recovery
 * bypass: a user who lost their authenticator recovers by email, then adds a new one and removes
 * the lost one (what the recovery email advises).
 */
function needsAal2(auth: AuthContext) {
  return auth.hasVerifiedFactor && auth.session.aal !== 'aal2' && !auth.session.mfaBypass;
}

function defaultName(now: Date) {
  // 'Authenticator' followed by the date and time (spec 000, section 7).
  return `Authenticator ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
}

/**
 * Starts adding a TOTP authenticator: returns its secret, otpauth URI and QR code. A leftover
 * unverified factor is removed first; one enrolment at a time; with a verified factor already,
 * the session must be aal2 (or carry the recovery bypass).
 */
export async function enrollFactor(
  ctx: ServerContext,
  auth: AuthContext,
  friendlyName: string | undefined,
) {
  if (needsAal2(auth)) {
    throw new AppError(
      'AAL2_REQUIRED',
      { action: 'enroll' },
      'MFA enrollment requires AAL2. Please verify your identity using existing MFA first.',
    );
  }
  const now = ctx.clock.now();
  const name = friendlyName ?? defaultName(now);
  const secret = new Secret({ size: 20 }).base32;
  const factor = await ctx.database.db.transaction(async (tx) => {
    if (!(await tryLock(tx, 'mfa-enroll', auth.user.id))) {
      throw new AppError(
        'OPERATION_IN_PROGRESS',
        { operation: 'enroll' },
        'Enrollment already in progress',
      );
    }
    await tx
      .delete(mfaFactors)
      .where(and(eq(mfaFactors.userId, auth.user.id), eq(mfaFactors.status, 'unverified')));
    const [existing] = await tx
      .select({ total: count() })
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, auth.user.id));
    if ((existing?.total ?? 0) >= AUTH_LIMITS.maxFactors) throw new AppError('TOO_MANY_FACTORS');
    const [clash] = await tx
      .select({ id: mfaFactors.id })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, auth.user.id), eq(mfaFactors.friendlyName, name)));
    if (clash) throw new AppError('FACTOR_NAME_TAKEN');
    const [inserted] = await tx
      .insert(mfaFactors)
      .values({
        userId: auth.user.id,
        friendlyName: name,
        secretCiphertext: encrypt(secret, ctx.dataKey),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error('factor insert returned nothing');
    return inserted;
  });
  const uri = totpFor(secret, auth.user.email).toString();
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { id: factor.id, qrCode, secret, uri };
}

/** A challenge for one of the caller's factors, valid 5 minutes. */
export async function createChallenge(ctx: ServerContext, auth: AuthContext, factorId: string) {
  await factorOf(ctx.database.db, auth.user.id, factorId);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + AUTH_LIMITS.challengeLifetimeSeconds * SECOND);
  const [challenge] = await ctx.database.db
    .insert(mfaChallenges)
    .values({ factorId, userId: auth.user.id, expiresAt, createdAt: now })
    .returning({ id: mfaChallenges.id });
  if (!challenge) throw new Error('challenge insert returned nothing');
  return { challengeId: challenge.id, expiresAt: expiresAt.toISOString() };
}

export type CodeCheck =
  | { ok: true }
  | { ok: false; code: 'INVALID_CODE'; counted: true }
  | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number; counted: boolean };

/**
 * Checks a code of one authenticator, in the caller's transaction (which must commit even when
 * the answer is a refusal, so that failures count): refused while the authenticator is locked;
 * a wrong code counts a failure (5 per 15 minutes lock it, lockouts.ts); a right code is
 * accepted once (its time step recorded with a compare-and-set, so the same code, or an older
 * one, is refused afterwards, even to two requests at once), the factor becomes verified and
 * its failures are forgotten. The one check of a code for the second step, for enrolment and
 * for sensitive changes (account deletion).
 */
export async function checkFactorCode(
  ctx: Pick<ServerContext, 'dataKey'>,
  tx: DbOrTx,
  factor: FactorRow,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const target = authenticatorTarget(factor);
  const wait = await lockedFor(tx, target.key, now);
  if (wait !== null)
    return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: wait, counted: false };
  const secret = decrypt(factor.secretCiphertext, ctx.dataKey);
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    ...TOTP_PARAMS,
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  const failed = async (): Promise<CodeCheck> => {
    const locked = await recordFailure(tx, target, now);
    return locked === null
      ? { ok: false, code: 'INVALID_CODE', counted: true }
      : { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: locked, counted: true };
  };
  if (delta === null) return failed();

  const step = TOTP.counter({ period: TOTP_PARAMS.period, timestamp: now.getTime() }) + delta;
  const accepted = await tx
    .update(mfaFactors)
    .set({ lastUsedStep: step, status: 'verified', updatedAt: now })
    .where(
      and(
        eq(mfaFactors.id, factor.id),
        or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: mfaFactors.id });
  if (accepted.length !== 1) return failed(); // the same code (or an older one) was already used
  await clearFailures(tx, target.key);
  return { ok: true };
}

export type VerifyResult =
  | { ok: true; token: string; remember: boolean; expiresAt: Date }
  | { ok: false; code: 'INVALID_CODE' | 'CHALLENGE_EXPIRED' }
  | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number };

/**
 * Checks a code against a challenge. On success the factor is verified, the code's time step is
 * recorded with a compare-and-set (a code is accepted once per factor, even by two requests at
 * the same moment), the challenge is spent, and the session reaches aal2 with a new token.
 * Wrong tries count even though the answer is an error: 5 per challenge (then it is spent, like
 * an expired one: ask for a new one) and 5 per 15 minutes per factor, whatever the challenge
 * (then the factor is locked: 429 with the wait).
 */
export async function verifyChallenge(
  ctx: ServerContext,
  auth: AuthContext,
  input: { factorId: string; challengeId: string; code: string },
): Promise<VerifyResult> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx): Promise<VerifyResult> => {
    const [challenge] = await tx
      .select()
      .from(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.id, input.challengeId),
          eq(mfaChallenges.userId, auth.user.id),
          eq(mfaChallenges.factorId, input.factorId),
        ),
      )
      .for('update')
      .limit(1);
    if (!challenge) throw new AppError('NOT_FOUND', { resource: 'challenge' });
    if (
      challenge.verifiedAt ||
      challenge.expiresAt <= now ||
      challenge.attempts >= MAX_CHALLENGE_ATTEMPTS
    )
      return { ok: false, code: 'CHALLENGE_EXPIRED' };

    const factor = await factorOf(tx, auth.user.id, input.factorId);
    const checked = await checkFactorCode(ctx, tx, factor, input.code, now);
    if (!checked.ok) {
      if (checked.counted) {
        await tx
          .update(mfaChallenges)
          .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
          .where(eq(mfaChallenges.id, challenge.id));
      }
      return checked.code === 'RATE_LIMITED'
        ? { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: checked.retryAfterSeconds }
        : { ok: false, code: 'INVALID_CODE' };
    }

    await tx
      .update(mfaChallenges)
      .set({ verifiedAt: now })
      .where(eq(mfaChallenges.id, challenge.id));
    if (factor.status !== 'verified') {
      // The first verification is what adds the factor.
      await notify(
        ctx,
        {
          userId: auth.user.id,
          type: 'system',
          key: 'factorAdded',
          params: { name: factor.friendlyName },
        },
        tx,
      );
    }
    const rotated = await rotateSessionOrFail(tx, auth.session, now, { aal: 'aal2' });
    return { ok: true, ...rotated };
  });
}

function requireDeletionRight(auth: AuthContext) {
  if (needsAal2(auth)) {
    throw new AppError('AAL2_REQUIRED', { action: 'delete' });
  }
}

/**
 * Removes one factor. Needs aal2 (or the recovery bypass); the last verified factor cannot be
 * removed on its own (spec: at least one must remain; "remove all" is the way to none). The
 * user's verified factors are locked (SELECT ... FOR UPDATE) before counting, so two deletions
 * at once cannot both see "another one remains" and leave none.
 */
export async function deleteFactor(ctx: ServerContext, auth: AuthContext, factorId: string) {
  await ctx.database.db.transaction(async (tx) => {
    const factor = await factorOf(tx, auth.user.id, factorId);
    if (factor.status === 'verified') {
      requireDeletionRight(auth);
      const verified = await tx
        .select({ id: mfaFactors.id })
        .from(mfaFactors)
        .where(and(eq(mfaFactors.userId, auth.user.id), eq(mfaFactors.status, 'verified')))
        .for('update');
      if (!verified.some((row) => row.id === factor.id))
        throw new AppError('NOT_FOUND', { resource: 'factor' });
      if (verified.length <= 1) throw new AppError('LAST_VERIFIED_FACTOR');
    }
    await tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
    if (factor.status === 'verified') {
      await notify(
        ctx,
        {
          userId: auth.user.id,
          type: 'warning',
          key: 'factorRemoved',
          params: { name: factor.friendlyName },
        },
        tx,
      );
    }
  });
}

/** Removes every factor of the caller (aal2 or the recovery bypass); one clear at a time. */
export async function clearFactors(ctx: ServerContext, auth: AuthContext) {
  requireDeletionRight(auth);
  return ctx.database.db.transaction(async (tx) => {
    if (!(await tryLock(tx, 'mfa-clear', auth.user.id))) {
      throw new AppError(
        'OPERATION_IN_PROGRESS',
        { operation: 'clear' },
        'Clear operation already in progress',
      );
    }
    const removed = await tx
      .delete(mfaFactors)
      .where(eq(mfaFactors.userId, auth.user.id))
      .returning({ id: mfaFactors.id, name: mfaFactors.friendlyName, status: mfaFactors.status });
    for (const factor of removed) {
      if (factor.status !== 'verified') continue;
      await notify(
        ctx,
        {
          userId: auth.user.id,
          type: 'warning',
          key: 'factorRemoved',
          params: { name: factor.name },
        },
        tx,
      );
    }
    return removed.length;
  });
}
