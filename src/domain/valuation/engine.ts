import { ExactSum } from './exact-sum';
import { type DayNumber, fromDay, type RangeKey, rangeStartDay, toDay } from './dates';
import { FxTable, type FxInput, normaliseCurrency, pairName } from './fx';
import { type ExactFigures, exactFigures, zeroFigures } from './figures';
import { type PreparedHolding, prepareHolding } from './holding';
import { type TotalArrays, walkHolding } from './walk';
import { chartSeries, type DailyArrays, rangePerformance } from './performance';
import { MAX_CHART_POINTS } from './thinning';
import type {
  HoldingValuation,
  MoneyFigures,
  PerformanceFigures,
  UnpricedHolding,
  ValuationInput,
  ValuationResult,
} from './types';

/** Whether a currency can be converted: it is the rates' base, or it has a usable rate. */
function hasRates(fx: FxInput | undefined, currency: string): boolean {
  if (currency === normaliseCurrency(fx?.base ?? 'EUR').currency) return true;
  const values = fx?.rates[currency]?.values;
  if (!values) return false;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] as number;
    if (value > 0 && Number.isFinite(value)) return true;
  }
  return false;
}

function moneyFigures(f: ExactFigures): MoneyFigures {
  return {
    value: f.value.toPlainString(),
    previousValue: f.previousValue.toPlainString(),
    dayChange: ExactSum.of(
      [f.value, 1],
      [f.previousValue, -1],
      [f.lastIn, -1],
      [f.lastOut, 1],
      [f.revaluation, -1],
    ).toPlainString(),
    revaluation: f.revaluation.toPlainString(),
    costBasis: f.costBasis.toPlainString(),
    unrealisedGain: ExactSum.of([f.value, 1], [f.costBasis, -1]).toPlainString(),
    realisedGain: f.realisedGain.toPlainString(),
    dividends: f.dividends.toPlainString(),
    interest: f.interest.toPlainString(),
    fees: f.fees.toPlainString(),
    taxes: f.taxes.toPlainString(),
    currencyEffect: f.currencyEffect.toPlainString(),
    netContributions: f.netContributions.toPlainString(),
  };
}

const FIGURE_KEYS = [
  'value',
  'previousValue',
  'lastIn',
  'lastOut',
  'costBasis',
  'realisedGain',
  'dividends',
  'interest',
  'fees',
  'taxes',
  'currencyEffect',
  'netContributions',
  'revaluation',
] as const;

function addFigures(total: ExactFigures, f: ExactFigures) {
  for (const key of FIGURE_KEYS) total[key].addSum(f[key]);
}

/**
 * What one holding's valuation left, kept by a caller that values the same view again (a server
 * worker): a holding whose `version` and computation context did not change is not read, walked
 * or summed again, only added to the totals. Opaque to callers.
 */
export type HoldingPiece = {
  version: string;
  asOf: DayNumber;
  prepared: PreparedHolding;
  /** The context its walk ran in (currencies, days, range, rates); '' when none can be kept. */
  context: string;
  daily: PieceArrays | null;
  figures: ExactFigures | null;
  valuation: HoldingValuation | null;
};

/**
 * A holding's days, compact: its values from index `from` on, and its In and Out on the days
 * that have any (most days have none).
 */
type PieceArrays = {
  from: number;
  value: Float64Array;
  flowIndex: Int32Array;
  inflow: Float64Array;
  outflow: Float64Array;
};

/** Pieces by holding id (see `HoldingPiece`); entries of holdings no longer given are dropped. */
export type HoldingPieces = Map<string, HoldingPiece>;

/** Keeps a holding's walk (arrays of the whole computation, zero before `from`) compactly. */
function compact(walked: TotalArrays, from: number): PieceArrays {
  let flows = 0;
  for (let i = from; i < walked.inflow.length; i += 1) {
    if (walked.inflow[i] !== 0 || walked.outflow[i] !== 0) flows += 1;
  }
  const piece: PieceArrays = {
    from,
    value: walked.value.slice(from),
    flowIndex: new Int32Array(flows),
    inflow: new Float64Array(flows),
    outflow: new Float64Array(flows),
  };
  let j = 0;
  for (let i = from; i < walked.inflow.length; i += 1) {
    if (walked.inflow[i] !== 0 || walked.outflow[i] !== 0) {
      piece.flowIndex[j] = i;
      piece.inflow[j] = walked.inflow[i] as number;
      piece.outflow[j] = walked.outflow[i] as number;
      j += 1;
    }
  }
  return piece;
}

