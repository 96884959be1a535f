import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@/contracts/push';
import { VALIDATION_MESSAGES } from '@/contracts/validation-messages';
import type { ServerContext } from '../../context';
import { pushSubscriptions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isPublicPushEndpoint } from '../../platform/web-push';

/**
 * A user's Web Push subscriptions (one per browser endpoint). The server later POSTs to these
 * addresses, so they are held to the rules of any address a user gives (remote-fetch.ts): https
 * on the standard port to a public host, unless ALLOW_PRIVATE_NETWORK_FETCH (and the sending side
 * checks the resolved address again).
 */

/** Beyond this, a user's oldest subscriptions (browsers long gone) make room. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

function endpointError() {
  return new AppError(
    'VALIDATION_ERROR',
    { issues: [{ path: 'endpoint', message: VALIDATION_MESSAGES.pushEndpointInvalid }] },
    `endpoint: ${VALIDATION_MESSAGES.pushEndpointInvalid}`,
  );
}

function checkReachable(ctx: ServerContext, endpoint: string) {
  if (ctx.config.allowPrivateNetworkFetch) return;
  if (!isPublicPushEndpoint(endpoint)) throw endpointError();
}

type Row = typeof pushSubscriptions.$inferSelect;
const toDto = (row: Row) => ({
  id: row.id,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Registers the browser's subscription for the caller, by endpoint. An endpoint already
 * registered to the caller gets the new keys. One registered to another user (the same browser,
 * signed in to another account) moves to the caller only when the request carries the same keys
 * (the auth secret never leaves that browser): knowing an endpoint alone takes nothing; with other
 * keys it answers 409 CONFLICT and changes nothing.
 */
export async function subscribePush(
  ctx: ServerContext,
  userId: string,
  body: PushSubscriptionBody,
  userAgent: string | null,
) {
  checkReachable(ctx, body.endpoint);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint))
      .for('update');
    let row: Row | undefined;
    if (existing && existing.userId !== userId) {
      if (existing.p256dh !== body.keys.p256dh || existing.auth !== body.keys.auth)
        throw new AppError('CONFLICT');
      [row] = await tx
        .update(pushSubscriptions)
        .set({ userId, userAgent, createdAt: now, failureCount: 0, lastUsedAt: null })
        .where(eq(pushSubscriptions.id, existing.id))
        .returning();
    } else if (existing) {
      [row] = await tx
        .update(pushSubscriptions)
        .set({ p256dh: body.keys.p256dh, auth: body.keys.auth, userAgent, failureCount: 0 })
        .where(eq(pushSubscriptions.id, existing.id))
        .returning();
    } else {
      [row] = await tx
        .insert(pushSubscriptions)
        .values({
          userId,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          userAgent,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // Another request registered it in between: the caller tries again.
      if (!row) throw new AppError('CONFLICT');
    }
    if (!row) throw new Error('push subscription write returned no row');
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt))
      .limit(MAX_PUSH_SUBSCRIPTIONS * 2);
    if (kept.length > MAX_PUSH_SUBSCRIPTIONS) {
      const newest = kept.slice(-MAX_PUSH_SUBSCRIPTIONS).map((entry) => entry.id);
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    }
    return toDto(row);
  });
}

/** Removes the caller's subscription of that endpoint; another user's (or none) is not found. */
export async function unsubscribePush(ctx: ServerContext, userId: string, endpoint: string) {
  const deleted = await ctx.database.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (!deleted.length) throw new AppError('NOT_FOUND');
}
