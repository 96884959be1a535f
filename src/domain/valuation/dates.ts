/**
 * Calendar days as integers: a day number is the count of days since 1970-01-01 (UTC), so day
 * arithmetic is integer arithmetic and a daily series is an array indexed by `day - firstDay`.
 * No time zones: a date is a calendar date (YYYY-MM-DD), as the ledger stores trade dates.
 */

/** A calendar date as YYYY-MM-DD. */
export type IsoDate = string;
/** Days since 1970-01-01 (1970-01-01 is 0, 1969-12-31 is -1). */
export type DayNumber = number;

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function dayFromCivil(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The year, month (1-12) and day of a day number (Hinnant's civil_from_days). */
export function civilFromDay(dayNumber: DayNumber): { year: number; month: number; day: number } {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

const ZERO_CODE = 48;
const digit = (text: string, index: number) => {
  const value = text.charCodeAt(index) - ZERO_CODE;
  return value >= 0 && value <= 9 ? value : Number.NaN;
};

/**
 * The day number of a YYYY-MM-DD date (a longer ISO timestamp is read by its first 10
 * characters). Parsed by hand, without `Date`: price histories hold hundreds of thousands of
 * dates. Throws on anything else, or on an impossible date (2024-02-30).
 */
export function toDay(date: IsoDate): DayNumber {
  if (date.length < 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  }
  const year = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
  const month = digit(date, 5) * 10 + digit(date, 6);
  const day = digit(date, 8) * 10 + digit(date, 9);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  }
  return dayFromCivil(year, month, day);
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** The YYYY-MM-DD date of a day number. */
export function fromDay(dayNumber: DayNumber): IsoDate {
  const { year, month, day } = civilFromDay(dayNumber);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

export const isLeapYear = (year: number) =>
  (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return MONTH_DAYS[month - 1] ?? Number.NaN;
}

/** The same day `months` months later (earlier when negative), clamped to the month's end. */
export function addMonths(dayNumber: DayNumber, months: number): DayNumber {
  const { year, month, day } = civilFromDay(dayNumber);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = index - newYear * 12 + 1;
  return dayFromCivil(newYear, newMonth, Math.min(day, daysInMonth(newYear, newMonth)));
}

/** The performance ranges of the dashboard and the charts. */
export const RANGES = ['1W', '1M', '3M', 'YTD', '1Y', '3Y', '5Y', 'MAX'] as const;
export type RangeKey = (typeof RANGES)[number];

/**
 * The first day inside a range ending on `asOf` (inclusive). The range's opening value is the
 * value at the end of the day before it. 1W is the 7 days ending on asOf; 1M, 3M, 1Y, 3Y and 5Y
 * open on the same calendar day that many months or years before asOf (clamped to the month's
 * end: 1M before 31 March opens on 28 or 29 February) and start the day after; YTD starts on
 * 1 January of asOf's year; MAX starts on the first day of the history. A range never starts
 * before `firstDay` (the day of the first transaction), nor after `asOf`.
 */
export function rangeStartDay(range: RangeKey, asOf: DayNumber, firstDay: DayNumber): DayNumber {
  let start: DayNumber;
  switch (range) {
    case '1W':
      start = asOf - 6;
      break;
    case '1M':
      start = addMonths(asOf, -1) + 1;
      break;
    case '3M':
      start = addMonths(asOf, -3) + 1;
      break;
    case 'YTD':
      start = dayFromCivil(civilFromDay(asOf).year, 1, 1);
      break;
    case '1Y':
      start = addMonths(asOf, -12) + 1;
      break;
    case '3Y':
      start = addMonths(asOf, -36) + 1;
      break;
    case '5Y':
      start = addMonths(asOf, -60) + 1;
      break;
    case 'MAX':
      start = firstDay;
      break;
  }
  return Math.min(Math.max(start, firstDay), asOf);
}
