import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_LIMITS } from '@/contracts/auth';
import type { Language } from '@/contracts/i18n';
import { VALIDATION_MESSAGES } from '@/contracts/validation-messages';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  adminAuditLog,
  emailOtps,
  notificationSettings,
  profiles,
  sessions,
  users,
  authTokens,
} from '../../db/schema';
import { accountLanguage } from '../profile';
import { createAccountDefaults } from './account-setup';
import {
  type AuthContext,
  createSession,
  revokeOtherSessions,
  revokeSession,
  rotateSessionOrFail,
} from '../session';
import { DAY, HOUR, MINUTE } from '../../platform/clock';
import { hashToken, randomDigits, randomToken, safeEqual } from '../../platform/crypto';
import { describeDevice } from './device';
import { AppError } from '../../platform/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { isBetaEnabled } from '../admin';
import { notify } from '../notifications';
import { authEmails } from './auth.emails';
import {
  clearFailures,
  emailCodeTarget,
  lockedFor,
  recordFailure as recordCodeFailure,
} from './lockouts';
import {
  type Attempt,
  checkAttempt,
  type Device,
  recordFailure,
  recordSuccess,
  SIGN_IN_POLICY,
} from './sign-in-guard';
import {
  consumeInvite,
  countUsers,
  expireTokens,
  expireUnusedTokens,
  findToken,
  findUsableInvite,
  findUserByEmail,
  findUserById,
  latestOtp,
  loginNotificationsEnabled,
  markWaitlistRegistered,
  useToken,
  verifiedFactors,
} from './auth.repo';

export const EMAIL_CONFIRMATION_LIFETIME_MS = 7 * DAY;
export const RESET_LINK_LIFETIME_MS = 1 * HOUR;
export const OTP_LIFETIME_MS = 10 * MINUTE;
export const MAX_CODE_ATTEMPTS = 5;
/** A reset by email pauses email recovery of the second step this long (see resetPassword). */
export const RECOVERY_LOCK_MS = AUTH_LIMITS.recoveryLockDays * DAY;
/** Registrations take this advisory lock: "first account is admin" and invite use stay exact. */
const REGISTRATION_LOCK = 727_274_002;

export type ClientInfo = { ip: string | null; userAgent: string | null; language: Language };

function localPart(email: string) {
  return email.split('@')[0] ?? email;
}

