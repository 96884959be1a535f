import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@/contracts/api-keys';
import type { Aal, Role } from '@/contracts/auth';
import type { Config } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import {
  accountDeletions,
  mfaFactors,
  profiles,
  type SessionOrigin,
  sessions,
  users,
} from '../../db/schema';
import { type Clock, DAY, HOUR, MINUTE, SECOND } from '../../platform/clock';
import { hashToken, randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ReadCache } from '../../platform/read-cache';
import type { Realtime } from '../../platform/realtime';
import type { RealtimeSessions } from '../../platform/realtime.routes';
import { redactRequestUrl } from '../../platform/logging';
import { hasBearer, isApiRequest, routeOf } from '../../platform/request-path';

/** A session without "remember me" ends after 12 hours (and with the browser: no Max-Age). */
export const SHORT_SESSION_MS = 12 * HOUR;
/** "Remember me" keeps a session 30 days after its last use... */
export const REMEMBER_SESSION_MS = 30 * DAY;
/** ...and never more than a year after sign-in. */
export const ABSOLUTE_SESSION_MS = 365 * DAY;
/** Activity is recorded (and a remembered session extended) at most once a minute. */
const TOUCH_INTERVAL_MS = MINUTE;
/**
 * After a rotation the replaced token is recognised this long: requests already in flight with
 * it are not answered with a cookie deletion (which would erase the browser's new cookie), and
 * after an automatic rotation they still succeed.
 */
export const ROTATION_GRACE_MS = 30 * SECOND;
/** The WebSocket upgrade cannot set cookies (its 101 answer is not the browser's page request). */
const REALTIME_ROUTE = '/api/v1/realtime';
/**
 * Liveness and readiness never read the session: a browser's cookie must not make them depend on
 * the database (/health answers 200 and /ready its own 503 while the database is down).
 */
const SESSIONLESS_ROUTES = new Set(['/api/v1/health', '/api/v1/ready']);

/** The read cache's key for a user's rows (what migration 0021's triggers announce). */
export const userKey = (userId: string) => `u:${userId}`;

export type AuthUser = {
  id: string;
  email: string;
  role: Role;
  fullName: string | null;
  avatarUrl: string | null;
  emailConfirmedAt: Date | null;
  createdAt: Date;
  /** Set while the account waits for its deletion (the grace period): only a few routes answer. */
  deletionScheduledFor?: Date | null;
};

export type AuthSession = {
  id: string;
  aal: Aal;
  mfaBypass: boolean;
  remember: boolean;
  origin: SessionOrigin;
  createdAt: Date;
  expiresAt: Date;
  /** The session's current token hash when the request was resolved (for compare-and-set rotation). */
  tokenHash: string;
};

