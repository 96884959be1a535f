import { dec, type Decimal, ONE, ZERO } from '../money/decimal';

/**
 * An exact sum of decimal strings and of products of two decimal strings, faster than adding
 * decimals one by one: while the running sum fits a safe integer (at the largest scale met so far,
 * e.g. 12345 at scale 2 for 123.45) it is kept as a JS number, where integer arithmetic is exact;
 * what does not fit goes to a BigInt. Nothing is ever rounded: `toDecimal()` gives the exact sum
 * (a bench portfolio's 10,000 amounts add up in a fraction of a millisecond, where decimal.js
 * takes tens).
 */
export class ExactSum {
  /** Fast part: units / 10^scale. */
  private units = 0;
  private scale = 0;
  /** Overflow part: big / 10^bigScale. */
  private big = 0n;
  private bigScale = 0;

  /** Adds (or, with sign -1, subtracts) a decimal string shifted right by `shift` places. */
  add(text: string, sign: 1 | -1 = 1, shift = 0): this {
    if (parseFixed(text)) this.addTerm(sign * parsedMantissa, parsedScale + shift);
    else this.addBig(sign === 1 ? bigOf(text) : -bigOf(text), bigScaleOf(text) + shift);
    return this;
  }

  /** Adds (or subtracts) a x b, shifted right by `shift` places (0.01 x a x b: shift 2). */
  addProduct(a: string, b: string, sign: 1 | -1 = 1, shift = 0): this {
    if (parseFixed(a)) {
      const m1 = parsedMantissa;
      const s1 = parsedScale;
      if (parseFixed(b)) {
        const product = m1 * parsedMantissa;
        if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) {
          this.addTerm(sign * product, s1 + parsedScale + shift);
          return this;
        }
      }
    }
    const product = bigOf(a) * bigOf(b);
    this.addBig(sign === 1 ? product : -product, bigScaleOf(a) + bigScaleOf(b) + shift);
    return this;
  }

  /** Adds (or subtracts) a decimal. */
  addDecimal(value: Decimal, sign: 1 | -1 = 1): this {
    if (!value.isZero()) this.add(value.toFixed(), sign);
    return this;
  }

  /** Adds another sum. */
  addSum(other: ExactSum, sign: 1 | -1 = 1): this {
    if (other.units !== 0) this.addTerm(sign * other.units, other.scale);
    if (other.big !== 0n) this.addBig(sign === 1 ? other.big : -other.big, other.bigScale);
    return this;
  }

  /** An exact sum holding a decimal. */
  static from(value: Decimal): ExactSum {
    return new ExactSum().addDecimal(value);
  }

  /** The sum of terms (each with its sign): a + b - c is sumOf([a, 1], [b, 1], [c, -1]). */
  static of(...terms: [ExactSum, 1 | -1][]): ExactSum {
    const sum = new ExactSum();
    for (const [term, sign] of terms) sum.addSum(term, sign);
    return sum;
  }

  /** The sum as a plain decimal string: no exponent, no trailing zeros ('12.5', '0', '-3'). */
  toPlainString(): string {
    if (this.big === 0n) {
      if (this.units === 0) return '0';
      // A safe integer prints its digits exactly: no BigInt needed.
      const negative = this.units < 0;
      return trimmed(String(negative ? -this.units : this.units), this.scale, negative);
    }
    const scale = Math.max(this.scale, this.bigScale);
    const total =
      this.big * POWERS_BIG(scale - this.bigScale) +
      BigInt(this.units) * POWERS_BIG(scale - this.scale);
    if (total === 0n) return '0';
    const negative = total < 0n;
    return trimmed((negative ? -total : total).toString(), scale, negative);
  }

  isZero(): boolean {
    return this.units === 0 && this.big === 0n;
  }

  toDecimal(): Decimal {
    if (this.big === 0n) {
      if (this.units === 0) return ZERO;
      return dec(withPoint(BigInt(this.units), this.scale));
    }
    const scale = Math.max(this.scale, this.bigScale);
    const total =
      this.big * POWERS_BIG(scale - this.bigScale) +
      BigInt(this.units) * POWERS_BIG(scale - this.scale);
    return dec(withPoint(total, scale));
  }

  private addTerm(mantissa: number, scale: number) {
    if (scale > this.scale) {
      const rescaled = this.units * (POWERS[scale - this.scale] ?? Infinity);
      if (Math.abs(rescaled) <= Number.MAX_SAFE_INTEGER) {
        this.units = rescaled;
        this.scale = scale;
      } else {
        this.spill();
        this.scale = scale;
      }
    }
    const term = mantissa * (POWERS[this.scale - scale] ?? Infinity);
    const sum = this.units + term;
    if (Math.abs(term) <= Number.MAX_SAFE_INTEGER && Math.abs(sum) <= Number.MAX_SAFE_INTEGER) {
      this.units = sum;
    } else {
      this.addBig(BigInt(mantissa), scale);
    }
  }

  private spill() {
    if (this.units !== 0) this.addBig(BigInt(this.units), this.scale);
    this.units = 0;
  }

  private addBig(value: bigint, scale: number) {
    if (scale > this.bigScale) {
      this.big *= POWERS_BIG(scale - this.bigScale);
      this.bigScale = scale;
    }
    this.big += value * POWERS_BIG(this.bigScale - scale);
  }
}