function link(ctx: ServerContext, path: string, token: string) {
  const url = new URL(path, ctx.config.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export type RegisterInput = {
  email: string;
  password: string;
  fullName?: string | undefined;
  inviteCode?: string | undefined;
};

/** How long an activation link works. Nothing is stored before it is opened. */
export const ACTIVATION_LINK_LIFETIME_MS = 24 * HOUR;

type PendingAccount = {
  email: string;
  passwordHash: string;
  fullName: string | null;
  inviteCode: string | null;
  expiresAt: number;
  /** The language of the registration (names the default portfolio); absent in older links. */
  language?: Language;
};

/**
 * Registration: answers the same whatever the email (202 "check your email"), and emails either
 * an activation link (new email) or, to an existing account's owner, a note that someone tried
 * to sign up with their address. The password is hashed in both cases and the lookup and email
 * run as a background job, so the answer and its timing do not tell whether the address has an
 * account (checklist 2). The link carries the pending account sealed with the data key: nothing
 * is stored until it is opened (see activate). During beta a valid invite code is required; it is
 * checked before the email, so a visitor without a code learns nothing about addresses.
 */
export async function register(
  ctx: ServerContext,
  input: RegisterInput,
  client: ClientInfo,
  /** The per-address email limit, checked once the invite code passed (the route's). */
  beforeEmail: () => Promise<void> = async () => {},
) {
  const now = ctx.clock.now();
  const beta = await isBetaEnabled(ctx.database.db);
  if (beta && !input.inviteCode) throw new AppError('INVITE_CODE_REQUIRED');
  const invite = input.inviteCode
    ? await findUsableInvite(ctx.database.db, input.inviteCode, input.email, now)
    : null;
  if (beta && !invite) throw new AppError('INVITE_CODE_INVALID');
  await beforeEmail();
  const passwordHash = await hashPassword(input.password);
  ctx.jobs.run('registration-email', async () => {
    const existing = await findUserByEmail(ctx.database.db, input.email);
    if (existing) {
      const language =
        (await accountLanguage(ctx.database.db, { userId: existing.id }, client.language)) ??
        client.language;
      await ctx.mailer.queue(
        ctx.database.db,
        authEmails.registrationAttempt(
          existing.email,
          language,
          new URL('/login', ctx.config.publicUrl).toString(),
        ),
      );
      return;
    }
    const pending: PendingAccount = {
      email: input.email,
      passwordHash,
      fullName: input.fullName ?? null,
      inviteCode: invite?.code ?? null,
      expiresAt: now.getTime() + ACTIVATION_LINK_LIFETIME_MS,
      language: client.language,
    };
    const token = sealActivation(pending, ctx.dataKey);
    await ctx.mailer.queue(
      ctx.database.db,
      authEmails.activateAccount(input.email, client.language, link(ctx, '/auth/activate', token)),
    );
  });
}

/**
 * Opens an activation link: creates the account (the first one of an empty database is an
 * admin), consumes the invite code, and marks the email confirmed (the link proved the mailbox).
 * It does not sign in: the user signs in with their password, so a link someone else asked for
 * cannot hand the mailbox's owner an account whose password a stranger chose without them
 * typing it. Single use: the link's hash is kept as a used token; a second opening, or a link
 * for an email that has an account by now, answers ACTIVATION_LINK_USED.
 */
export async function activate(ctx: ServerContext, token: string) {
  const pending = openActivation(token, ctx.dataKey);
  if (!pending) throw new AppError('ACTIVATION_LINK_INVALID');
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
    const [spent] = await tx
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(eq(authTokens.tokenHash, tokenHash))
      .limit(1);
    if (spent || (await findUserByEmail(tx, pending.email)))
      throw new AppError('ACTIVATION_LINK_USED');
    if (pending.expiresAt <= now.getTime()) throw new AppError('ACTIVATION_LINK_EXPIRED');
    const beta = await isBetaEnabled(tx);
    if (beta && !pending.inviteCode) throw new AppError('INVITE_CODE_REQUIRED');
    const invite = pending.inviteCode
      ? await findUsableInvite(tx, pending.inviteCode, pending.email, now)
      : null;
    if (beta && !invite) throw new AppError('INVITE_CODE_INVALID');

    const role = (await countUsers(tx)) === 0 ? 'admin' : 'user';
    const user = await createAccount(ctx, tx, {
      email: pending.email,
      passwordHash: pending.passwordHash,
      fullName: pending.fullName,
      language: pending.language,
      role,
      now,
    });
    if (invite) {
      if (!(await consumeInvite(tx, invite.code, user.id, now)))
        throw new AppError('INVITE_CODE_INVALID');
      await markWaitlistRegistered(tx, invite.code, now);
      await ctx.realtime.publish('admin', { entity: 'invites' }, tx);
      await ctx.realtime.publish('admin', { entity: 'waitlist' }, tx);
    }
    // Admins' open user lists follow new accounts.
    await ctx.realtime.publish('admin', { entity: 'users' }, tx);
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: 'email_confirmation',
      tokenHash,
      expiresAt: new Date(pending.expiresAt),
      usedAt: now,
      createdAt: now,
    });
    return { id: user.id, email: user.email, role };
  });
}

/**
 * The rows every account has from its first moment: the user (its email confirmed: an opened link
 * proved the mailbox, or the server's own administrator typed it at /setup), its profile with its
 * role, its settings rows, plan and default portfolio. Runs in the caller's transaction.
 */
async function createAccount(
  ctx: ServerContext,
  tx: DbOrTx,
  input: {
    email: string;
    passwordHash: string;
    fullName: string | null;
    language: Language | undefined;
    role: 'user' | 'admin';
    now: Date;
  },
) {
  const { now } = input;
  const language = input.language === 'fr' || input.language === 'en' ? input.language : null;
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      emailConfirmedAt: now,
      language,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  await tx.insert(profiles).values({
    userId: user.id,
    fullName: input.fullName ?? localPart(input.email),
    role: input.role,
    createdAt: now,
    updatedAt: now,
  });
  // Settings rows and the default portfolio exist from the first moment (no bootstrap dance).
  await createAccountDefaults(tx, user.id, {
    tier: ctx.config.defaultPlan,
    displayName: input.fullName,
    now,
    language: language === 'fr' ? 'fr' : 'en',
  });
  return user;
}

/** Whether the server still waits for its first account (the administrator, made at /setup). */
export async function setupRequired(ctx: ServerContext) {
  return (await countUsers(ctx.database.db)) === 0;
}

