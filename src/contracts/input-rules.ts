import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * The rules every input of every contract follows, whatever its field (docs/decisions.md,
 * "Input rules (issue 12)"): text PostgreSQL can store, and dates inside the range the product
 * and the database hold, never after today.
 */

// Text -------------------------------------------------------------------------------------------

/**
 * U+0000 (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (not a character:
 * it cannot be written as UTF-8). Checked code unit by code unit, in linear time.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is what the rule looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds neither U+0000 nor a lone surrogate. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * A string of text: `z.string(params)` that refuses U+0000 and lone surrogates ('This text
 * contains characters that cannot be saved'). Every text field of a contract starts from it, so
 * that no input reaches the database with text it cannot store.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { message: M.textUnstorable, abort: true });

// Dates ------------------------------------------------------------------------------------------

/** The dates the product holds: wide enough for any real history or maturity (docs/decisions.md). */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2999-12-31';

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD date inside DATE_MIN..DATE_MAX (anything else is for the format rule to say). */
export function isInDateRange(value: string): boolean {
  return !DATE_SHAPE.test(value) || (value >= DATE_MIN && value <= DATE_MAX);
}

/**
 * Today's date where it is latest on Earth (UTC+14), so no one's "today" counts as the future
 * wherever they are (docs/decisions.md). The server decides with its real clock.
 */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** Not after `latestToday()` (a malformed date has said so already). */
export function isNotFuture(value: string, now: Date = new Date()): boolean {
  return !DATE_SHAPE.test(value) || value <= latestToday(now);
}

/** A calendar date, YYYY-MM-DD, from 1900-01-01 to 2999-12-31. */
export const isoDate = (message: string = M.dateInvalid) =>
  z.iso.date({ message }).refine(isInDateRange, { message: M.dateOutOfRange, abort: true });

/** A calendar date that is today or before ('Date cannot be in the future'). */
export const pastIsoDate = (message: string = M.dateInvalid) =>
  isoDate(message).refine((value) => isNotFuture(value), M.dateInFuture);

/** True when an ISO 8601 date-time (any offset) falls, in UTC, inside DATE_MIN..DATE_MAX. */
export function isInstantInDateRange(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const utcDay = new Date(time).toISOString().slice(0, 10);
  return utcDay >= DATE_MIN && utcDay <= DATE_MAX;
}

/**
 * An instant, ISO 8601 with its offset, whose UTC date is inside DATE_MIN..DATE_MAX
 * ('9999-12-31T23:59:59-14:00' is in the year 10000 in UTC: out of range, not a server error).
 */
export const isoDateTime = () =>
  z.iso
    .datetime({ offset: true, message: M.dateInvalid, abort: true })
    .refine(isInstantInDateRange, { message: M.dateOutOfRange, abort: true });

const missing = (input: unknown) => input === undefined || input === null || input === '';

/** A required calendar date: missing says `required`, anything but YYYY-MM-DD 'Invalid date format'. */
export const requiredDate = (required: string) =>
  z.iso
    .date({ error: (issue) => (missing(issue.input) ? required : M.dateInvalid) })
    .refine(isInDateRange, { message: M.dateOutOfRange, abort: true });

/** A required date that is today or before (shared rules table: 'Date cannot be in the future'). */
export const pastDate = (required: string) =>
  requiredDate(required).refine((value) => isNotFuture(value), M.dateInFuture);
