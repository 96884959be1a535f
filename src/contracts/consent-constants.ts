/**
 * Cookie consent's constants and browser-side types, without zod: the public site (landing page)
 * imports these, and its JavaScript is budgeted. The API's schemas are in consent.ts.
 */

/** The version of the privacy policy and of the terms the choice was made under. */
export const PRIVACY_VERSION = '1.0.0';
export const TERMS_VERSION = '1.0.0';

/** The browser keeps the choice in this first-party cookie (365 days, SameSite=Lax). */
export const CONSENT_COOKIE = 'cc_cookie';
export const CONSENT_COOKIE_DAYS = 365;

/** Cookies the analytics service sets; all whose name begins with one of these are cleared. */
export const ANALYTICS_COOKIE_PREFIXES = ['_ga', '_gid'] as const;

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
