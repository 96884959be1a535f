const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const valid = (date: string | Date) => {
  const value = new Date(date);
  return Number.isNaN(value.getTime()) ? null : value;
};

/** '5 minutes ago', 'yesterday', 'il y a 3 jours'...; under 45 seconds is 'now'. */
export function formatRelativeTime(date: string | Date, now: Date, locale: string): string {
  const value = valid(date);
  if (!value) return '';
  const seconds = (value.getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 45) return format.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** 'Jan 12, 2026' / '12 janv. 2026'. */
export function formatDate(date: string | Date, locale: string): string {
  const value = valid(date);
  return value ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(value) : '';
}

/** 'Jan 12, 2026, 10:04 AM' / '12 janv. 2026, 10:04'. */
export function formatDateTime(date: string | Date, locale: string): string {
  const value = valid(date);
  return value
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(value)
    : '';
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A countdown as m:ss ('4:05'); never negative. */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** A value as one line of JSON for the audit log ('—' stays for nothing). */
export function compactJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