/**
 * The first account of an empty server, made at /setup: created at once as its administrator
 * and signed in, with no email to open, so a server without a mail server can be used from its
 * first minute (docs/decisions.md, "First run without mail"). Once any account exists it answers
 * SETUP_COMPLETE (409) and changes nothing; two set-ups at once make one account (the
 * registration lock, then the count again). Beta mode does not apply: nobody could have invited
 * the first account.
 */
export async function setUp(
  ctx: ServerContext,
  input: { email: string; password: string; fullName?: string | undefined },
  client: ClientInfo & { requestId?: string },
) {
  if (!(await setupRequired(ctx))) throw new AppError('SETUP_COMPLETE');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
    if ((await countUsers(tx)) > 0) throw new AppError('SETUP_COMPLETE');
    const created = await createAccount(ctx, tx, {
      email: input.email,
      passwordHash,
      fullName: input.fullName ?? null,
      language: client.language,
      role: 'admin',
      now,
    });
    await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, created.id));
    const { token, session } = await createSession(
      tx,
      {
        userId: created.id,
        remember: false,
        ip: client.ip,
        userAgent: client.userAgent,
        origin: 'sign_in',
      },
      ctx.clock,
    );
    // The first administrator is a role granted like any other: in the audit log.
    await tx.insert(adminAuditLog).values({
      actorId: created.id,
      actorEmail: created.email,
      action: 'auth.setup',
      targetType: 'user',
      targetId: created.id,
      after: { role: 'admin' },
      ip: client.ip,
      requestId: client.requestId ?? null,
      createdAt: now,
    });
    await ctx.realtime.publish('admin', { entity: 'users' }, tx);
    const user = await findUserById(tx, created.id);
    if (!user) throw new Error('the new account cannot be read back');
    return { user, token, session };
  });
}

/** The pending account, sealed (AES-256-GCM under a key derived from the data key) into a URL-safe token. */
function activationKey(dataKey: Buffer) {
  return createHmac('sha256', dataKey).update('cairn:account-activation:v1').digest();
}

export function sealActivation(pending: PendingAccount, dataKey: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', activationKey(dataKey), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

function openActivation(token: string, dataKey: Buffer): PendingAccount | null {
  try {
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', activationKey(dataKey), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
      'utf8',
    );
    const value = JSON.parse(text) as PendingAccount;
    return typeof value.email === 'string' && typeof value.passwordHash === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Counter-store trouble (Redis away) lets sign-in through rather than refusing everyone. */
async function guarded<T>(
  log: FastifyBaseLogger | undefined,
  work: () => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log?.warn({ err: error }, 'sign-in counters unreachable: not counted');
    return fallback;
  }
}

/**
 * Checks the password and opens an aal1 session. A wrong email or password fails the same way
 * and takes the same time. With a verified authenticator the session is held pending until the
 * second step. Each successful password step leaves a login notification when the user wants one.
 * Guessing is throttled without letting a stranger lock the owner out (sign-in-guard.ts): a
 * device cookie naming the account has its own budget; other attempts count per address and per
 * account, and the owner is emailed when strangers keep failing.
 */
export async function login(
  ctx: ServerContext,
  input: { email: string; password: string; remember: boolean },
  client: ClientInfo,
  options: { device?: Device | null; log?: FastifyBaseLogger } = {},
) {
  const { device = null, log } = options;
  const user = await findUserByEmail(ctx.database.db, input.email);
  const attempt: Attempt = {
    email: input.email,
    ip: client.ip ?? 'unknown',
    trustedDevice: device && user && device.userIds.includes(user.id) ? device : null,
  };
  await guarded(log, () => checkAttempt(ctx.counters, attempt), undefined);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (!user || !valid) {
    const now = ctx.clock.now();
    const alert = await guarded(
      log,
      () => recordFailure(ctx.counters, attempt, now.getTime(), user?.id ?? null),
      false,
    );
    if (alert && user) {
      ctx.jobs.run('sign-in-attack-email', async () => {
        const language = (await accountLanguage(ctx.database.db, { userId: user.id })) ?? 'en';
        await ctx.mailer.queue(
          ctx.database.db,
          authEmails.signInAttack(user.email, language, {
            failures: SIGN_IN_POLICY.account.alertAt,
            time: now,
          }),
        );
      });
    }
    throw new AppError('INVALID_CREDENTIALS');
  }
  await guarded(log, () => recordSuccess(ctx.counters, attempt), undefined);

  const now = ctx.clock.now();
  const factors = await verifiedFactors(ctx.database.db, user.id);
  const { token, session } = await ctx.database.db.transaction(async (tx) => {
    const created = await createSession(
      tx,
      {
        userId: user.id,
        remember: input.remember,
        ip: client.ip,
        userAgent: client.userAgent,
        origin: 'sign_in',
      },
      ctx.clock,
    );
    await tx
      .update(users)
      .set({ lastSignInAt: now, language: client.language })
      .where(eq(users.id, user.id));
    if (await loginNotificationsEnabled(tx, user.id)) {
      const device = describeDevice(client.userAgent);
      await notify(
        ctx,
        {
          userId: user.id,
          type: 'system',
          key: 'login',
          language: client.language,
          metadata: { ipAddress: client.ip, browser: device.browser, os: device.os },
          // The sign-in alert email below is its email.
          emailed: true,
        },
        tx,
      );
      await ctx.mailer.queue(
        tx,
        authEmails.loginNotification(user.email, client.language, {
          time: now,
          ip: client.ip,
          ...device,
        }),
      );
    }
    return created;
  });
  return { user, token, session, factors };
}

/**
 * Sends a reset link when the email has an account. Runs as a background job so the answer,
 * and its timing, is the same for known and unknown emails.
 */
export async function sendPasswordReset(ctx: ServerContext, email: string, language: Language) {
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user) return;
  const now = ctx.clock.now();
  const token = randomToken();
  await ctx.database.db.transaction(async (tx) => {
    await expireUnusedTokens(tx, user.id, 'password_reset', now);
    await tx.insert(authTokens).values({
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
      createdAt: now,
    });
    await ctx.mailer.queue(
      tx,
      authEmails.resetPassword(
        user.email,
        (await accountLanguage(tx, { userId: user.id }, language)) ?? language,
        link(ctx, '/auth/reset-password', token),
      ),
    );
  });
}