/** Adds a kept holding's days to the totals (one addition per day, as its walk would). */
function addPiece(total: TotalArrays, piece: PieceArrays) {
  const { value, inflow, outflow } = total;
  const from = piece.from;
  for (let k = 0; k < piece.value.length; k += 1) {
    value[from + k] = (value[from + k] as number) + (piece.value[k] as number);
  }
  for (let j = 0; j < piece.flowIndex.length; j += 1) {
    const i = piece.flowIndex[j] as number;
    inflow[i] = (inflow[i] as number) + (piece.inflow[j] as number);
    outflow[i] = (outflow[i] as number) + (piece.outflow[j] as number);
  }
}

/**
 * Values one portfolio (or simulation) in `input.currency`, day by day from its first
 * transaction to `input.asOf`, and measures its performance over `input.range`.
 *
 * - V(t): units held after day t's transactions x the day's close (the last close before it on a
 *   day without one) x the day's rate (the last rate on or before it); non-market holdings by
 *   their valuation points; savings by balance (see `HoldingInput`).
 * - In(t): buys (quantity x price + fees), fee payments, savings deposits. Out(t): sales
 *   (quantity x price - fees - tax), dividends and interest received (net of fees and tax),
 *   savings withdrawals. Flows are converted at their day's rate.
 * - r(t) = (V(t) + Out(t)) / (V(t-1) + In(t)) - 1 (0 when the denominator is 0); TWR, MWR
 *   (XIRR), volatility and maximum drawdown over the range (`PerformanceFigures`).
 *
 * Headline money figures (`MoneyFigures`) are exact decimals computed from the exact inputs;
 * the daily arrays and the chart series are float64 (the series rounded to cents). A holding
 * needing a rate that does not exist (no rate at all for one of the currencies), or a market or
 * crypto holding without closes, is left out of every total and series and listed in `unpriced`:
 * currencies are never mixed, one is never relabelled as another.
 *
 * Pure and synchronous: one pass over the days per holding (float64 arrays), then one over the
 * range. Runs in the browser, on the server and in worker threads. Throws a RangeError on a date
 * that is not YYYY-MM-DD or an unknown transaction type, and the ledger's errors when its own
 * replay meets a sale above what is held.
 */
