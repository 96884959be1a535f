import { z } from 'zod';
import { dec } from '@/domain/money/decimal';
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

// Decimals ---------------------------------------------------------------------------------------

/** What every amount, price and quantity of a request may hold: 15 digits before the point, 12 after. */
export const DECIMAL_INTEGER_DIGITS = 15;
export const DECIMAL_FRACTION_DIGITS = 12;

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const EXPONENT_DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)e[+-]?\d+$/i;
const INFINITE = /^\+?infinity$/i;

/**
 * What is wrong with an unsigned decimal as typed, so that the message says it: too many digits
 * before the point ('too large': "1e309", a 32-digit price, a JSON number past a double's range),
 * an exponent ("1e3": written in full instead), too many decimals, or not a number at all. Null
 * when it is a plain decimal within the limits. A sign is the caller's to judge first.
 */
export function decimalProblem(
  value: string,
): 'tooLarge' | 'exponent' | 'tooManyDecimals' | 'notANumber' | null {
  const plain = PLAIN_DECIMAL.exec(value);
  if (plain) {
    const whole = plain[1] as string;
    if (whole.length > DECIMAL_INTEGER_DIGITS) {
      // Leading zeros are not size: "0000000000000001" is not too large, only badly written.
      return whole.replace(/^0+/, '').length > DECIMAL_INTEGER_DIGITS ? 'tooLarge' : 'notANumber';
    }
    return (plain[2]?.length ?? 0) > DECIMAL_FRACTION_DIGITS ? 'tooManyDecimals' : null;
  }
  if (INFINITE.test(value)) return 'tooLarge';
  if (EXPONENT_DECIMAL.test(value)) {
    const [mantissa = '', exponent = '0'] = value.toLowerCase().split('e');
    const [whole = '', fraction = ''] = mantissa.split('.');
    const digits = `${whole}${fraction}`.replace(/^0+/, '');
    if (digits === '') return 'exponent';
    // Digits before the point once written in full: the mantissa's own, moved by the exponent.
    const leadingZeros = `${whole}${fraction}`.length - digits.length;
    const size = whole.length - leadingZeros + Number(exponent);
    return size > DECIMAL_INTEGER_DIGITS ? 'tooLarge' : 'exponent';
  }
  return 'notANumber';
}

/**
 * A decimal field's input as text: typed text trimmed, a JSON number written in full (1e-7 is
 * "0.0000001", 1e21 has 22 digits), so the checks judge the number and not how JavaScript prints it.
 */
export const decimalText = (value: string | number): string =>
  typeof value === 'number'
    ? Number.isFinite(value)
      ? dec(value).toFixed()
      : String(value)
    : value.trim();

/** Digits after the point of a decimal as typed ("1.50": 2). */
export const fractionDigits = (value: string) => value.split('.')[1]?.length ?? 0;

/**
 * The checks of an unsigned decimal (after the caller's own sign check), each with the message
 * that says what is wrong, the same in the API and the forms: too large, an exponent, more
 * decimals than the field allows (its own message, when it has a narrower rule) or than any
 * amount holds, and `invalid` for what is not a number.
 */
export function checkedDecimal<S extends z.ZodType<string>>(
  schema: S,
  invalid: string,
  decimals?: { max: number; message: string },
): S {
  return schema
    .refine((value) => decimalProblem(value) !== 'tooLarge', {
      message: M.numberTooLarge,
      abort: true,
    })
    .refine((value) => decimalProblem(value) !== 'exponent', {
      message: M.numberExponent,
      abort: true,
    })
    .refine(
      (value) =>
        !decimals ||
        decimalProblem(value) === 'notANumber' ||
        fractionDigits(value) <= decimals.max,
      { message: decimals?.message ?? invalid, abort: true },
    )
    .refine((value) => decimalProblem(value) !== 'tooManyDecimals', {
      message: M.numberTooManyDecimals,
      abort: true,
    })
    .refine((value) => decimalProblem(value) === null, { message: invalid, abort: true });
}