export type AuthContext = {
  user: AuthUser;
  session: AuthSession;
  /** The user has at least one verified authenticator. */
  hasVerifiedFactor: boolean;
  /** Password done, second step not: only the second-step endpoints answer. */
  mfaPending: boolean;
  /** Set when the caller presented a personal API key instead of a session (api-key-auth.ts). */
  apiKey?: { id: string; scopes: ApiKeyScope[] };
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function sessionCookieName(config: Pick<Config, 'secure'>) {
  return config.secure ? '__Host-cairn_session' : 'cairn_session';
}

export function isMfaPending(aal: Aal, hasVerifiedFactor: boolean, mfaBypass: boolean) {
  return aal === 'aal1' && hasVerifiedFactor && !mfaBypass;
}

/** The caller's columns (users joined with profiles), as `AuthUser`. */
export const authUserColumns = {
  id: users.id,
  email: users.email,
  emailConfirmedAt: users.emailConfirmedAt,
  createdAt: users.createdAt,
  role: profiles.role,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  deletionScheduledFor:
    sql<Date | null>`(select ${accountDeletions.scheduledFor} from ${accountDeletions} where ${accountDeletions.userId} = ${users.id})`.mapWith(
      (value: Date | string | null) => (value === null ? null : new Date(value)),
    ),
};

const sessionColumns = {
  session: sessions,
  user: authUserColumns,
  hasVerifiedFactor: sql<boolean>`exists (select 1 from ${mfaFactors} where ${mfaFactors.userId} = ${users.id} and ${mfaFactors.status} = 'verified')`,
};

type SessionRow = {
  session: typeof sessions.$inferSelect;
  user: Omit<AuthUser, 'role'> & { role: Role };
  hasVerifiedFactor: boolean;
};

/**
 * The live session whose current (or just replaced) token has this hash, with its user; null
 * when unknown or expired.
 */
async function findSession(db: DbOrTx, tokenHash: string, now: Date): Promise<SessionRow | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        or(eq(sessions.tokenHash, tokenHash), eq(sessions.previousTokenHash, tokenHash)),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

function toAuthContext(row: SessionRow, expiresAt: Date = row.session.expiresAt): AuthContext {
  const { session, user, hasVerifiedFactor } = row;
  return {
    user,
    session: {
      id: session.id,
      aal: session.aal,
      mfaBypass: session.mfaBypass,
      remember: session.remember,
      origin: session.origin,
      createdAt: session.createdAt,
      expiresAt,
      tokenHash: session.tokenHash,
    },
    hasVerifiedFactor,
    mfaPending: isMfaPending(session.aal, hasVerifiedFactor, session.mfaBypass),
  };
}

/**
 * The caller of a live session, read again by id (a WebSocket checks its session is still alive
 * and its role current before each subscription); null when the session ended.
 */
export async function loadSessionAuth(
  db: DbOrTx,
  sessionId: string,
  now: Date,
): Promise<AuthContext | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ? toAuthContext(row) : null;
}

export type NewSession = {
  userId: string;
  remember: boolean;
  ip: string | null;
  userAgent: string | null;
  origin: SessionOrigin;
  aal?: Aal;
  mfaBypass?: boolean;
};

function expiryFor(remember: boolean, createdAt: Date, now: Date) {
  const absolute = new Date(
    createdAt.getTime() + (remember ? ABSOLUTE_SESSION_MS : SHORT_SESSION_MS),
  );
  const rolling = new Date(now.getTime() + (remember ? REMEMBER_SESSION_MS : SHORT_SESSION_MS));
  return { absolute, expires: rolling < absolute ? rolling : absolute };
}

/** Starts a session; returns the cookie token (only its hash is stored). */
export async function createSession(db: DbOrTx, input: NewSession, clock: Clock) {
  const now = clock.now();
  const token = randomToken();
  const { absolute, expires } = expiryFor(input.remember, now, now);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: hashToken(token),
      aal: input.aal ?? 'aal1',
      mfaBypass: input.mfaBypass ?? false,
      remember: input.remember,
      origin: input.origin,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expires,
      absoluteExpiresAt: absolute,
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  return { token, session };
}

export type RotationKind =
  /**
   * A security rotation (reaching aal2, email recovery, password change): the replaced token
   * stops working at once, so a token known before the change (fixation) is worthless after it.
   */
  | 'security'
  /** The automatic rotation after a role change: requests in flight with the old token still pass. */
  | 'refresh';

/**
 * Gives a session a new token, optionally changing its level, with a compare-and-set on the
 * token the caller resolved: when another request rotated it meanwhile, nothing changes and the
 * answer is null. The replaced hash is kept (see ROTATION_GRACE_MS).
 */
export async function rotateSession(
  db: DbOrTx,
  session: Pick<AuthSession, 'id' | 'tokenHash'>,
  options: { kind: RotationKind; now: Date; changes?: { aal?: Aal; mfaBypass?: boolean } },
) {
  const token = randomToken();
  const [updated] = await db
    .update(sessions)
    .set({
      tokenHash: hashToken(token),
      previousTokenHash: session.tokenHash,
      previousTokenValid: options.kind === 'refresh',
      rotatedAt: options.now,
      needsRotation: false,
      ...options.changes,
    })
    .where(and(eq(sessions.id, session.id), eq(sessions.tokenHash, session.tokenHash)))
    .returning({ id: sessions.id, remember: sessions.remember, expiresAt: sessions.expiresAt });
  if (!updated) return null;
  return { token, remember: updated.remember, expiresAt: updated.expiresAt };
}

