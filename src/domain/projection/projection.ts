import { createRandom } from './random';

/**
 * Wealth projection: a deterministic path and Monte Carlo percentile bands, month by month.
 *
 * The model (docs/decisions.md, "Wealth projection"):
 * - Each month the value grows by a random factor, then the month's contribution and its one-off
 *   events are added (a withdrawal is a negative event). A value that would fall below zero stays
 *   at zero: money that is not there cannot be withdrawn.
 * - `expectedReturn` is the expected yearly growth: in the log-normal mode, over a year the mean
 *   growth factor is 1 + expectedReturn whatever the volatility. There the monthly log-return is
 *   normal with standard deviation volatility / sqrt(12) and mean ln(1 + expectedReturn) / 12
 *   minus half its variance. The deterministic path grows by (1 + expectedReturn)^(1/12) a month:
 *   the mean path without contributions, above the median, which volatility pulls down.
 * - `fat_tailed`: the monthly log-return keeps its mean and variance, with Student's t (5 degrees
 *   of freedom, scaled to variance 1) in place of the normal: large months, up and down, are more
 *   frequent.
 * - `bootstrap`: each month's growth is one of the portfolio's own past monthly returns, drawn at
 *   random with replacement (`history`); expectedReturn and volatility are then not used, and the
 *   deterministic path grows by the mean of the past months' growth factors.
 * - Contributions rise by `contributionGrowth` every twelve months. Inflation does not change the
 *   simulation: `deflator[m]` turns month m's nominal value into today's money.
 *
 * Pure, seeded and reproducible: the same input gives the same numbers in the browser and on the
 * server. Figures are binary floating point, as statistics are; the edges round them to cents.
 */

export const PROJECTION_MODES = ['lognormal', 'fat_tailed', 'bootstrap'] as const;
export type ProjectionMode = (typeof PROJECTION_MODES)[number];

/** The percentiles the bands show. */
export const BAND_PERCENTILES = [5, 25, 50, 75, 95] as const;
export type BandPercentile = (typeof BAND_PERCENTILES)[number];

/** Student's t degrees of freedom of the fat-tailed mode. */
export const FAT_TAIL_DEGREES = 5;

export type ProjectionEvent = {
  /** Months from now (1 = the end of the first month). */
  month: number;
  /** Added at the end of that month; negative for a withdrawal. */
  amount: number;
};

export type ProjectionTarget = { month: number; amount: number };

export type ProjectionInput = {
  startValue: number;
  monthlyContribution: number;
  /** Yearly increase of the monthly contribution (0.02: 2% more each year). */
  contributionGrowth: number;
  months: number;
  expectedReturn: number;
  volatility: number;
  inflation: number;
  events: readonly ProjectionEvent[];
  paths: number;
  seed: number;
  mode: ProjectionMode;
  /** Past monthly simple returns (0.01: +1%), for the bootstrap mode. */
  history?: readonly number[];
  /** Amounts to reach by a month: the share of paths that reach each is returned. */
  targets?: readonly ProjectionTarget[];
};

export type ProjectionResult = {
  months: number;
  /** Nominal value at the end of each month, index 0 being today; months + 1 values each. */
  deterministic: Float64Array;
  bands: Record<BandPercentile, Float64Array>;
  /** Everything put in by the end of each month: start, contributions and events. */
  paidIn: Float64Array;
  /** Multiply a nominal value of month m by deflator[m] to get it in today's money. */
  deflator: Float64Array;
  /** For each target, the share of paths (0 to 1) at or above its amount at its month. */
  targetProbabilities: number[];
};

export class ProjectionInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProjectionInputError';
  }
}

