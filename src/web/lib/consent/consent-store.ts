import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  PRIVACY_VERSION,
  type StoredConsent,
} from '@/contracts/consent-constants';
import { readCookie, writeCookie } from '../cookies';

/**
 * The visitor's cookie choice (spec 002, "Cookie consent"): kept in the cc_cookie cookie for 365
 * days (SameSite=Lax), shared by both entries (public site and app). Necessary cookies are
 * always on; analytics and error monitoring stay off until accepted.
 */

export type ConsentChoice = { analytics: boolean; errorMonitoring: boolean };
/** Who changed the choice: the visitor (banner, preferences) or the account's stored record. */
export type ConsentOrigin = 'user' | 'account';
type Listener = (consent: StoredConsent | null, origin: ConsentOrigin) => void;

export const ACCEPT_ALL: ConsentChoice = { analytics: true, errorMonitoring: true };
export const REJECT_ALL: ConsentChoice = { analytics: false, errorMonitoring: false };

/** The choice in cc_cookie, or null when there is none (or it is not one we wrote). */
export function readConsentCookie(): StoredConsent | null {
  const raw = readCookie(CONSENT_COOKIE);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredConsent> | null;
    if (
      typeof value?.analytics !== 'boolean' ||
      typeof value.errorMonitoring !== 'boolean' ||
      typeof value.version !== 'string' ||
      typeof value.date !== 'string' ||
      Number.isNaN(Date.parse(value.date))
    ) {
      return null;
    }
    return {
      analytics: value.analytics,
      errorMonitoring: value.errorMonitoring,
      version: value.version,
      date: value.date,
    };
  } catch {
    return null;
  }
}

export function writeConsentCookie(consent: StoredConsent) {
  writeCookie(CONSENT_COOKIE, JSON.stringify(consent), CONSENT_COOKIE_DAYS * 24 * 60 * 60);
}

/** True when the visitor must be asked: no choice yet, or one made under an older version. */
export function needsChoice(consent: StoredConsent | null): boolean {
  return consent === null || consent.version !== PRIVACY_VERSION;
}

/** The choice that applies now: a choice under an older version counts as none (all off). */
export function effectiveChoice(consent: StoredConsent | null): ConsentChoice {
  if (consent === null || needsChoice(consent)) return REJECT_ALL;
  return { analytics: consent.analytics, errorMonitoring: consent.errorMonitoring };
}

let current: StoredConsent | null | undefined;
const listeners = new Set<Listener>();

/** The stored choice (read from the cookie once, then kept in step with it). */
export function getConsent(): StoredConsent | null {
  if (current === undefined) current = readConsentCookie();
  return current;
}

/** Records a choice in cc_cookie under the current version and tells every listener. */
export function setConsent(
  choice: ConsentChoice,
  origin: ConsentOrigin = 'user',
  date: Date = new Date(),
): StoredConsent {
  const consent: StoredConsent = {
    analytics: choice.analytics,
    errorMonitoring: choice.errorMonitoring,
    version: PRIVACY_VERSION,
    date: date.toISOString(),
  };
  writeConsentCookie(consent);
  current = consent;
  for (const listener of listeners) listener(consent, origin);
  return consent;
}

export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export { onOpenConsentPreferences, openConsentPreferences } from './consent-events';

/** Tests: forget the cached choice and the listeners. */
export function resetConsentStore() {
  current = undefined;
  listeners.clear();
}
