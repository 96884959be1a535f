/**
 * Risk figures of a series of daily time-weighted returns. The engine's series has one return
 * per calendar day (weekends and holidays carry the last close, so their return is usually 0):
 * volatility is therefore annualised with the square root of 365 calendar days, not 252 trading
 * days (252 would understate it, the weekend zeros already being in the count).
 */

/** Calendar days per year, the volatility's annualisation. */
export const VOLATILITY_DAYS_PER_YEAR = 365;

/**
 * Sample standard deviation (n - 1) of daily returns times sqrt(365); null for fewer than two
 * returns.
 */
export function annualisedVolatility(
  returns: ArrayLike<number>,
  periodsPerYear = VOLATILITY_DAYS_PER_YEAR,
): number | null {
  const stats = new VolatilityAccumulator();
  for (let i = 0; i < returns.length; i += 1) stats.add(returns[i] as number);
  return stats.annualised(periodsPerYear);
}

/**
 * Running variance from sums shifted by the first value (exact enough for daily returns, which
 * are small and close to one another, and cheaper than Welford's division per value).
 */
export class VolatilityAccumulator {
  private count = 0;
  private shift = 0;
  private sum = 0;
  private squares = 0;

  add(value: number) {
    if (this.count === 0) this.shift = value;
    const d = value - this.shift;
    this.count += 1;
    this.sum += d;
    this.squares += d * d;
  }

  annualised(periodsPerYear = VOLATILITY_DAYS_PER_YEAR): number | null {
    if (this.count < 2) return null;
    const variance = (this.squares - (this.sum * this.sum) / this.count) / (this.count - 1);
    return Math.sqrt(Math.max(0, variance) * periodsPerYear);
  }
}

/**
 * The largest fall of an index from a previous peak, as a fraction of that peak: min over t of
 * I(t) / max(I(s), s <= t) - 1. Zero or negative (-0.25 is a 25% drawdown); 0 for an index that
 * never falls.
 */
export function maxDrawdown(index: ArrayLike<number>): number {
  const tracker = new DrawdownTracker();
  for (let i = 0; i < index.length; i += 1) tracker.add(index[i] as number);
  return tracker.value;
}

/** The running maximum drawdown of an index fed one value at a time. */
export class DrawdownTracker {
  private peak = -Infinity;
  value = 0;

  add(level: number) {
    if (level > this.peak) this.peak = level;
    else if (this.peak > 0) {
      const drawdown = level / this.peak - 1;
      if (drawdown < this.value) this.value = drawdown;
    }
  }
}
