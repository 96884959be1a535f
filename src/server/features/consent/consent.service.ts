import { count, desc, eq } from 'drizzle-orm';
import {
  CONSENT_HISTORY_LIMIT,
  type ConsentBody,
  type ConsentHistoryResponse,
  type ConsentResponse,
  type ConsentType,
  PRIVACY_VERSION,
  TERMS_VERSION,
} from '@/contracts/consent';
import type { ServerContext } from '../../context';
import { userConsentHistory, userPrivacyConsents, users } from '../../db/schema';

/** Where the choice was made from: recorded with it as the proof of consent. */
export type ConsentClient = { ip: string | null; userAgent: string | null };

type ConsentRow = typeof userPrivacyConsents.$inferSelect;

function toResponse(row: ConsentRow | undefined): ConsentResponse {
  return {
    consent: row
      ? {
          analytics: row.analyticsConsent,
          errorMonitoring: row.errorMonitoringConsent,
          termsVersion: row.termsVersion,
          privacyVersion: row.privacyVersion,
          consentDate: row.consentDate.toISOString(),
          current: row.termsVersion === TERMS_VERSION && row.privacyVersion === PRIVACY_VERSION,
        }
      : null,
    termsVersion: TERMS_VERSION,
    privacyVersion: PRIVACY_VERSION,
  };
}

/** The user's stored choice (null when none was made yet) and the current versions. */
export async function getConsent(ctx: ServerContext, userId: string): Promise<ConsentResponse> {
  const [row] = await ctx.database.db
    .select()
    .from(userPrivacyConsents)
    .where(eq(userPrivacyConsents.userId, userId));
  return toResponse(row);
}

/**
 * Records the user's choice under the current versions: the consent row is upserted and one
 * history row is added per value that changed (both on the first choice, with no previous value;
 * both again when the choice is confirmed under a new policy version). All in one transaction,
 * under the user row's lock so two saves at once cannot both count as the first.
 */
export async function saveConsent(
  ctx: ServerContext,
  userId: string,
  body: ConsentBody,
  client: ConsentClient,
): Promise<ConsentResponse> {
  const now = ctx.clock.now();
  const ip = client.ip?.slice(0, 100) ?? null;
  const userAgent = client.userAgent?.slice(0, 512) ?? null;
  return ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [before] = await tx
      .select()
      .from(userPrivacyConsents)
      .where(eq(userPrivacyConsents.userId, userId));
    const versionChanged =
      before !== undefined &&
      (before.privacyVersion !== PRIVACY_VERSION || before.termsVersion !== TERMS_VERSION);
    const values: [ConsentType, boolean | null, boolean][] = [
      ['analytics', before?.analyticsConsent ?? null, body.analytics],
      ['error_monitoring', before?.errorMonitoringConsent ?? null, body.errorMonitoring],
    ];
    const changes = values.filter(
      ([, previous, next]) => previous === null || previous !== next || versionChanged,
    );
    const row = {
      analyticsConsent: body.analytics,
      errorMonitoringConsent: body.errorMonitoring,
      termsVersion: TERMS_VERSION,
      privacyVersion: PRIVACY_VERSION,
      ipAddress: ip,
      userAgent,
      consentDate: now,
      updatedAt: now,
    };
    const [saved] = await tx
      .insert(userPrivacyConsents)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: userPrivacyConsents.userId, set: row })
      .returning();
    if (changes.length > 0) {
      await tx.insert(userConsentHistory).values(
        changes.map(([consentType, previousValue, newValue]) => ({
          userId,
          consentType,
          previousValue,
          newValue,
          documentVersion: PRIVACY_VERSION,
          changedAt: now,
          ipAddress: ip,
          userAgent,
        })),
      );
    }
    return toResponse(saved);
  });
}

/** The user's consent changes, newest first (the latest CONSENT_HISTORY_LIMIT), and how many in all. */
export async function listConsentHistory(
  ctx: ServerContext,
  userId: string,
): Promise<ConsentHistoryResponse> {
  const db = ctx.database.db;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userConsentHistory)
      .where(eq(userConsentHistory.userId, userId))
      .orderBy(
        desc(userConsentHistory.changedAt),
        // Two rows of one save share their time: error monitoring was written after analytics.
        desc(userConsentHistory.consentType),
        desc(userConsentHistory.id),
      )
      .limit(CONSENT_HISTORY_LIMIT),
    db.select({ n: count() }).from(userConsentHistory).where(eq(userConsentHistory.userId, userId)),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      consentType: row.consentType,
      previousValue: row.previousValue,
      newValue: row.newValue,
      documentVersion: row.documentVersion,
      changedAt: row.changedAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    })),
    total: Number(total?.n ?? 0),
  };
}
