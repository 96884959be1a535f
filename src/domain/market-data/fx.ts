import { dec, type Decimal, type DecimalInput, FinancialMathError, ONE } from '../money/decimal';

/**
 * Exchange rates. Rates are stored as the ECB publishes them: one euro buys `rate` units of a
 * currency. Every other pair is a cross rate through the euro (X to Y = rate(Y) / rate(X)).
 */

/** ISO 4217 codes of the currencies the ECB publishes (today and in its history), and the euro. */
export const FX_CURRENCIES = [
  'EUR',
  'USD',
  'JPY',
  'BGN',
  'CYP',
  'CZK',
  'DKK',
  'EEK',
  'GBP',
  'HUF',
  'LTL',
  'LVL',
  'MTL',
  'PLN',
  'ROL',
  'RON',
  'SEK',
  'SIT',
  'SKK',
  'CHF',
  'ISK',
  'NOK',
  'HRK',
  'RUB',
  'TRL',
  'TRY',
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'HKD',
  'IDR',
  'ILS',
  'INR',
  'KRW',
  'MXN',
  'MYR',
  'NZD',
  'PHP',
  'SGD',
  'THB',
  'ZAR',
] as const;
export type FxCurrency = (typeof FX_CURRENCIES)[number];

const KNOWN = new Set<string>(FX_CURRENCIES);
export const isFxCurrency = (value: string): value is FxCurrency => KNOWN.has(value);

export type CurrencyPair = { base: FxCurrency; quote: FxCurrency };

/**
 * A pair written as six letters, base then quote (`EURUSD`: one euro in dollars), both known ISO
 * currencies and different; null for anything else.
 */
export function parsePair(symbol: string): CurrencyPair | null {
  if (symbol.length !== 6) return null;
  const base = symbol.slice(0, 3);
  const quote = symbol.slice(3);
  if (!isFxCurrency(base) || !isFxCurrency(quote) || base === quote) return null;
  return { base, quote };
}

/** The rate of a currency against the euro (the euro's own is 1). */
export type EuroRates = (currency: string) => Decimal | null;

function positive(value: DecimalInput): Decimal {
  const rate = dec(value);
  if (rate.isZero())
    throw new FinancialMathError('EXCHANGE_RATE_ZERO', 'Exchange rate cannot be zero');
  if (rate.isNegative())
    throw new FinancialMathError('EXCHANGE_RATE_NEGATIVE', 'Exchange rate cannot be negative');
  return rate;
}

/**
 * One `base` in `quote` from the euro rates of both: rate(quote) / rate(base). The euro's rate is
 * 1. Throws on a zero or negative rate.
 */
export function crossRate(euroToBase: DecimalInput, euroToQuote: DecimalInput): Decimal {
  return positive(euroToQuote).div(positive(euroToBase));
}

/**
 * What a quoted pair rate says about the euro: given `rate` units of `quote` per `base`, the euro
 * rate to store, as `{ currency, rate }` (one euro buys `rate` of `currency`).
 * - EURxxx: xxx at `rate`;
 * - xxxEUR: xxx at 1 / `rate`;
 * - otherwise (USDCAD): the quote at `euroToBase` x `rate`, `euroToBase` being the same day's
 *   euro rate of the base (null when it is not known: the caller refuses the row).
 */
export function euroRateFromPair(
  pair: CurrencyPair,
  rate: DecimalInput,
  euroToBase: DecimalInput | null,
): { currency: FxCurrency; rate: Decimal } | null {
  const value = positive(rate);
  if (pair.base === 'EUR') return { currency: pair.quote, rate: value };
  if (pair.quote === 'EUR') return { currency: pair.base, rate: ONE.div(value) };
  if (euroToBase === null) return null;
  return { currency: pair.quote, rate: positive(euroToBase).times(value) };
}

// Pence ------------------------------------------------------------------------------------------

/** London prices quoted in pence: Yahoo says `GBp`, others `GBX`. */
export const PENCE_CURRENCIES = ['GBp', 'GBX'] as const;
export const isPence = (currency: string) => currency === 'GBp' || currency === 'GBX';

/** A price in its major currency: pence / 100 in GBP; any other currency as it is. */
export function toMajorUnit(
  price: DecimalInput,
  currency: string,
): { price: Decimal; currency: string } {
  if (isPence(currency)) return { price: dec(price).div(100), currency: 'GBP' };
  return { price: dec(price), currency };
}

/**
 * A price converted at `rate` (units of the target per unit of the price's currency), as a form
 * prefills it: 4 decimals from 1 up; below 1, 6 significant digits and at most 12 decimals (a
 * coin worth a fraction of a cent keeps its digits). ROUND_HALF_UP, like every amount.
 */
export function convertedPrice(price: DecimalInput, rate: DecimalInput): Decimal {
  const value = dec(price).times(positive(rate));
  if (value.abs().gte(1)) return value.toDecimalPlaces(4);
  return value.toSignificantDigits(6).toDecimalPlaces(12);
}
