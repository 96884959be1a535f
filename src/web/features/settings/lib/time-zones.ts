import { isTimeZone } from '@/contracts/settings';

let cached: string[] | null = null;

/** Every IANA time zone this browser knows, sorted, with UTC. */
export function timeZones(): string[] {
  if (cached) return cached;
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  cached = [...new Set(['UTC', ...zones])].filter(isTimeZone).sort();
  return cached;
}

/** This device's time zone ('Europe/Paris'), or null when the browser does not say. */
export function deviceTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** The time now in a zone, in the language's style ('2:05 PM', '14:05'); '' for an unknown zone. */
export function timeIn(zone: string, locale: string, now = new Date()): string {
  if (!isTimeZone(zone)) return '';
  try {
    return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: zone }).format(now);
  } catch {
    return '';
  }
}