const POWERS: number[] = [];
for (let i = 0, p = 1; i <= 22; i += 1, p *= 10) POWERS.push(p);
const BIG_POWERS: bigint[] = [];
const POWERS_BIG = (n: number): bigint => {
  let power = BIG_POWERS[n];
  if (power === undefined) {
    power = 10n ** BigInt(n);
    BIG_POWERS[n] = power;
  }
  return power;
};

/** Digits with a point `scale` places from the right, trailing zeros of the fraction dropped. */
function trimmed(digits: string, scale: number, negative: boolean): string {
  let end = digits.length;
  let places = scale;
  while (places > 0 && digits.charCodeAt(end - 1) === 48) {
    end -= 1;
    places -= 1;
  }
  let text: string;
  if (places === 0) text = digits.slice(0, end);
  else {
    const padded = digits.slice(0, end).padStart(places + 1, '0');
    text = `${padded.slice(0, padded.length - places)}.${padded.slice(-places)}`;
  }
  return negative ? `-${text}` : text;
}

/** An integer's digits with a decimal point `scale` places from the right. */
function withPoint(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text =
    scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

let parsedMantissa = 0;
let parsedScale = 0;

/**
 * Reads a plain decimal string ('-12.345', '7', '.5') of at most 15 digits into
 * parsedMantissa / parsedScale; false for anything else (more digits, exponents, spaces).
 */
function parseFixed(text: string): boolean {
  const length = text.length;
  if (length === 0 || length > 17) return false;
  let i = 0;
  let negative = false;
  const first = text.charCodeAt(0);
  if (first === 45 || first === 43) {
    negative = first === 45;
    i = 1;
  }
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  let point = false;
  for (; i < length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 46) {
      if (point) return false;
      point = true;
      continue;
    }
    const digit = code - 48;
    if (digit < 0 || digit > 9) return false;
    mantissa = mantissa * 10 + digit;
    digits += 1;
    if (point) scale += 1;
  }
  if (digits === 0 || digits > 15) return false;
  parsedMantissa = negative ? -mantissa : mantissa;
  parsedScale = scale;
  return true;
}

const PLAIN = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** A decimal string as digits and a scale (exponent forms go through decimal.js once). */
function splitDecimal(text: string): { digits: string; scale: number } {
  const fixed = PLAIN.test(text) ? text : dec(text).toFixed();
  const point = fixed.indexOf('.');
  if (point < 0) return { digits: fixed, scale: 0 };
  return {
    digits: fixed.slice(0, point) + fixed.slice(point + 1),
    scale: fixed.length - point - 1,
  };
}

let lastText = '';
let lastSplit = { digits: '0', scale: 0 };
const split = (text: string) => {
  if (text !== lastText) {
    lastSplit = splitDecimal(text);
    lastText = text;
  }
  return lastSplit;
};

function bigOf(text: string): bigint {
  const digits = split(text).digits;
  return BigInt(digits === '' || digits === '-' || digits === '+' ? '0' : digits);
}

const bigScaleOf = (text: string): number => split(text).scale;

/**
 * An exact sum of amounts each converted at a rate (a decimal shared by the amounts of one pair
 * and day, as `FxTable.exact` gives it): amounts at the same rate are summed first, then
 * multiplied once. A rate of `ONE` (same currency) costs nothing.
 */
export class ConvertedSum {
  private readonly plain = new ExactSum();
  private pending = new ExactSum();
  private rate: Decimal | null = null;
  private converted: Decimal = ZERO;

  /** The sum to add the amounts converted at `rate` to. */
  at(rate: Decimal): ExactSum {
    if (rate === ONE) return this.plain;
    if (rate !== this.rate) {
      this.flush();
      this.rate = rate;
    }
    return this.pending;
  }

  private flush() {
    if (this.rate && !this.pending.isZero()) {
      this.converted = this.converted.plus(this.pending.toDecimal().mul(this.rate));
      this.pending = new ExactSum();
    }
  }

  /** The total (the plain sum, which is not copied: read it once, at the end). */
  total(): ExactSum {
    this.flush();
    return this.converted.isZero() ? this.plain : this.plain.addDecimal(this.converted);
  }
}
