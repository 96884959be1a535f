import { z } from 'zod';

/**
 * Cookie consent (spec 002: "Cookie consent", "User privacy consent", "Consent history entry").
 * Necessary cookies are always on; analytics and error monitoring are off until accepted.
 * This module has no dependency besides zod so both web entries can import its constants.
 */

/** The version of the privacy policy and of the terms the choice was made under. */
export const PRIVACY_VERSION = '1.0.0';
export const TERMS_VERSION = '1.0.0';

/** The browser keeps the choice in this first-party cookie (365 days, SameSite=Lax). */
export const CONSENT_COOKIE = 'cc_cookie';
export const CONSENT_COOKIE_DAYS = 365;

/** Cookies the analytics service sets; all whose name begins with one of these are cleared. */
export const ANALYTICS_COOKIE_PREFIXES = ['_ga', '_gid'] as const;

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

/** What the browser keeps in cc_cookie (JSON). */
export type StoredConsent = {
  analytics: boolean;
  errorMonitoring: boolean;
  /** The privacy/terms version the choice was made under. */
  version: string;
  /** When the choice was made (ISO 8601). */
  date: string;
};

/**
 * What the server tells the browser at runtime (in production only, when configured): a JSON
 * script element with this id in the served HTML. Nothing loads from these before consent.
 */
export const CLIENT_CONFIG_ELEMENT_ID = 'cairn-config';
export type ClientConfig = {
  /** The analytics measurement id (G-...), or null. */
  analyticsId: string | null;
  /** The error-reporting DSN, or null. */
  errorReportingDsn: string | null;
};
