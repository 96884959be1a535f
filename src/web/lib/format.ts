import type { Language } from '@/contracts/i18n';
import type { DateFormat, NumberFormat } from '@/contracts/settings';

/** The currencies Cairn values holdings in, and the symbol each shows with (spec 000, section 1). */
export const CURRENCY_SYMBOLS = { EUR: '€', USD: '$', GBP: '£', CAD: 'C$' } as const;
export type Currency = keyof typeof CURRENCY_SYMBOLS;

/** The currency plan prices show in: dollars in English, euros in French (spec 000, section 1). */
export const priceCurrency = (language: Language): Currency => (language === 'fr' ? 'EUR' : 'USD');

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

export function intlLocale(language: Language) {
  return LOCALES[language];
}

type Amount = number | string;

/**
 * The user's number format (settings, preferences): the thousands and decimal separators. Without
 * one, the language's own separators apply (1,234.56 in English, 1 234,56 in French).
 */
const SEPARATORS: Record<NumberFormat, { group: string; decimal: string }> = {
  // A narrow no-break space, as French typography (and Intl's fr-FR) writes it.
  european: { group: '\u202f', decimal: ',' },
  american: { group: ',', decimal: '.' },
  // The typographic apostrophe, as Intl's de-CH writes it.
  swiss: { group: '\u2019', decimal: '.' },
};

/** Rewrites the separators of formatted parts in the user's number format. */
function joinParts(parts: Intl.NumberFormatPart[], numberFormat?: NumberFormat | null) {
  const separators = numberFormat ? SEPARATORS[numberFormat] : null;
  return parts
    .map((part) => {
      if (separators && part.type === 'group') return separators.group;
      if (separators && part.type === 'decimal') return separators.decimal;
      return part.value;
    })
    .join('');
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, options: Intl.NumberFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * Formats an amount of money: 0 decimals by default, 2 when asked; our symbol for the currency;
 * the language's grouping and placement (1 234 € in French, €1,234 in English). Accepts decimal
 * strings so amounts keep their precision up to display.
 */
export function formatMoney(
  amount: Amount,
  currency: Currency,
  language: Language,
  options: {
    decimals?: boolean;
    signed?: boolean;
    /** Short scale for chart axes: '€12K' / '12 k€' (one decimal at most). */
    compact?: boolean;
    numberFormat?: NumberFormat | null;
  } = {},
): string {
  const digits = options.decimals ? 2 : 0;
  const parts = formatter(intlLocale(language), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    ...(options.compact
      ? { notation: 'compact', maximumFractionDigits: 1 }
      : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).formatToParts(amount as number);
  return joinParts(
    parts.map((part) =>
      part.type === 'currency' ? { ...part, value: CURRENCY_SYMBOLS[currency] } : part,
    ),
    options.numberFormat,
  );
}

/** A percentage from a ratio expressed in percent (12.5 → "12.5%" / "12,5 %"). */
export function formatPercent(
  percent: Amount,
  language: Language,
  options: { decimals?: number; signed?: boolean; numberFormat?: NumberFormat | null } = {},
): string {
  const digits = options.decimals ?? 2;
  const parts = formatter(intlLocale(language), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).formatToParts(Number(percent) / 100);
  return joinParts(parts, options.numberFormat);
}

export function formatNumber(
  value: Amount,
  language: Language,
  maximumFractionDigits = 2,
  numberFormat?: NumberFormat | null,
): string {
  const parts = formatter(intlLocale(language), { maximumFractionDigits }).formatToParts(
    value as number,
  );
  return joinParts(parts, numberFormat);
}

/** The user's date choices (settings): a numeric pattern and the time zone dates show in. */
export type DatePreferences = {
  dateFormat?: DateFormat | null;
  timeZone?: string | null;
};

function readDate(date: string | Date) {
  const value = new Date(date);
  return Number.isNaN(value.getTime()) ? null : value;
}

/** Intl options with the time zone, when it is one this browser knows. */
function zoned(options: Intl.DateTimeFormatOptions, timeZone?: string | null) {
  if (!timeZone) return options;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return { ...options, timeZone };
  } catch {
    return options;
  }
}

/** The date in a numeric pattern ('dd/MM/yyyy' → '12/01/2026'). */
function patternDate(value: Date, pattern: DateFormat, timeZone?: string | null) {
  const parts = new Intl.DateTimeFormat(
    'en-US',
    zoned({ year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone),
  ).formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return pattern
    .replace('yyyy', part('year'))
    .replace('MM', part('month'))
    .replace('dd', part('day'));
}

/**
 * 'Jan 12, 2026' / '12 janv. 2026' in the language, or the user's pattern ('12/01/2026') when
 * they chose one; '' for an unreadable date.
 */
export function formatDate(
  date: string | Date,
  locale: string,
  preferences: DatePreferences = {},
): string {
  const value = readDate(date);
  if (!value) return '';
  if (preferences.dateFormat)
    return patternDate(value, preferences.dateFormat, preferences.timeZone);
  return new Intl.DateTimeFormat(
    locale,
    zoned({ dateStyle: 'medium' }, preferences.timeZone),
  ).format(value);
}

/**
 * 'January 12, 2026 at 10:00 AM' / '12 janvier 2026 à 10:00' (the reader's time zone, or the
 * user's), or with the user's date pattern: '12/01/2026 10:00 AM' / '12/01/2026 10:00'.
 */
export function formatDateTime(
  date: string | Date,
  locale: string,
  preferences: DatePreferences & { dateStyle?: 'long' | 'medium' } = {},
): string {
  const value = readDate(date);
  if (!value) return '';
  const { dateFormat, timeZone, dateStyle = 'long' } = preferences;
  if (dateFormat) {
    const time = new Intl.DateTimeFormat(locale, zoned({ timeStyle: 'short' }, timeZone)).format(
      value,
    );
    return `${patternDate(value, dateFormat, timeZone)} ${time}`;
  }
  return new Intl.DateTimeFormat(locale, zoned({ dateStyle, timeStyle: 'short' }, timeZone)).format(
    value,
  );
}

/**
 * A decimal as French and English users type it, for the API: "1 500,5" or "1,500.5" is "1500.5"
 * (spaces, no-break spaces and thousands separators dropped). The contract then checks it.
 */
export function typedDecimal(raw: string) {
  const compact = raw.replace(/[\s\u00a0\u202f]/g, '');
  return compact.includes('.') ? compact.replace(/,/g, '') : compact.replace(',', '.');
}
