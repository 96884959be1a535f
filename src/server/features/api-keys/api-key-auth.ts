import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { API_KEY_PREFIX, type ApiKeyScope } from '@/contracts/api-keys';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { apiKeys, apiKeyUses, profiles, users } from '../../db/schema';
import { type AuthContext, authUserColumns } from '../session';
import { type Clock, MINUTE } from '../../platform/clock';
import { hashToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { createLimiter } from '../../platform/rate-limit';
import { decodedPath, hasBearer, isApiRequest, routeOf } from '../../platform/request-path';
import { requireFeature } from '../subscription';

/**
 * Personal API keys at the door (docs/decisions.md, "Personal API keys"): a request carrying
 * `Authorization: Bearer cairn_...` is its owner's, within the key's scopes, on the paths listed
 * below only, while the owner's plan includes API access; each one is rate limited per key and
 * recorded in `api_key_uses`. A request with a key is never also a session's: the cookie is not
 * read (features/session/session.ts), so a key cannot borrow a browser's session or its second factor.
 */

const BEARER = /^Bearer\s+(\S*)\s*$/i;

/**
 * The routes a key may call: reading and changing portfolios and what they hold, their
 * valuation, and market data. Never an admin path, key management, sign-in, the account's
 * security or profile, sharing (who else may see a portfolio), or the realtime socket. A route
 * is allowed when its pattern equals an entry or starts with an entry followed by '/'.
 */
export const API_KEY_ROUTES: readonly string[] = [
  '/api/v1/health',
  '/api/v1/subscription',
  '/api/v1/dashboard',
  '/api/v1/portfolios',
  '/api/v1/holdings',
  '/api/v1/transactions',
  '/api/v1/simulations',
  '/api/v1/market-data/quotes',
  '/api/v1/market-data/instruments',
  '/api/v1/market-data/fx',
];

/**
 * Within the allowed routes, these stay with the app: sharing and invitations, and paying
 * (checkout, and the billing portal where a subscription is cancelled or its card changed).
 */
const API_KEY_EXCLUDED =
  /\/shares(\/|$)|\/invitations(\/|$)|^\/api\/v1\/subscription\/(checkout|portal)$/;

export function isApiKeyRoute(route: string | null): boolean {
  if (route === null || API_KEY_EXCLUDED.test(route)) return false;
  return API_KEY_ROUTES.some((allowed) => route === allowed || route.startsWith(`${allowed}/`));
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The scope a request needs: read for GET and HEAD, write for anything that changes. */
export const scopeFor = (method: string): ApiKeyScope =>
  READ_METHODS.has(method) ? 'read' : 'write';

/** The key a request presents, or null when it presents none; anything but a key is a 401. */
export function bearerOf(request: FastifyRequest): string | null {
  if (!hasBearer(request)) return null;
  const secret = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!secret?.startsWith(API_KEY_PREFIX)) throw new AppError('INVALID_API_KEY');
  return secret;
}

/** When a key with this last day (YYYY-MM-DD) stops working: the next midnight UTC. */
export function keyExpiry(lastDay: string): Date {
  return new Date(Date.parse(`${lastDay}T00:00:00Z`) + 24 * 60 * MINUTE);
}

/** A key's last use is written at most once a minute (its every use is in api_key_uses). */
const LAST_USE_INTERVAL_MS = MINUTE;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    apiKeyId: string | null;
  }
}

export function registerApiKeyAuth(
  app: FastifyInstance,
  deps: { database: Database; config: Config; clock: Clock },
) {
  const { database, config, clock } = deps;
  app.decorateRequest('apiKeyId', null);
  const limit = createLimiter(app, {
    name: 'api-key',
    max: config.apiKeyRateLimit,
    timeWindowMs: MINUTE,
    key: (request) => request.apiKeyId ?? 'none',
  });

  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    const secret = bearerOf(request);
    if (secret === null) return;
    const now = clock.now();

    const [row] = await database.db
      .select({
        key: apiKeys,
        user: authUserColumns,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(apiKeys.secretHash, hashToken(secret)))
      .limit(1);
    if (!row || row.key.revokedAt !== null || (row.key.expiresAt && row.key.expiresAt <= now)) {
      request.log.info({ found: !!row }, 'refused: unknown, revoked or expired API key');
      throw new AppError('INVALID_API_KEY');
    }
    const { key, user } = row;
    request.apiKeyId = key.id;
    request.log.info({ apiKeyId: key.id, userId: user.id }, 'API key request');

    if (!isApiKeyRoute(routeOf(request))) throw new AppError('API_KEY_NOT_ALLOWED');
    const needed = scopeFor(request.method);
    if (!key.scopes.includes(needed)) {
      throw new AppError('API_KEY_SCOPE', { scope: needed });
    }
    // The plan is read on every request: a key of a downgraded account stops at once.
    await requireFeature(database.db, user.id, 'api_access');
    await limit(request);

    request.auth = apiKeyAuthContext(user, key, now);
  });

  // Every request that presented a known key is recorded, refusals included, once answered.
  app.addHook('onResponse', async (request, reply) => {
    const keyId = request.apiKeyId;
    if (keyId === null) return;
    const now = clock.now();
    try {
      await database.db.insert(apiKeyUses).values({
        keyId,
        method: request.method,
        route: routeOf(request) ?? decodedPath(request.url).slice(0, 300),
        statusCode: reply.statusCode,
        ip: request.ip || null,
        requestId: request.id,
        createdAt: now,
      });
      await database.db
        .update(apiKeys)
        .set({ lastUsedAt: now, lastUsedIp: request.ip || null })
        .where(
          and(
            eq(apiKeys.id, keyId),
            or(
              isNull(apiKeys.lastUsedAt),
              lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USE_INTERVAL_MS)),
            ),
          ),
        );
    } catch (error) {
      request.log.error({ err: error, apiKeyId: keyId }, 'could not record an API key use');
    }
  });
}

type KeyRow = typeof apiKeys.$inferSelect;

/**
 * The caller of a key request, shaped as a session's so every route reads it the same way. It is
 * never a real session (`apiKey` says so; requireAdmin refuses it) and stands at the first
 * authentication level.
 */
function apiKeyAuthContext(user: AuthContext['user'], key: KeyRow, now: Date): AuthContext {
  return {
    user,
    session: {
      id: key.id,
      aal: 'aal1',
      mfaBypass: false,
      remember: false,
      origin: 'sign_in',
      createdAt: key.createdAt,
      expiresAt: key.expiresAt ?? new Date(now.getTime() + MINUTE),
      tokenHash: '',
    },
    hasVerifiedFactor: false,
    mfaPending: false,
    apiKey: { id: key.id, scopes: key.scopes as ApiKeyScope[] },
  };
}
