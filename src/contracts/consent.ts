import { z } from 'zod';

export * from './consent-constants';

/**
 * Cookie consent (spec 002: "Cookie consent", "User privacy consent", "Consent history entry").
 * Necessary cookies are always on; analytics and error monitoring are off until accepted.
 * Constants the public site needs are in consent-constants.ts (no zod there).
 */

export const CONSENT_TYPES = ['analytics', 'error_monitoring'] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

/** History rows answered at most (newest first); older ones stay recorded. */
export const CONSENT_HISTORY_LIMIT = 100;

/** PUT /privacy/consent: the two optional categories (necessary cannot be refused). */
export const consentBodySchema = z
  .object({
    analytics: z.boolean(),
    errorMonitoring: z.boolean(),
  })
  .strict();
export type ConsentBody = z.infer<typeof consentBodySchema>;

export const consentRecordSchema = z
  .object({
    analytics: z.boolean(),
    errorMonitoring: z.boolean(),
    termsVersion: z.string(),
    privacyVersion: z.string(),
    /** When the choice was last made (ISO 8601). */
    consentDate: z.string(),
    /** True when the choice was made under the current terms and privacy versions. */
    current: z.boolean(),
  })
  .meta({ id: 'ConsentRecord' });
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** GET /privacy/consent: the stored choice, or null when the user has made none yet. */
export const consentResponseSchema = z.object({
  consent: consentRecordSchema.nullable(),
  /** The versions a choice is made under now. */
  termsVersion: z.string(),
  privacyVersion: z.string(),
});
export type ConsentResponse = z.infer<typeof consentResponseSchema>;

export const consentHistoryEntrySchema = z
  .object({
    id: z.uuid(),
    consentType: z.enum(CONSENT_TYPES),
    /** Null for the first choice ever recorded. */
    previousValue: z.boolean().nullable(),
    newValue: z.boolean(),
    documentVersion: z.string(),
    changedAt: z.string(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'ConsentHistoryEntry' });
export type ConsentHistoryEntry = z.infer<typeof consentHistoryEntrySchema>;

export const consentHistoryResponseSchema = z.object({
  entries: z.array(consentHistoryEntrySchema),
  /** Rows recorded in all (the list holds the newest CONSENT_HISTORY_LIMIT). */
  total: z.number().int(),
});
export type ConsentHistoryResponse = z.infer<typeof consentHistoryResponseSchema>;
