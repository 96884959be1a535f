import { CURRENCY_SYMBOLS, type Currency } from '@/web/lib/format';
import type { Formatters } from '@/web/lib/preferences';

const isCurrency = (code: string): code is Currency => code in CURRENCY_SYMBOLS;

/**
 * A close in its quote currency: our money format for the currencies we know (2 decimals; up to
 * 6 under 1, as a small crypto's), else the number and the code as quoted (`GBp` are pence:
 * `1,234.5 GBp`).
 */
export function formatPrice(format: Formatters, close: string | number, currency: string) {
  const value = Math.abs(Number(close));
  if (isCurrency(currency) && value >= 1) return format.money(close, { currency, decimals: true });
  return `${format.number(close, value >= 1 ? 2 : 6)} ${currency}`;
}