function check(input: ProjectionInput) {
  const finite = (name: string, value: number) => {
    if (!Number.isFinite(value)) throw new ProjectionInputError(`${name} must be a finite number`);
  };
  finite('startValue', input.startValue);
  finite('monthlyContribution', input.monthlyContribution);
  finite('contributionGrowth', input.contributionGrowth);
  finite('expectedReturn', input.expectedReturn);
  finite('volatility', input.volatility);
  finite('inflation', input.inflation);
  if (input.startValue < 0) throw new ProjectionInputError('startValue must not be negative');
  if (!Number.isInteger(input.months) || input.months < 1)
    throw new ProjectionInputError('months must be a whole number of at least 1');
  if (!Number.isInteger(input.paths) || input.paths < 1)
    throw new ProjectionInputError('paths must be a whole number of at least 1');
  if (input.expectedReturn <= -1) throw new ProjectionInputError('expectedReturn must be above -1');
  if (input.inflation <= -1) throw new ProjectionInputError('inflation must be above -1');
  if (input.volatility < 0) throw new ProjectionInputError('volatility must not be negative');
  for (const event of input.events) {
    finite('event amount', event.amount);
    if (!Number.isInteger(event.month) || event.month < 1 || event.month > input.months)
      throw new ProjectionInputError('an event month must be within the horizon');
  }
  for (const target of input.targets ?? []) {
    finite('target amount', target.amount);
    if (!Number.isInteger(target.month) || target.month < 0 || target.month > input.months)
      throw new ProjectionInputError('a target month must be within the horizon');
  }
  if (input.mode === 'bootstrap') {
    const history = input.history ?? [];
    if (!history.length) throw new ProjectionInputError('bootstrap needs past monthly returns');
    for (const r of history) {
      finite('a past return', r);
      if (r <= -1) throw new ProjectionInputError('a past monthly return must be above -100%');
    }
  }
}

/** What is added at the end of each month (index 1..months): contribution and events. */
function monthlyInflows(input: ProjectionInput): Float64Array {
  const inflows = new Float64Array(input.months + 1);
  let contribution = input.monthlyContribution;
  for (let m = 1; m <= input.months; m += 1) {
    inflows[m] = contribution;
    if (m % 12 === 0) contribution *= 1 + input.contributionGrowth;
  }
  for (const event of input.events)
    inflows[event.month] = (inflows[event.month] ?? 0) + event.amount;
  return inflows;
}

/** The mean path: growth at (1 + expectedReturn)^(1/12) a month, then the month's inflows. */
export function deterministicPath(input: ProjectionInput): Float64Array {
  check(input);
  return walkDeterministic(input, monthlyInflows(input));
}

function walkDeterministic(input: ProjectionInput, inflows: Float64Array) {
  const path = new Float64Array(input.months + 1);
  // The mean month: the same factor a zero-volatility Monte Carlo month uses, so the two agree
  // exactly; replaying past months, the mean of their growth factors (each month is one of them,
  // drawn at random, independently).
  const history = input.history ?? [];
  const growth =
    input.mode === 'bootstrap' && history.length
      ? history.reduce((sum, r) => sum + 1 + r, 0) / history.length
      : Math.exp(Math.log1p(input.expectedReturn) / 12);
  let value = input.startValue;
  path[0] = value;
  for (let m = 1; m <= input.months; m += 1) {
    value = value * growth + (inflows[m] ?? 0);
    if (value < 0) value = 0;
    path[m] = value;
  }
  return path;
}