export function computePortfolioValuation(
  input: ValuationInput,
  pieces?: HoldingPieces,
): ValuationResult {
  const target = normaliseCurrency(input.currency).currency;
  const base = normaliseCurrency(input.baseCurrency ?? input.currency).currency;
  const range: RangeKey = input.range ?? 'MAX';
  const asOf = toDay(input.asOf);

  // Read the holdings; set aside those that cannot be priced in the target currency.
  const priced: PreparedHolding[] = [];
  const unpriced: UnpricedHolding[] = [];
  const missing = new Set<string>();
  const targetHasRates = hasRates(input.fx, target);
  const known = new Map<string, boolean>();
  const available = (currency: string) => {
    let result = known.get(currency);
    if (result === undefined) {
      result = hasRates(input.fx, currency);
      known.set(currency, result);
    }
    return result;
  };
  const seen = new Set<string>();
  for (const holdingInput of input.holdings) {
    let holding: PreparedHolding;
    const version = holdingInput.version;
    const piece = pieces?.get(holdingInput.id);
    if (piece && version !== undefined && piece.version === version && piece.asOf === asOf) {
      holding = piece.prepared;
    } else {
      holding = prepareHolding(holdingInput, asOf);
      if (pieces && version !== undefined) {
        pieces.set(holdingInput.id, {
          version,
          asOf,
          prepared: holding,
          context: '',
          daily: null,
          figures: null,
          valuation: null,
        });
      }
    }
    seen.add(holdingInput.id);
    const symbol = holdingInput.symbol ?? null;
    if (holding.noCloses) {
      unpriced.push({ id: holdingInput.id, symbol, reason: 'no-closes', missingRates: [] });
      continue;
    }
    const needed = new Set(holding.currencies);
    const hasRealized = (holdingInput.realized?.length ?? 0) > 0;
    if (holdingInput.openLots && hasRealized) needed.add(base);
    const pairs: string[] = [];
    for (const currency of needed) {
      if (currency === target) continue;
      if (!targetHasRates || !available(currency)) pairs.push(pairName(currency, target));
    }
    if (pairs.length) {
      pairs.forEach((pair) => missing.add(pair));
      unpriced.push({ id: holdingInput.id, symbol, reason: 'missing-rate', missingRates: pairs });
      continue;
    }
    priced.push(holding);
  }

  if (pieces) for (const id of pieces.keys()) if (!seen.has(id)) pieces.delete(id);

  let firstDay = Infinity;
  for (const holding of priced) firstDay = Math.min(firstDay, holding.firstDay);
  const hasHistory = firstDay !== Infinity;
  if (!hasHistory) firstDay = asOf;
  const length = asOf - firstDay + 1;
  const fx = new FxTable(input.fx, firstDay, asOf);
  const daily: DailyArrays = {
    firstDay,
    value: new Float64Array(length),
    inflow: new Float64Array(length),
    outflow: new Float64Array(length),
  };
  const start: DayNumber = rangeStartDay(range, asOf, firstDay);
  const startIndex = start - firstDay;
  const endIndex = length - 1;
  const walkContext = { firstDay, length, startIndex, fx, target };
  const exactContext = { asOf, fx, target, base };

  // What a kept piece's walk depends on besides the holding itself.
  // Walks are kept only when the caller names the rates' version.
  const context =
    input.fxVersion === undefined
      ? null
      : [target, base, asOf, firstDay, startIndex, input.fxVersion].join('|');
  const totals = zeroFigures();
  const holdings: HoldingValuation[] = [];
  // A kept piece walks into these (cleared each time), then is kept compactly and added.
  let scratch: TotalArrays | null = null;
  for (const holding of priced) {
    const piece = pieces?.get(holding.input.id);
    if (
      context !== null &&
      piece?.context === context &&
      piece.daily &&
      piece.figures &&
      piece.valuation
    ) {
      addPiece(daily, piece.daily);
      addFigures(totals, piece.figures);
      holdings.push(piece.valuation);
      continue;
    }
    const from = Math.max(0, Math.min(length, holding.firstDay - firstDay));
    if (piece) {
      scratch ??= {
        value: new Float64Array(length),
        inflow: new Float64Array(length),
        outflow: new Float64Array(length),
      };
      scratch.value.fill(0, from);
      scratch.inflow.fill(0, from);
      scratch.outflow.fill(0, from);
    }
    const walk = walkHolding(holding, walkContext, piece && scratch ? scratch : daily);
    const figures = exactFigures(holding, walk, exactContext);
    addFigures(totals, figures);
    const valuation: HoldingValuation = {
      id: holding.input.id,
      symbol: holding.input.symbol ?? null,
      class: holding.input.class,
      currency: holding.quote.currency,
      quantity: figures.quantity.toPlainString(),
      price: walk.lastPrice,
      figures: moneyFigures(figures),
      own: {
        value: figures.own.value.toPlainString(),
        previousValue: figures.own.previousValue.toPlainString(),
        dayChange: figures.own.dayChange.toPlainString(),
      },
      held: {
        currency: holding.held.currency,
        value: figures.held.value.toPlainString(),
        costBasis: figures.held.costBasis.toPlainString(),
      },
      performance: walk.performance,
    };
    holdings.push(valuation);
    if (piece && scratch) {
      piece.daily = compact(scratch, from);
      addPiece(daily, piece.daily);
      piece.context = context ?? '';
      piece.figures = figures;
      piece.valuation = valuation;
    }
  }

  const index = new Float64Array(endIndex - startIndex + 2);
  const performance: PerformanceFigures = rangePerformance(daily, startIndex, endIndex, index);
  const series = hasHistory
    ? chartSeries(daily, startIndex, endIndex, index, input.maxChartPoints ?? MAX_CHART_POINTS)
    : [];
  return {
    currency: target,
    asOf: input.asOf.slice(0, 10),
    range,
    firstDate: hasHistory ? fromDay(firstDay) : null,
    figures: moneyFigures(totals),
    performance,
    holdings,
    series,
    unpriced,
    missingRates: [...missing].sort(),
    daily,
  };
}

/**
 * The performance over another range of daily arrays already computed (a result's `daily`): the
 * dashboard's other ranges without valuing the portfolio again.
 */
export function performanceForRange(
  daily: DailyArrays,
  range: RangeKey,
  asOf: string,
): PerformanceFigures {
  const asOfDay = toDay(asOf);
  const last = Math.min(asOfDay - daily.firstDay, daily.value.length - 1);
  const start = rangeStartDay(range, daily.firstDay + last, daily.firstDay);
  return rangePerformance(daily, start - daily.firstDay, last);
}