type TokenRow = NonNullable<Awaited<ReturnType<typeof findToken>>>;

function checkResetToken(row: TokenRow | null, now: Date): asserts row is TokenRow {
  if (!row) throw new AppError('RECOVERY_LINK_INVALID');
  if (row.usedAt) throw new AppError('RECOVERY_LINK_USED');
  if (row.expiresAt <= now) throw new AppError('RECOVERY_LINK_EXPIRED');
}

/** Tells the reset page whether its link still works, without using it. */
export async function verifyResetToken(ctx: ServerContext, token: string) {
  const row = await findToken(ctx.database.db, 'password_reset', hashToken(token));
  checkResetToken(row, ctx.clock.now());
}

/**
 * Sets a new password from a reset link (single use), ends every session of the account, and
 * opens a new aal1 one: two-factor is still required afterwards. Whoever reads the mailbox can
 * reset the password, so when the account has a verified authenticator, email recovery of the
 * second step is paused for 7 days (RECOVERY_LOCKED): the mailbox alone never passes both steps.
 * The session opened here may never use email recovery at all (its origin says so).
 */
export async function resetPassword(
  ctx: ServerContext,
  input: { token: string; password: string },
  client: ClientInfo,
) {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const result = await ctx.database.db.transaction(async (tx) => {
    const row = await findToken(tx, 'password_reset', hashToken(input.token));
    checkResetToken(row, now);
    if (!(await useToken(tx, row.id, now))) throw new AppError('RECOVERY_LINK_USED');
    const hasAuthenticator = (await verifiedFactors(tx, row.userId)).length > 0;
    const recoveryLockedUntil = hasAuthenticator
      ? new Date(now.getTime() + RECOVERY_LOCK_MS)
      : null;
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
        ...(recoveryLockedUntil ? { emailRecoveryLockedUntil: recoveryLockedUntil } : {}),
      })
      .where(eq(users.id, row.userId))
      .returning({ id: users.id, email: users.email });
    if (!user) throw new AppError('RECOVERY_LINK_INVALID');
    await revokeOtherSessions(tx, ctx.realtime, user.id, null);
    const created = await createSession(
      tx,
      {
        userId: user.id,
        remember: false,
        ip: client.ip,
        userAgent: client.userAgent,
        origin: 'password_reset',
      },
      ctx.clock,
    );
    await ctx.mailer.queue(
      tx,
      authEmails.passwordChanged(user.email, client.language, now, { recoveryLockedUntil }),
    );
    await notify(
      ctx,
      {
        userId: user.id,
        type: 'warning',
        key: 'passwordChanged',
        language: client.language,
        emailed: true,
      },
      tx,
    );
    if (recoveryLockedUntil) {
      await notify(
        ctx,
        {
          userId: user.id,
          type: 'warning',
          key: 'recoveryPaused',
          params: { until: recoveryLockedUntil },
          language: client.language,
          metadata: { ipAddress: client.ip },
          // The password-changed email above gives the date.
          emailed: true,
        },
        tx,
      );
    }
    return { userId: user.id, ...created };
  });
  const user = await findUserById(ctx.database.db, result.userId);
  if (!user) throw new AppError('RECOVERY_LINK_INVALID');
  const factors = await verifiedFactors(ctx.database.db, user.id);
  return { user, token: result.token, session: result.session, factors };
}

