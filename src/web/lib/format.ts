import type { Language } from '@/contracts/i18n';

/** The currencies Cairn values holdings in, and the symbol each shows with (spec 000, section 1). */
export const CURRENCY_SYMBOLS = { EUR: '€', USD: '$', GBP: '£', CAD: 'C$' } as const;
export type Currency = keyof typeof CURRENCY_SYMBOLS;

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

export function intlLocale(language: Language) {
  return LOCALES[language];
}

type Amount = number | string;

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
  options: { decimals?: boolean; signed?: boolean } = {},
): string {
  const digits = options.decimals ? 2 : 0;
  const parts = formatter(intlLocale(language), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).formatToParts(amount as number);
  return parts
    .map((part) => (part.type === 'currency' ? CURRENCY_SYMBOLS[currency] : part.value))
    .join('');
}

/** A percentage from a ratio expressed in percent (12.5 → "12.5%" / "12,5 %"). */
export function formatPercent(
  percent: Amount,
  language: Language,
  options: { decimals?: number; signed?: boolean } = {},
): string {
  const digits = options.decimals ?? 2;
  return formatter(intlLocale(language), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: options.signed ? 'exceptZero' : 'auto',
  }).format(Number(percent) / 100);
}

export function formatNumber(value: Amount, language: Language, maximumFractionDigits = 2): string {
  return formatter(intlLocale(language), { maximumFractionDigits }).format(value as number);
}

/** '12 Jan 2026' / '12 janv. 2026'; '' for an unreadable date. */
export function formatDate(date: string | Date, locale: string): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(value);
}

/** 'January 12, 2026 at 10:00 AM' / '12 janvier 2026 à 10:00' (the reader's time zone). */
export function formatDateTime(date: string | Date, locale: string): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(value);
}
