import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyBody,
  MAX_ACTIVE_API_KEYS,
} from '@/contracts/api-keys';
import type { ServerContext } from '../../context';
import { apiKeys, apiKeyUses, users } from '../../db/schema';
import { keyExpiry } from './api-key-auth';
import { DAY } from '../../platform/clock';
import { hashToken, randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { requireFeature } from '../subscription';

/** How many characters of the secret after `cairn_` the list shows to tell keys apart. */
const SHOWN_CHARACTERS = 8;

type KeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: KeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    // Stored as the instant it stops working (the next midnight UTC); shown as its last day.
    expiresAt: row.expiresAt
      ? new Date(row.expiresAt.getTime() - 1).toISOString().slice(0, 10)
      : null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's keys that are not revoked (expired ones included, marked), newest first. */
export async function listApiKeys(ctx: ServerContext, userId: string): Promise<ApiKey[]> {
  const rows = await ctx.database.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const now = ctx.clock.now();
  return rows.map((row) => toApiKey(row, now));
}

/**
 * Creates a key on a plan with API access; answers the secret, which is never stored (only its
 * SHA-256) nor shown again. At most MAX_ACTIVE_API_KEYS working keys, counted under the user
 * row's lock so two creations at once cannot pass the limit together.
 */
export async function createApiKey(ctx: ServerContext, userId: string, body: CreateApiKeyBody) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await requireFeature(tx, userId, 'api_access');
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.userId, userId),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        ),
      );
    if (Number(active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) {
      throw new AppError('API_KEY_LIMIT', { limit: MAX_ACTIVE_API_KEYS });
    }
    const secret = `${API_KEY_PREFIX}${randomToken()}`;
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name: body.name,
        prefix: secret.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS),
        secretHash: hashToken(secret),
        scopes: [...body.scopes],
        expiresAt: body.expiresAt ? keyExpiry(body.expiresAt) : null,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('API key insert returned nothing');
    return { apiKey: toApiKey(row, now), secret };
  });
}

/** Revokes one of the user's keys at once; another user's key, or a revoked one, is not found. */
export async function revokeApiKey(ctx: ServerContext, userId: string, keyId: string) {
  const [row] = await ctx.database.db
    .update(apiKeys)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
}

/** How long each use of a key is kept: long enough to look back on a quarter's activity. */
export const API_KEY_USE_RETENTION_MS = 90 * DAY;

/** Housekeeping: forgets key uses older than the retention. */
export async function purgeOldApiKeyUses(ctx: ServerContext, now: Date): Promise<number> {
  const removed = await ctx.database.db
    .delete(apiKeyUses)
    .where(lt(apiKeyUses.createdAt, new Date(now.getTime() - API_KEY_USE_RETENTION_MS)))
    .returning({ id: apiKeyUses.id });
  return removed.length;
}
