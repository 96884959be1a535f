import DecimalJs from 'decimal.js';

/**
 * The one decimal type of the ledger (spec 002, section 9): 28 significant digits, half-up
 * rounding. A clone, so the library's global defaults (which other code may use) stay untouched.
 * Money and quantities are never JavaScript numbers.
 */
export const Decimal = DecimalJs.clone({ precision: 28, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;

export type DecimalInput = string | number | DecimalJs;

/** Fiat amounts show 2 decimals; crypto quantities keep 8. */
export const FIAT_DECIMALS = 2;
export const CRYPTO_DECIMALS = 8;
/** Two amounts closer than this are equal (spec 002, section 9). */
export const EQUALITY_TOLERANCE = '0.01';
export const MONTHS_PER_YEAR = 12;

export const ZERO = new Decimal(0);

/** Errors of the financial maths, with a stable code (the server maps it, the web translates it). */
export class FinancialMathError extends Error {
  constructor(
    readonly code:
      'DIVISION_BY_ZERO' | 'EXCHANGE_RATE_ZERO' | 'EXCHANGE_RATE_NEGATIVE' | 'NOT_A_NUMBER',
    message: string,
  ) {
    super(message);
    this.name = 'FinancialMathError';
  }
}

// Decimals are immutable, so a parsed string can be shared: a ledger meets the same fees, rates
// and quantities ("0", "1", "1.5", "10") thousands of times. Bounded; cleared when full.
const parsed = new Map<string, Decimal>();
const PARSED_MAX = 4096;

/** A decimal from a string, number or decimal; NaN and infinities are refused. */
export function dec(value: DecimalInput): Decimal {
  if (value instanceof Decimal) return value;
  if (typeof value === 'string') {
    const known = parsed.get(value);
    if (known) return known;
  }
  const result = new Decimal(value);
  if (!result.isFinite())
    throw new FinancialMathError('NOT_A_NUMBER', `Not a number: ${String(value)}`);
  if (typeof value === 'string' && value.length <= 24) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(value, result);
  }
  return result;
}

export function safeDivide(numerator: DecimalInput, denominator: DecimalInput): Decimal {
  const d = dec(denominator);
  if (d.isZero()) {
    throw new FinancialMathError(
      'DIVISION_BY_ZERO',
      'Division by zero is not allowed in financial calculations',
    );
  }
  return dec(numerator).div(d);
}

/** An amount in another currency at `rate` units of the target per unit of the source. */
export function convert(amount: DecimalInput, rate: DecimalInput): Decimal {
  const r = dec(rate);
  if (r.isZero())
    throw new FinancialMathError('EXCHANGE_RATE_ZERO', 'Exchange rate cannot be zero');
  if (r.isNegative()) {
    throw new FinancialMathError('EXCHANGE_RATE_NEGATIVE', 'Exchange rate cannot be negative');
  }
  return dec(amount).mul(r);
}

export const ONE = new Decimal(1);

/** An amount at an exchange rate already checked (the ledger's hot path: a rate of 1 is free). */
export const toBase = (amount: Decimal, rate: Decimal) =>
  rate.eq(ONE) ? amount : amount.mul(rate);

export const roundFiat = (value: DecimalInput) => dec(value).toDecimalPlaces(FIAT_DECIMALS);
export const roundCrypto = (value: DecimalInput) => dec(value).toDecimalPlaces(CRYPTO_DECIMALS);

/** Equal within the tolerance (0.01 unless given). */
export function approxEqual(
  a: DecimalInput,
  b: DecimalInput,
  tolerance: DecimalInput = EQUALITY_TOLERANCE,
) {
  return dec(a).minus(dec(b)).abs().lte(dec(tolerance));
}

/** A plain decimal string: no exponent, no trailing zeros ("12.5", "0.00001", "3"). */
export function toPlain(value: DecimalInput): string {
  const d = dec(value);
  const fixed = d.toFixed();
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed === '-0' ? '0' : fixed;
}

/** A fiat amount as a string with exactly 2 decimals ("104.00"). */
export const toFiat = (value: DecimalInput) => dec(value).toFixed(FIAT_DECIMALS);

/**
 * Digits of each currency's minor unit (ISO 4217), for the currencies that do not have 2: the
 * app's own (EUR, USD, GBP, CAD) and every other not listed here have 2.
 */
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** How many decimals an amount of `currency` has (2 for EUR, USD, GBP and CAD; 0 for JPY). */
export const minorUnits = (currency: string): number =>
  MINOR_UNITS[currency.toUpperCase()] ?? FIAT_DECIMALS;

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An amount of money as an answer carries it: rounded half up (away from zero) to the currency's
 * minor unit and written with exactly that many decimals ("348563.64", "1500.00", never
 * "-0.00"). Only at the edge of an answer: computations and totals keep every digit and are
 * rounded once, at the end. A plain decimal string (what the engine and the database give) is
 * rounded as text, without a decimal object: an answer rounds thousands of figures.
 */
export function roundMoney(value: DecimalInput, currency: string): string {
  const digits = minorUnits(currency);
  const plain = typeof value === 'string' ? PLAIN_DECIMAL.exec(value) : null;
  if (!plain) {
    const rounded = dec(value).toDecimalPlaces(digits);
    return (rounded.isZero() ? rounded.abs() : rounded).toFixed(digits);
  }
  const whole = plain[2] as string;
  const fraction = plain[3] ?? '';
  let units = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  // Half up, away from zero: the first digit dropped decides (any after it only adds).
  if (fraction.length > digits && fraction.charCodeAt(digits) - 48 >= 5) units += 1n;
  const text = units.toString().padStart(digits + 1, '0');
  const sign = plain[1] && units !== 0n ? '-' : '';
  return digits === 0
    ? `${sign}${text}`
    : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
