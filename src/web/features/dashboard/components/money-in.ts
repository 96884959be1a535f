import { CURRENCY_SYMBOLS, type Currency } from '@/web/lib/format';
import type { Formatters } from '@/web/lib/preferences';

const isCurrency = (code: string): code is Currency => code in CURRENCY_SYMBOLS;

/** An amount in the currency it came with (a code Cairn has no symbol for is written out). */
export function moneyIn(format: Formatters, amount: string, code: string) {
  return isCurrency(code)
    ? format.money(amount, { currency: code, decimals: true })
    : `${format.number(amount, 2)} ${code}`;
}
