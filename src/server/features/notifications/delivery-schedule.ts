import type { EmailFrequency } from '@/contracts/settings';
import { DAY } from '../../platform/clock';

/**
 * When a notification leaves by email or push: at once, at the end of the user's quiet hours, or
 * at their next daily (08:00) or weekly (Monday 08:00) digest, in their time zone. Pure: the time
 * zone arithmetic goes through Intl (no library), and works across daylight-saving changes.
 */

/** The local time digests leave at (minutes after midnight). */
export const DIGEST_MINUTE = 8 * 60;
/** Monday, as `LocalTime.weekday` counts (ISO: Monday 1 … Sunday 7). */
const MONDAY = 1;

export type LocalTime = {
  year: number;
  month: number;
  day: number;
  /** Minutes after local midnight. */
  minute: number;
  /** ISO weekday: Monday 1 … Sunday 7. */
  weekday: number;
};

export type QuietHours = { enabled: boolean; start: string; end: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The wall-clock time in `timeZone` at `at`. */
export function localTime(at: Date, timeZone: string): LocalTime & { second: number } {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? '') + 1,
  };
}

/** How far `timeZone` is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string) {
  const local = localTime(new Date(at), timeZone);
  const asUtc = Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    Math.floor(local.minute / 60),
    local.minute % 60,
    local.second,
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time occurs in `timeZone` (the first one when the clock goes back; a
 * time skipped when it goes forward lands just after the gap).
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  minute: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minute);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (first === second) return new Date(first);
  // Around a change: the earlier of the two readings that shows this wall time, else the later.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const candidate of candidates) {
    if (candidate + offsetAt(candidate, timeZone) === wall) return new Date(candidate);
  }
  return new Date(Math.max(first, second));
}

/** The calendar day `days` after the given one. */
function addDays(date: { year: number; month: number; day: number }, days: number) {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The end of the quiet hours `at` falls in, or null when it is outside them (or they are off).
 * Start is included, end excluded; a range crossing midnight (22:00-08:00) covers both days; equal
 * start and end mean no quiet hours.
 */
export function quietHoursEnd(at: Date, quiet: QuietHours, timeZone: string): Date | null {
  if (!quiet.enabled) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const local = localTime(at, timeZone);
  const now = local.minute;
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return null;
  // Ends today when the end is later in the day than now, else tomorrow.
  const day = now < end ? local : addDays(local, 1);
  return zonedInstant(day, end, timeZone);
}

/**
 * The first digest time at or after `at`: 08:00 local every day (daily) or on Mondays (weekly).
 */
export function nextDigestTime(
  at: Date,
  frequency: Exclude<EmailFrequency, 'instant'>,
  timeZone: string,
): Date {
  const local = localTime(at, timeZone);
  for (let days = 0; days <= 8; days += 1) {
    const day = addDays(local, days);
    const weekday = ((local.weekday - 1 + days) % 7) + 1;
    if (frequency === 'weekly' && weekday !== MONDAY) continue;
    const candidate = zonedInstant(day, DIGEST_MINUTE, timeZone);
    if (candidate.getTime() >= at.getTime()) return candidate;
  }
  throw new Error('no digest time within 8 days');
}

/**
 * When a notification created `at` leaves: security ones at once whatever the settings; others
 * at once (instant), at the next digest (daily, weekly); then, if that falls in quiet hours, when
 * they end.
 */
export function deliveryDueAt(
  at: Date,
  options: {
    frequency: EmailFrequency | 'instant';
    quiet: QuietHours;
    timeZone: string;
    /** Security emails ignore frequency and quiet hours. */
    immediate?: boolean;
  },
): Date {
  if (options.immediate) return at;
  const planned =
    options.frequency === 'instant' ? at : nextDigestTime(at, options.frequency, options.timeZone);
  return quietHoursEnd(planned, options.quiet, options.timeZone) ?? planned;
}

/**
 * The ISO week of a local calendar day ('2026-W48'): the key that makes the weekly insights email
 * once per user and week.
 */
export function isoWeekKey(date: { year: number; month: number; day: number }) {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const weekday = utc.getUTCDay() || 7;
  // The Thursday of this week decides the year.
  utc.setUTCDate(utc.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(utc.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((utc.getTime() - yearStart) / DAY + 1) / 7);
  return `${utc.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * This week's insights moment for a user: Monday 08:00 local of the week `at` is in (moved to the
 * end of quiet hours when they cover it), with the week's key.
 */
export function weeklyInsightsMoment(at: Date, quiet: QuietHours, timeZone: string) {
  const local = localTime(at, timeZone);
  const monday = addDays(local, -(local.weekday - MONDAY));
  const planned = zonedInstant(monday, DIGEST_MINUTE, timeZone);
  return {
    periodKey: isoWeekKey(monday),
    dueAt: quietHoursEnd(planned, quiet, timeZone) ?? planned,
  };
}

/** A time zone to compute in: the user's when valid, else UTC (the one the codebase dates in). */
export function deliveryTimeZone(timezone: string | null | undefined) {
  if (!timezone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return timezone;
  } catch {
    return 'UTC';
  }
}
