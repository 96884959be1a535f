import type { ServerContext } from './context';
import { purgeOldApiKeyUses } from './features/api-keys';
import { purgeExpiredAuthData } from './features/auth';
import { purgeOldDeliveries } from './features/notifications';
import { purgeExpiredExports } from './features/privacy';
import { HOUR, MINUTE } from './platform/clock';

/** Housekeeping runs a minute after start-up, then every hour, in every process (it is idempotent). */
export const HOUSEKEEPING = { firstAfterMs: MINUTE, intervalMs: HOUR } as const;

/**
 * Removes what has outlived its use: expired sessions, links, codes, challenges and guess
 * counters, email bodies (they hold links and codes) once they are not needed, and API key uses
 * and finished notification deliveries after 90 days, and personal-data exports (their ZIP and
 * row) 24 hours after they are ready.
 */
export async function runHousekeeping(ctx: ServerContext) {
  const now = ctx.clock.now();
  const auth = await purgeExpiredAuthData(ctx, now);
  const mailBodies = await ctx.mailer.purgeBodies(now);
  const apiKeyUses = await purgeOldApiKeyUses(ctx, now);
  const dataExports = await purgeExpiredExports(ctx, now);
  const deliveries = await purgeOldDeliveries(ctx.database, now);
  return { ...auth, mailBodies, apiKeyUses, dataExports, deliveries };
}
