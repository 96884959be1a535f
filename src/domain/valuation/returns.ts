/**
 * Returns: the daily time-weighted return, chaining and annualising, and the money-weighted
 * return (XIRR). Plain float maths: these are ratios, not money.
 */

/** Days in the year of annualised rates (XIRR's actual/365, and TWR annualisation). */
export const DAYS_PER_YEAR = 365;

/**
 * One day's time-weighted return: r = (V(t) + Out(t)) / (V(t-1) + In(t)) - 1, 0 when the
 * denominator is 0. Money coming in counts as at work from the start of the day, money going out
 * as taken at its end.
 */
export function dailyReturn(value: number, previous: number, inflow: number, outflow: number) {
  const capital = previous + inflow;
  return capital === 0 ? 0 : (value + outflow) / capital - 1;
}

/** The return of a whole period from its daily returns: product of (1 + r) - 1. */
export function chainReturns(returns: ArrayLike<number>): number {
  let growth = 1;
  for (let i = 0; i < returns.length; i += 1) growth *= 1 + (returns[i] as number);
  return growth - 1;
}

/**
 * A period's return as a yearly rate, (1 + r)^(365 / days) - 1, for periods of a year or more
 * (`days` >= 365); null for shorter periods (a week's return scaled to a year means nothing),
 * and when the period lost everything or more (1 + r <= 0).
 */
export function annualise(periodReturn: number, days: number): number | null {
  if (days < DAYS_PER_YEAR || !(1 + periodReturn > 0)) return null;
  return Math.pow(1 + periodReturn, DAYS_PER_YEAR / days) - 1;
}

/** The return over `days` of a yearly rate: (1 + rate)^(days / 365) - 1. */
export function periodReturn(annualRate: number, days: number): number {
  return Math.pow(1 + annualRate, days / DAYS_PER_YEAR) - 1;
}

/**
 * The money-weighted return: the yearly rate r (actual/365) at which the cash flows' present
 * value is zero, sum(amount_i / (1 + r)^((day_i - day_0) / 365)) = 0, amounts signed from the
 * investor's side (money put in negative, money taken out and the closing value positive).
 * Null when there is no solution: fewer than two flows, all of one sign, all on the same day (no
 * time passes: any rate or none solves it), or no root. Days need
 * not be sorted; zero amounts are ignored. See `xirrLog` for the solver.
 */
export function xirr(days: ArrayLike<number>, amounts: ArrayLike<number>): number | null {
  const logGrowth = xirrLog(days, amounts);
  return logGrowth === null ? null : Math.expm1(logGrowth);
}

/**
 * XIRR solved for y = ln(1 + r), the continuously compounded yearly rate: the present value
 * sum(a_i e^(-t_i y)) is defined for every real y, so there is no domain edge at r = -100%, and
 * rates near -100% (a large loss over a few days, as a yearly rate) keep their precision
 * (a period's return is then expm1(y x days / 365)).
 *
 * Newton's method from y = ln(1.1), then, when it fails (no convergence, overflow, a flat
 * derivative), a scan of y from -3000 to 3000 (a day's loss of 99.9% or gain of 1000% is y
 * = -2,500 or 875) for a sign change (overflowing points skipped), refined
 * by Brent's method.
 */
export function xirrLog(days: ArrayLike<number>, amounts: ArrayLike<number>): number | null {
  const n = Math.min(days.length, amounts.length);
  let origin = Infinity;
  let latest = -Infinity;
  let positive = false;
  let negative = false;
  let scale = 0;
  for (let i = 0; i < n; i += 1) {
    const amount = amounts[i] as number;
    if (amount === 0 || !Number.isFinite(amount)) continue;
    if (amount > 0) positive = true;
    else negative = true;
    scale += Math.abs(amount);
    origin = Math.min(origin, days[i] as number);
    latest = Math.max(latest, days[i] as number);
  }
  // Flows all on one instant measure no rate: every rate or none solves their sum = 0.
  if (!positive || !negative || latest === origin) return null;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i += 1) {
    const amount = amounts[i] as number;
    if (amount === 0 || !Number.isFinite(amount)) continue;
    times[m] = ((days[i] as number) - origin) / DAYS_PER_YEAR;
    values[m] = amount;
    m += 1;
  }
  const tolerance = scale * 1e-13;
  let derivative = 0;

  /** Present value at log rate y (and its derivative, in `derivative`). */
  const presentValue = (y: number): number => {
    let f = 0;
    let df = 0;
    for (let i = 0; i < m; i += 1) {
      const t = times[i] as number;
      const discounted = (values[i] as number) * Math.exp(-t * y);
      f += discounted;
      df -= t * discounted;
    }
    derivative = df;
    return f;
  };

  // Newton.
  let y = Math.log1p(0.1);
  for (let iteration = 0; iteration < 50; iteration += 1) {
    const f = presentValue(y);
    const df = derivative;
    if (!Number.isFinite(f) || !Number.isFinite(df) || df === 0) break;
    if (Math.abs(f) <= tolerance) return y;
    const next = y - f / df;
    if (!Number.isFinite(next)) break;
    if (Math.abs(next - y) <= 1e-15 * Math.max(1, Math.abs(y))) {
      if (Math.abs(presentValue(next)) <= scale * 1e-9) return next;
      break;
    }
    y = next;
  }

  // Scan for a sign change, then Brent.
  const grid = [
    -3000, -1000, -300, -100, -50, -20, -10, -5, -3, -2, -1, -0.5, -0.2, -0.1, 0, 0.1, 0.2, 0.5, 1,
    2, 3, 5, 10, 20, 50, 100, 300, 1000, 3000,
  ];
  let previousY = Number.NaN;
  let previousValue = Number.NaN;
  for (const point of grid) {
    const value = presentValue(point);
    if (!Number.isFinite(value)) continue;
    if (value === 0) return point;
    if (Number.isFinite(previousValue) && Math.sign(value) !== Math.sign(previousValue)) {
      return brent(presentValue, previousY, point, previousValue, value, tolerance);
    }
    previousY = point;
    previousValue = value;
  }
  return null;
}

/** Brent's root finder on [a, b] where f(a) and f(b) differ in sign. */
function brent(
  f: (x: number) => number,
  lower: number,
  upper: number,
  fLower: number,
  fUpper: number,
  tolerance: number,
): number {
  let a = lower;
  let b = upper;
  let fa = fLower;
  let fb = fUpper;
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iteration = 0; iteration < 200; iteration += 1) {
    if (Math.sign(fb) === Math.sign(fc)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 2 * Number.EPSILON * Math.abs(b) + 1e-15;
    const half = (c - b) / 2;
    if (Math.abs(half) <= tol || Math.abs(fb) <= tolerance) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      // Inverse quadratic interpolation (or the secant when only two points are known).
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * half * s;
        q = 1 - s;
      } else {
        const qa = fa / fc;
        const r = fb / fc;
        p = s * (2 * half * qa * (qa - r) - (b - a) * (r - 1));
        q = (qa - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * half * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = half;
        e = d;
      }
    } else {
      d = half;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : half > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}