export function runProjection(input: ProjectionInput): ProjectionResult {
  check(input);
  const { months, paths } = input;
  const inflows = monthlyInflows(input);
  const deterministic = walkDeterministic(input, inflows);

  const paidIn = new Float64Array(months + 1);
  paidIn[0] = input.startValue;
  for (let m = 1; m <= months; m += 1) paidIn[m] = (paidIn[m - 1] ?? 0) + (inflows[m] ?? 0);
  const deflator = new Float64Array(months + 1);
  const monthlyInflation = Math.log1p(input.inflation) / 12;
  for (let m = 0; m <= months; m += 1) deflator[m] = Math.exp(-monthlyInflation * m);

  const bands = Object.fromEntries(
    BAND_PERCENTILES.map((p) => [p, new Float64Array(months + 1)]),
  ) as Record<BandPercentile, Float64Array>;
  const targets = input.targets ?? [];
  const reached = new Array<number>(targets.length).fill(0);

  const values = new Float64Array(paths).fill(input.startValue);
  const ranks = bandRanks(paths);
  const finder = new RankFinder(paths);
  const record = (m: number) => {
    const found = finder.percentiles(values, ranks);
    for (const p of BAND_PERCENTILES) bands[p][m] = found[p];
    targets.forEach((target, i) => {
      if (target.month !== m) return;
      let count = 0;
      for (let j = 0; j < paths; j += 1) if ((values[j] ?? 0) >= target.amount) count += 1;
      reached[i] = count / paths;
    });
  };
  record(0);

  const random = createRandom(input.seed);
  const sigma = input.volatility / Math.sqrt(12);
  const mu = Math.log1p(input.expectedReturn) / 12 - (sigma * sigma) / 2;
  const history = input.history ?? [];
  const historyFactors = Float64Array.from(history, (r) => 1 + r);
  // Student's t with FAT_TAIL_DEGREES, scaled to variance 1: t * sqrt((nu - 2) / nu).
  const tScale = Math.sqrt((FAT_TAIL_DEGREES - 2) / FAT_TAIL_DEGREES);

  const z = new Float64Array(paths);
  const fat = input.mode === 'fat_tailed';
  const z2 = new Float64Array(fat ? paths : 0);
  const u = new Float64Array(fat ? 2 * paths : input.mode === 'bootstrap' ? paths : 0);
  for (let m = 1; m <= months; m += 1) {
    const inflow = inflows[m] ?? 0;
    if (input.mode === 'bootstrap') {
      const count = historyFactors.length;
      random.fillUniform(u);
      for (let j = 0; j < paths; j += 1) {
        const factor = historyFactors[Math.floor((u[j] as number) * count)] as number;
        const value = (values[j] as number) * factor + inflow;
        values[j] = value > 0 ? value : 0;
      }
    } else if (fat) {
      random.fillNormal(z);
      random.fillNormal(z2);
      random.fillUniform(u);
      for (let j = 0; j < paths; j += 1) {
        // Chi-square with 5 degrees of freedom: -2 ln(U1 U2) (four; 1 - U is never 0) plus a
        // squared normal.
        const n = z2[j] as number;
        const product = (1 - (u[2 * j] as number)) * (1 - (u[2 * j + 1] as number));
        const chi = -2 * Math.log(product) + n * n;
        const t = (z[j] as number) / Math.sqrt(chi / FAT_TAIL_DEGREES);
        const value = (values[j] as number) * Math.exp(mu + sigma * tScale * t) + inflow;
        values[j] = value > 0 ? value : 0;
      }
    } else {
      // Without volatility no draw is made: every path is the deterministic one, exactly.
      if (sigma > 0) random.fillNormal(z);
      for (let j = 0; j < paths; j += 1) {
        const value = (values[j] as number) * Math.exp(mu + sigma * (z[j] as number)) + inflow;
        values[j] = value > 0 ? value : 0;
      }
    }
    record(m);
  }

  return { months, deterministic, bands, paidIn, deflator, targetProbabilities: reached };
}

/**
 * Where each percentile falls among `n` sorted values: linear interpolation between the two
 * nearest ranks, as spreadsheets and NumPy compute percentiles by default.
 */
function bandRanks(n: number) {
  const positions = BAND_PERCENTILES.map((p) => {
    const h = ((n - 1) * p) / 100;
    const low = Math.floor(h);
    return { p, low, weight: low + 1 < n ? h - low : 0 };
  });
  const needed = [...new Set(positions.flatMap(({ low }) => [low, Math.min(low + 1, n - 1)]))];
  return { positions, needed: needed.sort((a, b) => a - b) };
}

/** Buckets between the smallest and the largest value when looking for ranks. */
const BUCKETS = 2_048;

const wordView = new Float64Array(1);
const words = new Uint32Array(wordView.buffer);
/** Which of the two 32-bit words of a double holds its sign, exponent and leading mantissa. */
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/** The high 32 bits of a positive double: an integer that never decreases as the value grows. */
function highWord(value: number): number {
  wordView[0] = value;
  return words[HIGH] as number;
}