/** A security rotation that must happen: a session changed meanwhile answers 409 (try again). */
export async function rotateSessionOrFail(
  db: DbOrTx,
  session: Pick<AuthSession, 'id' | 'tokenHash'>,
  now: Date,
  changes: { aal?: Aal; mfaBypass?: boolean } = {},
) {
  const rotated = await rotateSession(db, session, { kind: 'security', now, changes });
  if (!rotated) {
    throw new AppError(
      'CONFLICT',
      { resource: 'session' },
      'The session changed during the request; please try again.',
    );
  }
  return rotated;
}

/** Ends one session; its WebSockets close (in every process) once the change commits. */
export async function revokeSession(db: DbOrTx, realtime: Realtime, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  await realtime.endSessions({ sessionIds: [sessionId] }, db);
}

/** Ends every session of a user but one (password change), or all (password reset). */
export async function revokeOtherSessions(
  db: DbOrTx,
  realtime: Realtime,
  userId: string,
  keepSessionId: string | null,
) {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
  await realtime.endSessions({ userId, exceptSessionId: keepSessionId }, db);
}

/** Marks every session of a user to receive a new token on its next request (role change). */
export async function requireRotation(db: DbOrTx, userId: string) {
  await db.update(sessions).set({ needsRotation: true }).where(eq(sessions.userId, userId));
}

export type CookieOptions = Pick<Config, 'secure'>;

export function setSessionCookie(
  reply: FastifyReply,
  config: CookieOptions,
  token: string,
  session: { remember: boolean; expiresAt: Date },
  clock: Clock,
) {
  void reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
    // Without "remember me" the cookie lives as long as the browser (the server ends it after 12 h).
    ...(session.remember
      ? {
          maxAge: Math.max(
            0,
            Math.floor((session.expiresAt.getTime() - clock.now().getTime()) / 1000),
          ),
        }
      : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: CookieOptions) {
  void reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
  });
}

/**
 * Resolves the session cookie of every API request into `request.auth` (or null), records
 * activity (at most once a minute), extends remembered sessions, and hands out a new token when
 * a rotation is pending. The WebSocket upgrade only reads: its answer cannot set a cookie.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { database: Database; config: Config; clock: Clock; reads: ReadCache },
) {
  const { database, config, clock, reads } = deps;
  const cookieName = sessionCookieName(config);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request, reply) => {
    // A request with an API key is the key's alone (api-key-auth.ts): the cookie is not read.
    if (!isApiRequest(request) || hasBearer(request)) return;
    if (SESSIONLESS_ROUTES.has(routeOf(request) ?? '')) return;
    const token = request.cookies[cookieName];
    if (!token) return;
    const now = clock.now();
    const presented = hashToken(token);
    // Kept in memory until anything of the user's changes (the session's own row included: a
    // sign-out, a rotation, activity recorded); an expiry passing meanwhile is checked here.
    const kept = await reads.read(`session:${presented}`, async () => {
      const found = await findSession(database.db, presented, now);
      return { value: found, deps: found ? [userKey(found.session.userId)] : null };
    });
    const row =
      kept && kept.session.expiresAt > now ? { ...kept, session: { ...kept.session } } : null;
    if (!row) {
      // Unknown or expired: the cookie is dead, the browser can forget it.
      clearSessionCookie(reply, config);
      return;
    }
    const { session } = row;

    if (session.tokenHash !== presented) {
      // A token replaced by a rotation. Within the grace period the browser's new cookie is on
      // its way (or there already): never delete it. After an automatic rotation the request
      // still passes; after a security rotation the old token is worth nothing.
      const recent =
        session.rotatedAt !== null &&
        now.getTime() - session.rotatedAt.getTime() < ROTATION_GRACE_MS;
      if (!recent) clearSessionCookie(reply, config);
      if (recent && session.previousTokenValid) request.auth = toAuthContext(row);
      return;
    }

    const canSetCookie = routeOf(request) !== REALTIME_ROUTE;
    let rotatedToken = false;
    if (session.needsRotation && canSetCookie) {
      const rotated = await rotateSession(database.db, session, { kind: 'refresh', now });
      // null: a parallel request rotated it first and its answer carries the new cookie.
      if (rotated) {
        setSessionCookie(reply, config, rotated.token, rotated, clock);
        rotatedToken = true;
        session.tokenHash = hashToken(rotated.token);
      }
    }

    let expiresAt = session.expiresAt;
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      if (session.remember) expiresAt = expiryFor(true, session.createdAt, now).expires;
      await database.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(eq(sessions.id, session.id));
      if (session.remember && canSetCookie && !rotatedToken)
        setSessionCookie(reply, config, token, { remember: true, expiresAt }, clock);
    }

    request.auth = toAuthContext(row, expiresAt);
  });
}

/**
 * The signed-in caller, or 401. While the second step is pending every endpoint answers 403
 * 'Please complete two-factor authentication', except those passing `allowPendingMfa`. While the
 * account waits for its deletion (grace period) every endpoint answers 403
 * ACCOUNT_PENDING_DELETION, except the sign-in steps (`allowPendingMfa`: the session, the second
 * step) and those passing `allowPendingDeletion` (keeping the account).
 */
