import type { DateFormat } from '@/contracts/settings';

/**
 * Dates as the user types and reads them in a form: their date format (settings) on screen, ISO
 * YYYY-MM-DD in the form's state and in what is sent (docs/decisions.md, "Layout, dates and
 * rounding (issue 14)").
 */

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD (2024-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!match && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isCalendarDate(year: number, month: number, day: number) {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function iso(year: number, month: number, day: number): string | null {
  return isCalendarDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/** The order of day, month and year in a pattern: 'dd/MM/yyyy' -> ['d', 'm', 'y']. */
function order(pattern: DateFormat): ('d' | 'm' | 'y')[] {
  return pattern
    .split(/[^A-Za-z]+/)
    .map((part) => (part.startsWith('d') ? 'd' : part.startsWith('M') ? 'm' : 'y'));
}

/**
 * The ISO date of what the user typed in their format, or null when it is no date. Lenient with
 * what people type: any of / . - or a space between the parts, one-digit days and months
 * ('5/3/2024'), eight digits without separators ('05032024'); a year has four digits. An ISO
 * date (2024-03-05) is read as such in any format: it cannot be mistaken.
 */
export function parseTypedDate(text: string, pattern: DateFormat): string | null {
  const value = text.trim();
  const isoMatch = ISO.exec(value);
  if (isoMatch) return iso(Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3]));
  const parts = order(pattern);
  let pieces: string[] | null = null;
  if (/^\d{8}$/.test(value)) {
    const lengths = parts.map((part) => (part === 'y' ? 4 : 2));
    let at = 0;
    pieces = lengths.map((length) => {
      const piece = value.slice(at, at + length);
      at += length;
      return piece;
    });
  } else {
    const split = value.split(/\s*[/.\-\s]\s*/);
    if (split.length === 3) pieces = split;
  }
  if (!pieces) return null;
  const found = { d: 0, m: 0, y: 0 };
  for (const [index, part] of parts.entries()) {
    const piece = pieces[index] ?? '';
    if (part === 'y' ? !/^\d{4}$/.test(piece) : !/^\d{1,2}$/.test(piece)) return null;
    found[part] = Number(piece);
  }
  return iso(found.y, found.m, found.d);
}

/** An ISO date written in the user's format ('2024-03-05' -> '05/03/2024'); other text as is. */
export function formatTypedDate(value: string, pattern: DateFormat): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const [, year = '', month = '', day = ''] = match;
  return pattern.replace('yyyy', year).replace('MM', month).replace('dd', day);
}

/** The local-time Date of an ISO day (what a calendar shows), or undefined. */
export function isoToLocalDate(value: string): Date | undefined {
  if (!isIsoDate(value)) return undefined;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  // Years 0-99 would be read as 1900-1999 by the constructor.
  date.setFullYear(year);
  return date;
}

/** The ISO day of a calendar's local-time Date. */
export function localDateToIso(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The date format a form uses: the user's choice (settings), else what the language writes
 * (MM/dd/yyyy in English, dd/MM/yyyy in French), as the app's dates show without a choice.
 */
export function inputDateFormat(
  preference: DateFormat | null | undefined,
  language: string,
): DateFormat {
  return preference ?? (language === 'fr' ? 'dd/MM/yyyy' : 'MM/dd/yyyy');
}