/** The band percentiles of `values` (not empty), exactly as sorting them would give. */
export function bandPercentiles(values: Float64Array): Record<BandPercentile, number> {
  return new RankFinder(values.length).percentiles(values, bandRanks(values.length));
}

/**
 * Finds given ranks of a column of values without sorting it: the values are counted into
 * buckets between the smallest and the largest (on a logarithmic scale), the running counts say which bucket
 * holds each rank, and only those buckets' values are sorted. Three passes over the column and a
 * few small sorts, exact whatever the ties (a bucket of equal values sorts as any other).
 */
class RankFinder {
  private readonly bucketOf: Uint16Array;
  private readonly counts = new Uint32Array(BUCKETS);
  private readonly slotOf = new Int16Array(BUCKETS);

  constructor(n: number) {
    this.bucketOf = new Uint16Array(n);
  }

  percentiles(values: Float64Array, ranks: ReturnType<typeof bandRanks>) {
    const found = this.find(values, ranks.needed);
    const out = {} as Record<BandPercentile, number>;
    for (const { p, low, weight } of ranks.positions) {
      const a = found.get(low) as number;
      out[p] = weight === 0 ? a : a + ((found.get(low + 1) as number) - a) * weight;
    }
    return out;
  }

  /** The values at `ranks` (ascending) of `values` sorted ascending. */
  private find(values: Float64Array, ranks: readonly number[]): Map<number, number> {
    const n = values.length;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < n; i += 1) {
      const v = values[i] as number;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const found = new Map<number, number>();
    if (!(max > min)) {
      for (const rank of ranks) found.set(rank, min);
      return found;
    }
    const { counts, bucketOf, slotOf } = this;
    counts.fill(0);
    // Buckets on a logarithmic scale: outcomes are skewed (a few paths end far above the rest),
    // and even widths in value would put the middle ones all in the first buckets. The scale is
    // the high word of 1 + value - min as a double (exponent and leading mantissa bits), which
    // grows with the value, as a logarithm does, for the price of a store and a load.
    const low = highWord(1);
    const scale = BUCKETS / (highWord(1 + (max - min)) - low + 1);
    for (let i = 0; i < n; i += 1) {
      let b = Math.floor((highWord(1 + ((values[i] as number) - min)) - low) * scale);
      // Anything not finite in the last bucket.
      if (!(b < BUCKETS)) b = BUCKETS - 1;
      bucketOf[i] = b;
      counts[b] = (counts[b] as number) + 1;
    }
    // Which bucket holds each rank, and its place among that bucket's values.
    const wanted: { rank: number; bucket: number; offset: number }[] = [];
    let before = 0;
    let bucket = 0;
    for (const rank of ranks) {
      while (before + (counts[bucket] as number) <= rank) {
        before += counts[bucket] as number;
        bucket += 1;
      }
      wanted.push({ rank, bucket, offset: rank - before });
    }
    // Each wanted bucket's values, gathered in one pass, then sorted.
    slotOf.fill(-1);
    const slots: { values: Float64Array; filled: number }[] = [];
    for (const { bucket: b } of wanted) {
      if ((slotOf[b] as number) >= 0) continue;
      slotOf[b] = slots.length;
      slots.push({ values: new Float64Array(counts[b] as number), filled: 0 });
    }
    for (let i = 0; i < n; i += 1) {
      const slot = slotOf[bucketOf[i] as number] as number;
      if (slot < 0) continue;
      const target = slots[slot] as { values: Float64Array; filled: number };
      target.values[target.filled] = values[i] as number;
      target.filled += 1;
    }
    for (const slot of slots) slot.values.sort();
    for (const { rank, bucket: b, offset } of wanted) {
      const slot = slots[slotOf[b] as number] as { values: Float64Array };
      found.set(rank, slot.values[offset] as number);
    }
    return found;
  }
}