export function requireAuth(
  request: FastifyRequest,
  options: { allowPendingMfa?: boolean; allowPendingDeletion?: boolean } = {},
): AuthContext {
  const auth = request.auth;
  if (!auth) throw new AppError('UNAUTHENTICATED');
  if (auth.mfaPending && !options.allowPendingMfa) {
    request.log.info({ userId: auth.user.id }, 'refused: two-factor step pending');
    throw new AppError('MFA_REQUIRED');
  }
  const deletion = auth.user.deletionScheduledFor;
  if (deletion && !options.allowPendingMfa && !options.allowPendingDeletion) {
    request.log.info({ userId: auth.user.id }, 'refused: account pending deletion');
    throw new AppError('ACCOUNT_PENDING_DELETION', { scheduledFor: deletion.toISOString() });
  }
  return auth;
}

/** The request's client address and browser, for sessions and notifications. */
export function clientInfo(request: FastifyRequest) {
  return { ip: request.ip || null, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * An admin: 401 when signed out, 403 UNAUTHORIZED ('Unauthorized: Admin access required') for
 * anyone else; an admin with two-factor must have passed it in this session (aal2).
 */
export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (auth.user.role !== 'admin' || auth.apiKey) {
    request.log.warn(
      { userId: auth.user.id, url: redactRequestUrl(request.url) },
      'admin access refused',
    );
    throw new AppError('UNAUTHORIZED');
  }
  if (auth.hasVerifiedFactor && auth.session.aal !== 'aal2') {
    request.log.warn(
      { userId: auth.user.id },
      'admin access refused: two-factor not completed in this session',
    );
    // docs/api.md: 403 MFA_REQUIRED (a session completed by email recovery stays at aal1 too).
    throw new AppError(
      'MFA_REQUIRED',
      null,
      'Admin features need two-factor verification in this session.',
    );
  }
  return auth;
}

/** The realtime transport's questions about sessions (platform/realtime.routes.ts), answered. */
export function realtimeSessions(database: Database, clock: Clock): RealtimeSessions {
  return {
    of: (request) =>
      request.auth ? { sessionId: request.auth.session.id, userId: request.auth.user.id } : null,
    refresh: async (request, session) => {
      const fresh = await loadSessionAuth(database.db, session.sessionId, clock.now());
      if (!fresh || fresh.user.id !== session.userId) return false;
      request.auth = fresh;
      return true;
    },
    // An account waiting for its deletion reaches nothing but "keep my account" (as the HTTP
    // routes: requireAuth), live updates included.
    refused: (request) => !!request.auth?.user.deletionScheduledFor,
  };
}
