import { dec, type Decimal, ONE } from '../money/decimal';
import type { DayNumber } from './dates';
import { type DailySeries, lastIndexOnOrBefore, toDaySeries } from './series';

/**
 * Daily exchange rates as the ECB publishes them: for each currency X, how many X one unit of
 * `base` buys on a day (EUR->X). Days without a rate use the last rate before them; days before a
 * currency's first rate use that first rate.
 */
export type FxInput = {
  /** The currency every series is quoted against; EUR unless given. */
  base?: string;
  /** base->X per day, keyed by X (ISO code). */
  rates: Readonly<Record<string, DailySeries>>;
};

/** A quote currency as the engine works with it: a real currency and the factor to reach it. */
export type NormalisedCurrency = {
  currency: string;
  /** What a quoted amount is multiplied by (0.01 for pence). */
  factor: number;
  exactFactor: Decimal;
  /** The same as a decimal shift (2 for pence). */
  shift: number;
};

const PENCE = { factor: 0.01, exactFactor: dec('0.01'), shift: 2 };

/**
 * GBp and GBX (and GBx) quotes are pence: prices are divided by 100 and the currency is GBP. Any
 * other code is upper-cased and kept (never relabelled as another currency).
 */
export function normaliseCurrency(code: string): NormalisedCurrency {
  if (code === 'GBp' || code === 'GBX' || code === 'GBx') return { currency: 'GBP', ...PENCE };
  return { currency: code.toUpperCase(), factor: 1, exactFactor: ONE, shift: 0 };
}

/** A currency pair's name in reports: 'USD->EUR'. */
export const pairName = (from: string, to: string) => `${from}->${to}`;

/**
 * Exchange rates over the days of one computation, `firstDay` to `lastDay`: per currency and per
 * pair, a dense `Float64Array` (index = day - firstDay), forward-filled, built on first use.
 */
export class FxTable {
  readonly base: string;
  private readonly perCurrency = new Map<string, Float64Array | null>();
  private readonly perPair = new Map<string, Float64Array | null | undefined>();
  private readonly exactRates = new Map<string, Decimal>();
  private readonly length: number;

  constructor(
    private readonly fx: FxInput | undefined,
    readonly firstDay: DayNumber,
    readonly lastDay: DayNumber,
  ) {
    this.base = normaliseCurrency(fx?.base ?? 'EUR').currency;
    this.length = Math.max(0, lastDay - firstDay + 1);
  }

  /** base->currency per day; null for the base itself; undefined when no rate is known at all. */
  private currencyRates(currency: string): Float64Array | null | undefined {
    if (currency === this.base) return null;
    if (this.perCurrency.has(currency)) return this.perCurrency.get(currency) ?? undefined;
    const input = this.fx?.rates[currency];
    const rates = input ? denseRates(toDaySeries(input), this.firstDay, this.length) : undefined;
    this.perCurrency.set(currency, rates ?? null);
    return rates;
  }

  /**
   * How many `to` one `from` buys on each day (cross rate base->to / base->from): null when the
   * currencies are the same (the rate is 1), undefined when a needed rate is missing.
   */
  pair(from: string, to: string): Float64Array | null | undefined {
    if (from === to) return null;
    const key = pairName(from, to);
    if (this.perPair.has(key)) return this.perPair.get(key);
    const fromRates = this.currencyRates(from);
    const toRates = this.currencyRates(to);
    let result: Float64Array | undefined;
    if (fromRates !== undefined && toRates !== undefined) {
      result = new Float64Array(this.length);
      for (let i = 0; i < this.length; i += 1) {
        const x = fromRates ? (fromRates[i] as number) : 1;
        const y = toRates ? (toRates[i] as number) : 1;
        result[i] = y / x;
      }
    }
    this.perPair.set(key, result);
    return result;
  }

  /** Whether `from` can be converted to `to` (both have rates, or they are the same). */
  has(from: string, to: string): boolean {
    return this.pair(from, to) !== undefined;
  }

  /**
   * The exact cross rate on a day (a decimal: the stored rates read as decimals, then divided
   * at 28 significant digits). The pair must exist (`has`). Days outside the table are clamped.
   */
  exact(from: string, to: string, day: DayNumber): Decimal {
    if (from === to) return ONE;
    const index = Math.min(Math.max(day - this.firstDay, 0), this.length - 1);
    const key = `${from}>${to}@${index}`;
    const known = this.exactRates.get(key);
    if (known) return known;
    const fromRates = this.currencyRates(from);
    const toRates = this.currencyRates(to);
    if (fromRates === undefined || toRates === undefined) {
      throw new RangeError(`No exchange rate ${pairName(from, to)}`);
    }
    const x = fromRates ? dec(fromRates[index] as number) : ONE;
    const y = toRates ? dec(toRates[index] as number) : ONE;
    const rate = x.eq(ONE) ? y : y.div(x);
    this.exactRates.set(key, rate);
    return rate;
  }
}

/**
 * A currency's rates over `length` days from `firstDay`, forward-filled; the days before its first
 * rate take that first rate. Rates that are not positive finite numbers are skipped. Undefined
 * when the series holds no usable rate.
 */
function denseRates(
  series: { days: ArrayLike<number>; values: ArrayLike<number> },
  firstDay: DayNumber,
  length: number,
): Float64Array | undefined {
  const { days, values } = series;
  let firstUsable = -1;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] as number;
    if (value > 0 && Number.isFinite(value)) {
      firstUsable = i;
      break;
    }
  }
  if (firstUsable < 0) return undefined;
  const dense = new Float64Array(length);
  // The rate in force on firstDay: the last usable one on or before it, else the first one.
  let k = Math.max(lastIndexOnOrBefore(days, firstDay), firstUsable);
  let rate = values[firstUsable] as number;
  for (let i = firstUsable; i <= k && i < values.length; i += 1) {
    const value = values[i] as number;
    if (value > 0 && Number.isFinite(value)) rate = value;
  }
  k += 1;
  for (let i = 0; i < length; i += 1) {
    const day = firstDay + i;
    while (k < days.length && (days[k] as number) <= day) {
      const value = values[k] as number;
      if (value > 0 && Number.isFinite(value)) rate = value;
      k += 1;
    }
    dense[i] = rate;
  }
  return dense;
}