/**
 * Changes the password of the signed-in user: other sessions end, this one gets a new token, and
 * reset links sent earlier stop working (they were asked for with the old password).
 */
export async function changePassword(
  ctx: ServerContext,
  auth: AuthContext,
  input: { currentPassword: string; newPassword: string },
  language: Language,
) {
  const user = await findUserById(ctx.database.db, auth.user.id);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new AppError('INVALID_CREDENTIALS');
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx, ctx.realtime, user.id, auth.session.id);
    await expireTokens(tx, user.id, 'password_reset', now);
    await ctx.mailer.queue(tx, authEmails.passwordChanged(user.email, language, now));
    await notify(
      ctx,
      { userId: user.id, type: 'warning', key: 'passwordChanged', language, emailed: true },
      tx,
    );
    return rotateSessionOrFail(tx, auth.session, now);
  });
}

export async function confirmEmail(ctx: ServerContext, token: string) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const row = await findToken(tx, 'email_confirmation', hashToken(token));
    if (!row || row.usedAt || row.expiresAt <= now) throw new AppError('CONFIRMATION_LINK_INVALID');
    await useToken(tx, row.id, now);
    await tx
      .update(users)
      .set({ emailConfirmedAt: now, updatedAt: now })
      .where(and(eq(users.id, row.userId), isNull(users.emailConfirmedAt)));
  });
}

export async function resendConfirmation(
  ctx: ServerContext,
  auth: AuthContext,
  language: Language,
) {
  if (auth.user.emailConfirmedAt) return;
  const now = ctx.clock.now();
  const token = randomToken();
  await ctx.database.db.transaction(async (tx) => {
    await expireUnusedTokens(tx, auth.user.id, 'email_confirmation', now);
    await tx.insert(authTokens).values({
      userId: auth.user.id,
      purpose: 'email_confirmation',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_LIFETIME_MS),
      createdAt: now,
    });
    await ctx.mailer.queue(
      tx,
      authEmails.confirmEmail(auth.user.email, language, link(ctx, '/auth/confirm-email', token)),
    );
  });
}

/**
 * Email recovery of the second step: only while it is pending (so always after the password),
 * only for the account's own address (typed by the user: spec 000, section 5), never from a
 * session a password reset opened, and not within 7 days of a reset by email.
 */
async function requireRecoveryFor(ctx: ServerContext, auth: AuthContext, email: string, now: Date) {
  if (!auth.mfaPending)
    throw new AppError('BAD_REQUEST', null, 'Email recovery is only for a pending two-factor step');
  if (auth.user.email !== email) {
    const message = VALIDATION_MESSAGES.recoveryEmailMismatch;
    throw new AppError(
      'VALIDATION_ERROR',
      { issues: [{ path: 'email', message }] },
      `email: ${message}`,
    );
  }
  const [row] = await ctx.database.db
    .select({ lockedUntil: users.emailRecoveryLockedUntil })
    .from(users)
    .where(eq(users.id, auth.user.id));
  const candidates = [row?.lockedUntil ?? null];
  if (auth.session.origin === 'password_reset')
    candidates.push(new Date(auth.session.createdAt.getTime() + RECOVERY_LOCK_MS));
  const until = candidates
    .filter((date): date is Date => date !== null && date > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (until) {
    throw new AppError(
      'RECOVERY_LOCKED',
      { availableAt: until.toISOString() },
      `Email recovery is paused after a password reset until ${until.toISOString()}. Use your authenticator app.`,
    );
  }
}

/** Emails a 6-digit code that can complete a pending two-factor step (10 minutes, 5 tries). */
export async function sendRecoveryCode(
  ctx: ServerContext,
  auth: AuthContext,
  email: string,
  language: Language,
) {
  const now = ctx.clock.now();
  await requireRecoveryFor(ctx, auth, email, now);
  const wait = await lockedFor(ctx.database.db, emailCodeTarget(auth.user.id).key, now);
  if (wait !== null) throw new AppError('RATE_LIMITED', { retryAfterSeconds: wait });
  const code = randomDigits(6);
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(emailOtps)
      .set({ usedAt: now })
      .where(and(eq(emailOtps.userId, auth.user.id), isNull(emailOtps.usedAt)));
    await tx.insert(emailOtps).values({
      userId: auth.user.id,
      codeHash: hashToken(code),
      expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
      createdAt: now,
    });
    await ctx.mailer.queue(tx, authEmails.recoveryCode(auth.user.email, language, code));
  });
}

