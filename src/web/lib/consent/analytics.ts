import { ANALYTICS_COOKIE_PREFIXES } from '@/contracts/consent-constants';

/**
 * Google Analytics (gtag.js), only in production (the server hands out the id there only), with
 * an id, with the visitor's consent, and without a do-not-track or Global Privacy Control
 * signal (spec 000). Anonymised (IP anonymisation, no Google signals or ad personalisation) and
 * without automatic page views: only the events the app sends.
 */

export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';
/** Search terms sent to analytics are cut to this many characters (spec 002). */
export const SEARCH_TERM_MAX = 20;

type PrivacySignals = {
  doNotTrack?: string | null;
  msDoNotTrack?: string | null;
  globalPrivacyControl?: boolean;
};

/** True when the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function privacySignalSet(
  nav: PrivacySignals = navigator as unknown as PrivacySignals,
  win: { doNotTrack?: string | null } = window as unknown as { doNotTrack?: string | null },
): boolean {
  const dnt = nav.doNotTrack ?? win.doNotTrack ?? nav.msDoNotTrack ?? null;
  return dnt === '1' || dnt === 'yes' || nav.globalPrivacyControl === true;
}

/** The gate: analytics may load only when every condition holds. */
export function analyticsAllowed(input: {
  analyticsId: string | null;
  consented: boolean;
  privacySignal: boolean;
}): input is { analyticsId: string; consented: true; privacySignal: false } {
  return input.analyticsId !== null && input.consented && !input.privacySignal;
}

type GtagWindow = {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  [disable: `ga-disable-${string}`]: boolean | undefined;
};
const gtagWindow = () => window as unknown as GtagWindow;

let loadedId: string | null = null;
let active = false;

/** Loads gtag.js once and configures it; a later call only turns sending back on. */
export function startAnalytics(analyticsId: string, win: GtagWindow = gtagWindow()) {
  win[`ga-disable-${analyticsId}`] = false;
  active = true;
  if (loadedId === analyticsId) return;
  loadedId = analyticsId;
  win.dataLayer = win.dataLayer ?? [];
  // gtag.js reads the `arguments` objects pushed by this exact function shape.
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js expects the arguments object
    win.dataLayer?.push(arguments);
  };
  win.gtag('consent', 'default', {
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  win.gtag('js', new Date());
  win.gtag('config', analyticsId, {
    send_page_view: false,
    anonymize_ip: true,
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
  });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTAG_URL}?id=${encodeURIComponent(analyticsId)}`;
  document.head.append(script);
}

/** Stops sending (gtag's opt-out flag) and deletes the analytics cookies. */
export function stopAnalytics(analyticsId: string | null, win: GtagWindow = gtagWindow()) {
  active = false;
  if (analyticsId) win[`ga-disable-${analyticsId}`] = true;
  win.gtag?.('consent', 'update', { analytics_storage: 'denied' });
  clearAnalyticsCookies();
}

/** True while analytics runs (loaded, consented). */
export function analyticsActive() {
  return active;
}

/** Sends an event when analytics runs; nothing otherwise. */
export function trackEvent(name: string, params: Record<string, unknown> = {}) {
  if (!active) return;
  gtagWindow().gtag?.('event', name, params);
}

/** The search term as analytics may see it: trimmed, cut to 20 characters. */
export function searchTermForAnalytics(query: string): string {
  return query.trim().slice(0, SEARCH_TERM_MAX);
}

/** This host and each parent domain a cookie may have been set on (example.com and up, not com). */
export function cookieDomains(hostname: string): string[] {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) {
    return [hostname];
  }
  const labels = hostname.split('.');
  const domains: string[] = [];
  for (let i = 0; i <= labels.length - 2; i += 1) domains.push(labels.slice(i).join('.'));
  return domains;
}

/**
 * Deletes every cookie whose name begins with _ga or _gid, on this host and its parent domains
 * (gtag sets them on the widest domain it may). Returns the names found.
 */
export function clearAnalyticsCookies(doc: Document = document, hostname = location.hostname) {
  const names = doc.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => ANALYTICS_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix)));
  const expired = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/';
  for (const name of new Set(names)) {
    doc.cookie = `${name}=; ${expired}`;
    for (const domain of cookieDomains(hostname)) {
      doc.cookie = `${name}=; ${expired}; Domain=${domain}`;
      doc.cookie = `${name}=; ${expired}; Domain=.${domain}`;
    }
  }
  return [...new Set(names)];
}

/** Tests: forget what was loaded. */
export function resetAnalytics() {
  loadedId = null;
  active = false;
}