export type CodeCheck =
  | { ok: true; token: string; remember: boolean; expiresAt: Date }
  | { ok: false; code: 'INVALID_CODE' | 'CODE_EXPIRED' }
  | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number };

/**
 * Completes the pending two-factor step with an emailed code: the session gets a new token and
 * the recovery bypass (authenticators may then be added or removed without aal2); the user is
 * told by email and notification. A wrong try counts even though the answer is an error: 5 per
 * code (then it is spent: ask for a new one) and 5 per 15 minutes per user whatever the code
 * (then 429 with the wait).
 */
export async function verifyRecoveryCode(
  ctx: ServerContext,
  auth: AuthContext,
  input: { email: string; code: string },
  client: ClientInfo,
): Promise<CodeCheck> {
  const now = ctx.clock.now();
  await requireRecoveryFor(ctx, auth, input.email, now);
  const target = emailCodeTarget(auth.user.id);
  return ctx.database.db.transaction(async (tx): Promise<CodeCheck> => {
    const wait = await lockedFor(tx, target.key, now);
    if (wait !== null) return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: wait };
    const otp = await latestOtp(tx, auth.user.id);
    if (!otp) return { ok: false, code: 'INVALID_CODE' };
    if (otp.expiresAt <= now || otp.attempts >= MAX_CODE_ATTEMPTS)
      return { ok: false, code: 'CODE_EXPIRED' };
    if (!safeEqual(otp.codeHash, hashToken(input.code))) {
      await tx
        .update(emailOtps)
        .set({ attempts: sql`${emailOtps.attempts} + 1` })
        .where(eq(emailOtps.id, otp.id));
      const locked = await recordCodeFailure(tx, target, now);
      return locked === null
        ? { ok: false, code: 'INVALID_CODE' }
        : { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: locked };
    }
    const used = await tx
      .update(emailOtps)
      .set({ usedAt: now })
      .where(and(eq(emailOtps.id, otp.id), isNull(emailOtps.usedAt)))
      .returning({ id: emailOtps.id });
    if (used.length !== 1) return { ok: false, code: 'INVALID_CODE' };

    await clearFailures(tx, target.key);
    const rotated = await rotateSessionOrFail(tx, auth.session, now, { mfaBypass: true });
    const device = describeDevice(client.userAgent);
    await notify(
      ctx,
      {
        userId: auth.user.id,
        type: 'warning',
        key: 'recoveryUsed',
        language: client.language,
        metadata: { ipAddress: client.ip, browser: device.browser, os: device.os },
        emailed: true,
      },
      tx,
    );
    await ctx.mailer.queue(
      tx,
      authEmails.recoveryUsed(auth.user.email, client.language, {
        time: now,
        ip: client.ip,
        ...device,
      }),
    );
    return { ok: true, ...rotated };
  });
}

/** Signs one device of the user out (its WebSockets close); another user's session is unknown here. */
export async function revokeSessionOf(ctx: ServerContext, userId: string, sessionId: string) {
  await ctx.database.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    if (!owned) throw new AppError('NOT_FOUND');
    await revokeSession(tx, ctx.realtime, owned.id);
  });
}

export async function getSecuritySettings(ctx: ServerContext, userId: string) {
  return { loginNotifications: await loginNotificationsEnabled(ctx.database.db, userId) };
}

export async function updateSecuritySettings(
  ctx: ServerContext,
  userId: string,
  changes: { loginNotifications?: boolean | undefined },
) {
  if (changes.loginNotifications !== undefined) {
    // The same setting as notifications.loginNotifications in GET/PATCH /settings.
    await ctx.database.db
      .insert(notificationSettings)
      .values({ userId, loginNotifications: changes.loginNotifications })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: { loginNotifications: changes.loginNotifications, updatedAt: ctx.clock.now() },
      });
  }
  return getSecuritySettings(ctx, userId);
}
