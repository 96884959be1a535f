import { replayHolding } from '../ledger/replay';
import { remainingCost } from '../ledger/lots';
import type { LedgerTransaction } from '../ledger/types';
import { dec, type Decimal, ONE, ZERO } from '../money/decimal';
import { type DayNumber, toDay } from './dates';
import { type FxTable, type NormalisedCurrency, normaliseCurrency } from './fx';
import { ConvertedSum, ExactSum } from './exact-sum';
import { ReturnTracker } from './performance';
import { type DaySeries, lastIndexOnOrBefore, toDaySeries } from './series';
import type { HoldingInput, PerformanceFigures, SavingsFlow, ValuationTransaction } from './types';

const BUY = 0;
const SELL = 1;
const DIVIDEND = 2;
const INTEREST = 3;
const FEE = 4;
const TRANSFER = 5;
const KINDS: Readonly<Record<ValuationTransaction['type'], number>> = {
  buy: BUY,
  sell: SELL,
  dividend: DIVIDEND,
  interest: INTEREST,
  fee: FEE,
  transfer: TRANSFER,
};

type PreparedTransaction = {
  day: DayNumber;
  kind: number;
  quantity: number;
  price: number;
  fees: number;
  tax: number;
  currency: NormalisedCurrency;
  source: ValuationTransaction;
};

type PreparedFlow = {
  day: DayNumber;
  type: SavingsFlow['type'];
  amount: number;
  tax: number;
  source: SavingsFlow;
};

export type ValuationMode = 'closes' | 'points' | 'savings';

/** A holding read once: dates as day numbers, amounts as floats (exact strings kept). */
export type PreparedHolding = {
  input: HoldingInput;
  quote: NormalisedCurrency;
  mode: ValuationMode;
  /** A market or crypto holding without any close. */
  noCloses: boolean;
  /** Up to asOf, by date (stable). */
  transactions: PreparedTransaction[];
  /** Savings flows up to asOf, by date (stable). */
  flows: PreparedFlow[];
  closes: DaySeries | null;
  points: DaySeries | null;
  balances: DaySeries | null;
  /** Whether buys or sells give the holding units (points are then scaled by units held). */
  hasUnits: boolean;
  /**
   * Whether a buy or sell after asOf was left out: the ledger's open lots and tax rows (today's)
   * are then not those of asOf, and the engine replays the transactions up to asOf instead.
   */
  afterAsOf: boolean;
  /** The first day the holding has anything (a transaction, flow, point or balance); Infinity. */
  firstDay: number;
  /** The real currencies of its transactions (the quote currency included). */
  currencies: Set<string>;
};

const MARKET_CLASSES = new Set<string>(['market_investment', 'crypto_investment']);

const byDay = <T extends { day: number }>(items: T[]) => {
  for (let i = 1; i < items.length; i += 1) {
    if ((items[i] as T).day < (items[i - 1] as T).day) {
      return items.sort((a, b) => a.day - b.day); // stable: keeps the ledger order within a day
    }
  }
  return items;
};

const nonEmpty = (series: DaySeries | null) => (series && series.days.length > 0 ? series : null);

/** Reads a holding's input for a computation ending on `asOf` (later entries are dropped). */
export function prepareHolding(input: HoldingInput, asOf: DayNumber): PreparedHolding {
  const quote = normaliseCurrency(input.currency);
  const currencies = new Set<string>([quote.currency]);
  const normalised = new Map<string, NormalisedCurrency>([[input.currency, quote]]);
  const transactions: PreparedTransaction[] = [];
  let hasUnits = false;
  let afterAsOf = false;
  for (const source of input.transactions ?? []) {
    const day = toDay(source.date);
    if (day > asOf) {
      if (source.type === 'buy' || source.type === 'sell') afterAsOf = true;
      continue;
    }
    const kind = KINDS[source.type];
    if (kind === undefined) throw new RangeError(`Unknown transaction type: ${source.type}`);
    const code = source.currency ?? input.currency;
    let currency = normalised.get(code);
    if (!currency) {
      currency = normaliseCurrency(code);
      normalised.set(code, currency);
    }
    currencies.add(currency.currency);
    if (kind === BUY || kind === SELL) hasUnits = true;
    transactions.push({
      day,
      kind,
      quantity: Number(source.quantity),
      price: Number(source.price),
      fees: source.fees ? Number(source.fees) : 0,
      tax: source.tax ? Number(source.tax) : 0,
      currency,
      source,
    });
  }
  const flows: PreparedFlow[] = [];
  for (const source of input.savings?.flows ?? []) {
    const day = toDay(source.date);
    if (day > asOf) continue;
    flows.push({
      day,
      type: source.type,
      amount: Number(source.amount),
      tax: source.tax ? Number(source.tax) : 0,
      source,
    });
  }
  const closes = nonEmpty(input.closes ? toDaySeries(input.closes) : null);
  const points = nonEmpty(input.valuations ? toDaySeries(input.valuations) : null);
  const balances = nonEmpty(input.savings?.balances ? toDaySeries(input.savings.balances) : null);
  const mode: ValuationMode = closes
    ? 'closes'
    : input.class === 'savings_account' || input.savings
      ? 'savings'
      : 'points';
  const noCloses = mode !== 'closes' && !points && MARKET_CLASSES.has(input.class);
  let firstDay = Infinity;
  for (const transaction of transactions) firstDay = Math.min(firstDay, transaction.day);
  if (mode === 'savings') {
    for (const flow of flows) firstDay = Math.min(firstDay, flow.day);
    if (balances) firstDay = Math.min(firstDay, balances.days[0] as number);
  } else if (mode === 'points' && points && !hasUnits) {
    firstDay = Math.min(firstDay, points.days[0] as number);
  }
  if (firstDay > asOf) firstDay = Infinity;
  return {
    input,
    quote,
    mode,
    noCloses,
    transactions: mode === 'savings' ? [] : byDay(transactions),
    flows: byDay(flows),
    closes,
    points,
    balances,
    hasUnits,
    afterAsOf,
    firstDay,
    currencies: mode === 'savings' ? new Set([quote.currency]) : currencies,
  };
}

/** The days and rates of one computation. */
export type WalkContext = {
  /** Day of index 0. */
  firstDay: DayNumber;
  /** Days in the arrays (firstDay to asOf). */
  length: number;
  /** Index of the first day of the performance range. */
  startIndex: number;
  fx: FxTable;
  target: string;
};

/** The portfolio's daily arrays, which each holding's walk adds its days to. */
export type TotalArrays = { value: Float64Array; inflow: Float64Array; outflow: Float64Array };

/** Where the price of a day came from: a close (its index) or a trade (-1 - its index); NaN. */
type PriceRef = number;

export type WalkResult = {
  /** Price references of asOf - 1 and asOf (closes mode). */
  previousPriceRef: PriceRef;
  lastPriceRef: PriceRef;
  /** The last price on or before asOf, real quote currency; null outside closes mode. */
  lastPrice: number | null;
  /** The holding's return figures over the range. */
  performance: PerformanceFigures;
};

/**
 * Walks a holding's days from its first to asOf once: its value, In and Out of each day (target
 * currency, floats) are added to the portfolio's arrays, and its own return figures over the
 * range are measured on the way (`ReturnTracker`), without arrays of its own.
 */
export function walkHolding(
  holding: PreparedHolding,
  context: WalkContext,
  totals: TotalArrays,
): WalkResult {
  const { firstDay, length, startIndex, fx, target } = context;
  const tracker = new ReturnTracker();
  const result: WalkResult = {
    previousPriceRef: Number.NaN,
    lastPriceRef: Number.NaN,
    lastPrice: null,
    performance: tracker.result(firstDay, startIndex, length - 1, 0, 0),
  };
  if (holding.firstDay === Infinity) return result;
  const totalValue = totals.value;
  // The day's flows of the holding (reset before each day's transactions).
  let dayIn = 0;
  let dayOut = 0;
  const addIn = (i: number, amount: number) => {
    totals.inflow[i] = (totals.inflow[i] as number) + amount;
    dayIn += amount;
  };
  const addOut = (i: number, amount: number) => {
    totals.outflow[i] = (totals.outflow[i] as number) + amount;
    dayOut += amount;
  };
  const quoteRates = fx.pair(holding.quote.currency, target) ?? null;
  const factor = holding.quote.factor;
  const start = holding.firstDay - firstDay;
  // The range's opening value, and the value of the day before the one being walked.
  let opening = 0;
  let previous = 0;
  /** Records day i's value (and its flows, dayIn / dayOut) in the totals and the tracker. */
  const record = (i: number, v: number) => {
    totalValue[i] = (totalValue[i] as number) + v;
    if (i >= startIndex) tracker.step(i, v, previous, dayIn, dayOut);
    else if (i === startIndex - 1) opening = v;
    previous = v;
  };
  const finish = () => {
    result.performance = tracker.result(firstDay, startIndex, length - 1, opening, previous);
    return result;
  };

  if (holding.mode === 'savings') {
    const flows = holding.flows;
    const balances = holding.balances;
    let running = 0;
    let balance = Number.NaN;
    let k = 0;
    if (balances) {
      k = lastIndexOnOrBefore(balances.days, holding.firstDay - 1) + 1;
      if (k > 0) balance = (balances.values[k - 1] as number) * factor;
    }
    let f = 0;
    for (let i = start; i < length; i += 1) {
      const day = firstDay + i;
      const rate = quoteRates ? (quoteRates[i] as number) : 1;
      dayIn = 0;
      dayOut = 0;
      while (f < flows.length && (flows[f] as PreparedFlow).day === day) {
        const flow = flows[f] as PreparedFlow;
        const amount = flow.amount * factor;
        if (flow.type === 'deposit') {
          running += amount;
          addIn(i, amount * rate);
        } else if (flow.type === 'withdrawal') {
          running -= amount;
          addOut(i, amount * rate);
        } else if (flow.type === 'interest') running += amount - flow.tax * factor;
        else running -= amount;
        f += 1;
      }
      if (balances) {
        while (k < balances.days.length && (balances.days[k] as number) <= day) {
          balance = (balances.values[k] as number) * factor;
          k += 1;
        }
      }
      record(i, (Number.isNaN(balance) ? running : balance) * rate);
    }
    return finish();
  }

  const transactions = holding.transactions;
  const count = transactions.length;
  const ratesOf = new Map<string, Float64Array | null>();
  const txRates = transactions.map((t) => {
    let rates = ratesOf.get(t.currency.currency);
    if (rates === undefined) {
      rates = fx.pair(t.currency.currency, target) ?? null;
      ratesOf.set(t.currency.currency, rates);
    }
    return rates;
  });
  const state: ApplyState = { next: 0, quantity: 0, cost: 0, tradePrice: Number.NaN };
  const apply = (i: number, trackCost: boolean) => {
    dayIn = 0;
    dayOut = 0;
    applyTransactions(
      holding,
      txRates,
      quoteRates,
      firstDay + i,
      i,
      state,
      trackCost,
      addIn,
      addOut,
    );
  };
  const nextIndex = () =>
    state.next < count ? (transactions[state.next] as PreparedTransaction).day - firstDay : length;

  if (holding.mode === 'closes') {
    const closes = holding.closes as DaySeries;
    const closeDays = closes.days;
    const closeValues = closes.values;
    const closeCount = closeDays.length;
    let k = lastIndexOnOrBefore(closeDays, holding.firstDay - 1) + 1;
    let price = k > 0 ? (closeValues[k - 1] as number) * factor : Number.NaN;
    let quantity = 0;
    let i = start;
    const walk: CloseWalk = {
      closeDays,
      closeValues,
      factor,
      quoteRates,
      totalValue,
      firstDay,
      startIndex,
      k,
      price,
      quantity,
      last: 0,
      open: 0,
    };
    // Segments of days without transactions (units constant, no flows) are walked in a tight
    // loop; the day with transactions after each applies them first.
    for (;;) {
      const segmentEnd = Math.min(nextIndex(), length);
      dayIn = 0;
      dayOut = 0;
      walk.k = k;
      walk.price = price;
      walk.quantity = quantity;
      walk.last = previous;
      walk.open = opening;
      walkCloseSegment(walk, tracker, i, segmentEnd);
      k = walk.k;
      price = walk.price;
      previous = walk.last;
      opening = walk.open;
      i = segmentEnd;
      if (i >= length) break;
      const day = firstDay + i;
      while (k < closeCount && (closeDays[k] as number) <= day) {
        price = (closeValues[k] as number) * factor;
        k += 1;
      }
      apply(i, false);
      quantity = state.quantity;
      // Before the first close, the last trade price stands in for one.
      if (k === 0 && !Number.isNaN(state.tradePrice)) price = state.tradePrice;
      const local = quantity === 0 || Number.isNaN(price) ? 0 : quantity * price;
      record(i, quoteRates ? local * (quoteRates[i] as number) : local);
      i += 1;
    }
    const asOf = firstDay + length - 1;
    result.previousPriceRef = priceRef(holding, asOf - 1);
    result.lastPriceRef = priceRef(holding, asOf);
    result.lastPrice = Number.isNaN(price) ? null : price;
    return finish();
  }

  // Points: the last valuation point, scaled by units held since; before it, what was paid.
  const points = holding.points;
  let point = Number.NaN;
  let pointQuantity = 0;
  let k = 0;
  if (points) {
    k = lastIndexOnOrBefore(points.days, holding.firstDay - 1) + 1;
    if (k > 0) point = (points.values[k - 1] as number) * factor;
  }
  for (let i = start; i < length; i += 1) {
    const day = firstDay + i;
    dayIn = 0;
    dayOut = 0;
    if (nextIndex() === i) apply(i, true);
    const quantity = state.quantity;
    if (points) {
      while (k < points.days.length && (points.days[k] as number) <= day) {
        point = (points.values[k] as number) * factor;
        pointQuantity = quantity;
        k += 1;
      }
    }
    let v: number;
    if (!holding.hasUnits) v = Number.isNaN(point) ? 0 : point;
    else if (quantity <= 0) v = 0;
    else if (!Number.isNaN(point) && pointQuantity > 0) v = (point * quantity) / pointQuantity;
    else v = state.cost;
    record(i, quoteRates ? v * (quoteRates[i] as number) : v);
  }
  return finish();
}

/** A close-valued holding's walk between two transaction days (see `walkCloseSegment`). */
type CloseWalk = {
  readonly closeDays: ArrayLike<number>;
  readonly closeValues: ArrayLike<number>;
  readonly factor: number;
  readonly quoteRates: Float64Array | null;
  readonly totalValue: Float64Array;
  readonly firstDay: number;
  readonly startIndex: number;
  /** Next close, price in force, units held. */
  k: number;
  price: number;
  quantity: number;
  /** The value of the day before, and the range's opening value. */
  last: number;
  open: number;
};

/**
 * The days from..to-1 of a close-valued holding, none with a transaction (units constant, no
 * flows): the loop that runs for every holding-day, kept small (it is optimised early) and on
 * locals (copies of the tracker's fields: `tracker.step(i, v, last, 0, 0)`, inlined).
 */
function walkCloseSegment(walk: CloseWalk, tracker: ReturnTracker, from: number, to: number) {
  const { closeDays, closeValues, factor, quoteRates, totalValue, firstDay, startIndex } = walk;
  const closeCount = closeDays.length;
  const quantity = walk.quantity;
  let k = walk.k;
  let price = walk.price;
  let last = walk.last;
  let open = walk.open;
  let growth = tracker.growth;
  let peak = tracker.peak;
  let drawdown = tracker.drawdown;
  let returns = tracker.count;
  let shift = tracker.shift;
  let sum = tracker.sum;
  let squares = tracker.squares;
  for (let i = from; i < to; i += 1) {
    const day = firstDay + i;
    while (k < closeCount && (closeDays[k] as number) <= day) {
      price = (closeValues[k] as number) * factor;
      k += 1;
    }
    const local = quantity === 0 || price !== price ? 0 : quantity * price;
    const v = quoteRates ? local * (quoteRates[i] as number) : local;
    totalValue[i] = (totalValue[i] as number) + v;
    if (i >= startIndex) {
      if (last !== 0) {
        const r = v / last - 1;
        growth *= 1 + r;
        if (last > 0) {
          if (returns === 0) shift = r;
          const d = r - shift;
          returns += 1;
          sum += d;
          squares += d * d;
        }
        if (growth > peak) peak = growth;
        else if (peak > 0 && growth / peak - 1 < drawdown) drawdown = growth / peak - 1;
      }
    } else if (i === startIndex - 1) open = v;
    last = v;
  }
  walk.k = k;
  walk.price = price;
  walk.last = last;
  walk.open = open;
  tracker.growth = growth;
  tracker.peak = peak;
  tracker.drawdown = drawdown;
  tracker.count = returns;
  tracker.shift = shift;
  tracker.sum = sum;
  tracker.squares = squares;
}

/** Units, cost and last trade of a holding as its transactions are applied day by day. */
type ApplyState = {
  /** Index of the next transaction to apply. */
  next: number;
  quantity: number;
  /** What the units held cost (average cost, fees included), real quote units. */
  cost: number;
  /** The last trade price of the day applied (real quote units), NaN when none. */
  tradePrice: number;
};

/** Applies the transactions of one day (index i): units, cost, and In / Out. */
function applyTransactions(
  holding: PreparedHolding,
  txRates: readonly (Float64Array | null)[],
  quoteRates: Float64Array | null,
  day: number,
  i: number,
  state: ApplyState,
  trackCost: boolean,
  addIn: (i: number, amount: number) => void,
  addOut: (i: number, amount: number) => void,
) {
  const transactions = holding.transactions;
  const quoteRate = quoteRates ? (quoteRates[i] as number) : 1;
  state.tradePrice = Number.NaN;
  while (
    state.next < transactions.length &&
    (transactions[state.next] as PreparedTransaction).day === day
  ) {
    const t = state.next;
    const tx = transactions[t] as PreparedTransaction;
    const rates = txRates[t];
    const toTarget = (rates ? (rates[i] as number) : 1) * tx.currency.factor;
    const gross = tx.quantity * tx.price;
    switch (tx.kind) {
      case BUY:
      case SELL: {
        // The trade price in real quote units (through the target when currencies differ).
        const price =
          tx.currency.currency === holding.quote.currency
            ? tx.price * tx.currency.factor
            : (tx.price * toTarget) / quoteRate;
        state.tradePrice = price;
        if (tx.kind === BUY) {
          if (trackCost) state.cost += tx.quantity * price + (tx.fees * toTarget) / quoteRate;
          state.quantity += tx.quantity;
          addIn(i, (gross + tx.fees) * toTarget);
        } else {
          if (trackCost && state.quantity > 0) {
            state.cost -= (state.cost * tx.quantity) / state.quantity;
          }
          state.quantity -= tx.quantity;
          addOut(i, (gross - tx.fees - tx.tax) * toTarget);
        }
        break;
      }
      case DIVIDEND:
      case INTEREST:
        addOut(i, (gross - tx.fees - tx.tax) * toTarget);
        break;
      case FEE:
        addIn(i, (gross + tx.fees) * toTarget);
        break;
      default:
        // A transfer moves no units and no money the engine holds; its fees are paid in.
        addIn(i, tx.fees * toTarget);
        break;
    }
    state.next = t + 1;
  }
}

/**
 * Where a close-valued holding's price on `day` comes from: the last close on or before it (its
 * index), else the last buy or sell on or before it (-1 - its index), else NaN.
 */
function priceRef(holding: PreparedHolding, day: number): PriceRef {
  const closes = holding.closes;
  const index = closes ? lastIndexOnOrBefore(closes.days, day) : -1;
  if (index >= 0) return index;
  for (let j = holding.transactions.length - 1; j >= 0; j -= 1) {
    const tx = holding.transactions[j] as PreparedTransaction;
    if (tx.day <= day && (tx.kind === BUY || tx.kind === SELL)) return -1 - j;
  }
  return Number.NaN;
}

/** A holding's money figures, exact (target currency). */
export type ExactFigures = {
  quantity: ExactSum;
  value: ExactSum;
  previousValue: ExactSum;
  lastIn: ExactSum;
  lastOut: ExactSum;
  costBasis: ExactSum;
  realisedGain: ExactSum;
  dividends: ExactSum;
  interest: ExactSum;
  fees: ExactSum;
  taxes: ExactSum;
  currencyEffect: ExactSum;
  netContributions: ExactSum;
};

export const zeroFigures = (): ExactFigures => ({
  quantity: new ExactSum(),
  value: new ExactSum(),
  previousValue: new ExactSum(),
  lastIn: new ExactSum(),
  lastOut: new ExactSum(),
  costBasis: new ExactSum(),
  realisedGain: new ExactSum(),
  dividends: new ExactSum(),
  interest: new ExactSum(),
  fees: new ExactSum(),
  taxes: new ExactSum(),
  currencyEffect: new ExactSum(),
  netContributions: new ExactSum(),
});

const times = (amount: Decimal, rate: Decimal) => (rate === ONE ? amount : amount.mul(rate));

/** What the engine needs besides the walk: the day and the currencies of the result. */
export type ExactContext = {
  asOf: DayNumber;
  fx: FxTable;
  target: string;
  /** Currency of the lots' base amounts and of the tax rows. */
  base: string;
};

/**
 * A holding's headline figures, from the exact inputs (decimal strings, closes and rates read as
 * the decimals they print as): value on asOf and the day before, In and Out of asOf, cost basis,
 * realised gain, dividends, interest, fees, taxes, currency effect, net contributions.
 */
export function exactFigures(
  holding: PreparedHolding,
  walk: WalkResult,
  context: ExactContext,
): ExactFigures {
  const figures = zeroFigures();
  if (holding.firstDay === Infinity) return figures;
  const { asOf, fx, target } = context;
  const quote = holding.quote;
  const previousDay = asOf - 1;
  const quoteRate = (day: number) => fx.exact(quote.currency, target, day);
  if (holding.mode === 'savings') return savingsFigures(holding, context);

  const quantities = new ExactSum();
  const previousQuantities = new ExactSum();
  const fees = new ConvertedSum();
  const taxes = new ConvertedSum();
  const dividends = new ConvertedSum();
  const interest = new ConvertedSum();
  const inflow = new ConvertedSum();
  const outflow = new ConvertedSum();
  const lastIn = new ConvertedSum();
  const lastOut = new ConvertedSum();
  for (const tx of holding.transactions) {
    const source = tx.source;
    const rate = fx.exact(tx.currency.currency, target, tx.day);
    const shift = tx.currency.shift;
    const last = tx.day === asOf;
    const fee = source.fees && source.fees !== '0' ? source.fees : null;
    const tax = source.tax && source.tax !== '0' ? source.tax : null;
    if (fee) fees.at(rate).add(fee, 1, shift);
    if (tax) taxes.at(rate).add(tax, 1, shift);
    switch (tx.kind) {
      case BUY:
      case SELL:
        quantities.add(source.quantity, tx.kind === BUY ? 1 : -1);
        if (tx.day <= previousDay)
          previousQuantities.add(source.quantity, tx.kind === BUY ? 1 : -1);
        if (tx.kind === BUY) {
          addFlow(inflow.at(rate), source, fee, null, shift);
          if (last) addFlow(lastIn.at(rate), source, fee, null, shift);
        } else {
          addFlow(outflow.at(rate), source, fee, tax, shift, -1);
          if (last) addFlow(lastOut.at(rate), source, fee, tax, shift, -1);
        }
        break;
      case DIVIDEND:
      case INTEREST:
        (tx.kind === DIVIDEND ? dividends : interest)
          .at(rate)
          .addProduct(source.quantity, source.price, 1, shift);
        addFlow(outflow.at(rate), source, fee, tax, shift, -1);
        if (last) addFlow(lastOut.at(rate), source, fee, tax, shift, -1);
        break;
      case FEE:
        addFlow(inflow.at(rate), source, fee, null, shift);
        if (last) addFlow(lastIn.at(rate), source, fee, null, shift);
        break;
      default:
        // A transfer moves no units and no money the engine holds; its fees are paid in.
        if (fee) inflow.at(rate).add(fee, 1, shift);
        if (fee && last) lastIn.at(rate).add(fee, 1, shift);
        break;
    }
  }
  figures.quantity = quantities;
  figures.fees = fees.total();
  figures.taxes = taxes.total();
  figures.dividends = dividends.total();
  figures.interest = interest.total();
  figures.netContributions = ExactSum.of([inflow.total(), 1], [outflow.total(), -1]);
  figures.lastIn = lastIn.total();
  figures.lastOut = lastOut.total();

  if (holding.mode === 'closes') {
    /** Units x the price a reference points at, converted on `day`. */
    const valueAt = (units: ExactSum, ref: PriceRef, day: number): ExactSum => {
      if (Number.isNaN(ref) || units.isZero()) return new ExactSum();
      const rate = quoteRate(day);
      let price: string;
      let shift: number;
      let through: Decimal = ONE;
      if (ref >= 0) {
        price = String((holding.closes as DaySeries).values[ref] as number);
        shift = quote.shift;
      } else {
        const tx = holding.transactions[-1 - ref] as PreparedTransaction;
        price = tx.source.price;
        shift = tx.currency.shift;
        if (tx.currency.currency !== quote.currency) {
          through = fx.exact(tx.currency.currency, quote.currency, tx.day);
        }
      }
      const local = new ExactSum().addProduct(units.toPlainString(), price, 1, shift);
      if (rate === ONE && through === ONE) return local;
      return ExactSum.from(local.toDecimal().mul(through).mul(rate));
    };
    figures.value = valueAt(quantities, walk.lastPriceRef, asOf);
    figures.previousValue =
      holding.firstDay > previousDay
        ? new ExactSum()
        : valueAt(previousQuantities, walk.previousPriceRef, previousDay);
  } else {
    figures.value = ExactSum.from(times(pointsValueAt(holding, asOf, fx), quoteRate(asOf)));
    figures.previousValue =
      holding.firstDay > previousDay
        ? new ExactSum()
        : ExactSum.from(times(pointsValueAt(holding, previousDay, fx), quoteRate(previousDay)));
  }

  const costs =
    holding.input.openLots && !holding.afterAsOf
      ? ledgerLotCosts(holding, context)
      : replayedLotCosts(holding, context);
  figures.costBasis = costs.historical;
  figures.currencyEffect =
    quote.currency === target
      ? new ExactSum()
      : ExactSum.of(
          [ExactSum.from(costs.local.toDecimal().mul(quoteRate(asOf))), 1],
          [costs.historical, -1],
        );
  figures.realisedGain = costs.realised;
  return figures;
}

/**
 * Adds a transaction's money to a sum: quantity x price, with its fees added (money in,
 * `feeSign` 1) or taken off (money out, -1), and its tax taken off.
 */
function addFlow(
  sum: ExactSum,
  source: ValuationTransaction,
  fee: string | null,
  tax: string | null,
  shift: number,
  feeSign: 1 | -1 = 1,
) {
  sum.addProduct(source.quantity, source.price, 1, shift);
  if (fee) sum.add(fee, feeSign, shift);
  if (tax) sum.add(tax, -1, shift);
}

/** A points-valued holding's value on a day, exact, in real quote units (see `walkHolding`). */
function pointsValueAt(holding: PreparedHolding, day: DayNumber, fx: FxTable): Decimal {
  const points = holding.points;
  const factor = holding.quote.exactFactor;
  const index = points ? lastIndexOnOrBefore(points.days, day) : -1;
  const point = points && index >= 0 ? times(dec(points.values[index] as number), factor) : null;
  if (!holding.hasUnits) return point ?? ZERO;
  const pointDay = points && index >= 0 ? (points.days[index] as number) : -Infinity;
  let quantity = ZERO;
  let cost = ZERO;
  let pointQuantity = ZERO;
  let passedPoint = false;
  for (const tx of holding.transactions) {
    if (tx.day > day) break;
    if (!passedPoint && tx.day > pointDay) {
      pointQuantity = quantity;
      passedPoint = true;
    }
    if (tx.kind !== BUY && tx.kind !== SELL) continue;
    const rate = times(
      tx.currency.exactFactor,
      tx.currency.currency === holding.quote.currency
        ? ONE
        : fx.exact(tx.currency.currency, holding.quote.currency, tx.day),
    );
    const q = dec(tx.source.quantity);
    if (tx.kind === BUY) {
      const fees = tx.source.fees ? dec(tx.source.fees) : ZERO;
      cost = cost.plus(times(q.mul(dec(tx.source.price)).plus(fees), rate));
      quantity = quantity.plus(q);
    } else {
      if (quantity.isPositive() && !quantity.isZero()) cost = cost.minus(cost.mul(q).div(quantity));
      quantity = quantity.minus(q);
    }
  }
  if (!passedPoint) pointQuantity = quantity;
  if (!quantity.isPositive() || quantity.isZero()) return ZERO;
  if (point && pointQuantity.isPositive() && !pointQuantity.isZero()) {
    return quantity.eq(pointQuantity) ? point : point.mul(quantity).div(pointQuantity);
  }
  return cost;
}

type LotCosts = {
  /** What the units held cost, in real quote units. */
  local: ExactSum;
  /** The same in the target currency, at the rates of the purchase days. */
  historical: ExactSum;
  realised: ExactSum;
};

/** Costs from the ledger's open lots and tax rows. */
function ledgerLotCosts(holding: PreparedHolding, context: ExactContext): LotCosts {
  const { fx, target, base } = context;
  const quote = holding.quote;
  const local = new ExactSum();
  const historical = new ConvertedSum();
  for (const lot of holding.input.openLots ?? []) {
    if (lot.remainingQuantity === '0' || dec(lot.remainingQuantity).isZero()) continue;
    const pooled = lot.pooledUnitCost ? dec(lot.pooledUnitCost) : null;
    // What the lot's units cost in the currency they were bought in (pence for GBp: shifted).
    const lotLocal = new ExactSum();
    if (pooled) {
      lotLocal.addDecimal(
        dec(lot.remainingQuantity)
          .mul(pooled)
          .div(dec(lot.exchangeRateToBase))
          .mul(quote.exactFactor),
      );
    } else {
      lotLocal.addProduct(lot.remainingQuantity, lot.acquisitionPrice, 1, quote.shift);
      lotLocal.add(lot.feesRemaining, 1, quote.shift);
    }
    local.addSum(lotLocal);
    if (quote.currency === target) continue;
    // The ledger's base cost when the target is the base and a rate was recorded (a rate of
    // exactly 1 between two currencies is the ledger's default: not a recorded rate).
    const rateToBase = dec(lot.exchangeRateToBase);
    const recordedRate = !(rateToBase.eq(ONE) && quote.currency !== base);
    if (target === base && recordedRate) {
      // lots.ts remainingCost, from the strings.
      if (pooled) historical.at(ONE).addProduct(lot.remainingQuantity, lot.pooledUnitCost ?? '0');
      else {
        const recorded = historical.at(rateToBase);
        recorded.addProduct(lot.remainingQuantity, lot.acquisitionPrice);
        recorded.add(lot.feesRemaining);
      }
    } else {
      historical.at(fx.exact(quote.currency, target, toDay(lot.acquisitionDate))).addSum(lotLocal);
    }
  }
  const realised = new ConvertedSum();
  for (const row of holding.input.realized ?? []) {
    const day = toDay(row.date);
    if (day > context.asOf) continue;
    realised.at(base === target ? ONE : fx.exact(base, target, day)).add(row.gainLoss);
  }
  return {
    local,
    historical: quote.currency === target ? local : historical.total(),
    realised: realised.total(),
  };
}

/**
 * Costs from the engine's own replay of the buys and sells through the ledger (each sale's
 * method, FIFO when none), in real quote units (rate 1), converted at the purchase and sale days'
 * rates.
 */
function replayedLotCosts(holding: PreparedHolding, context: ExactContext): LotCosts {
  const { fx, target } = context;
  const quote = holding.quote;
  const ledger: LedgerTransaction[] = [];
  const dayOf = new Map<string, number>();
  holding.transactions.forEach((tx, index) => {
    if (tx.kind !== BUY && tx.kind !== SELL) return;
    const source = tx.source;
    const rate = times(
      tx.currency.exactFactor,
      tx.currency.currency === quote.currency
        ? ONE
        : fx.exact(tx.currency.currency, quote.currency, tx.day),
    );
    const id = source.id ?? `${holding.input.id}#${index}`;
    dayOf.set(id, tx.day);
    ledger.push({
      id,
      type: tx.kind === BUY ? 'buy' : 'sell',
      quantity: source.quantity,
      price: times(dec(source.price), rate).toFixed(),
      fees: source.fees ? times(dec(source.fees), rate).toFixed() : '0',
      exchangeRateToBase: '1',
      tradeDate: source.date,
      costBasisMethod: source.costBasisMethod ?? 'fifo',
    });
  });
  if (ledger.length === 0) {
    return { local: new ExactSum(), historical: new ExactSum(), realised: new ExactSum() };
  }
  const replayed = replayHolding(ledger);
  const local = new ExactSum();
  const historical = new ExactSum();
  for (const lot of replayed.lots) {
    if (lot.remainingQuantity.isZero()) continue;
    const cost = remainingCost(lot);
    local.addDecimal(cost);
    historical.addDecimal(
      quote.currency === target
        ? cost
        : cost.mul(fx.exact(quote.currency, target, toDay(lot.acquisitionDate))),
    );
  }
  const realised = new ExactSum();
  for (const sale of replayed.sales) {
    const day = dayOf.get(sale.transactionId) ?? context.asOf;
    const rate = quote.currency === target ? ONE : fx.exact(quote.currency, target, day);
    for (const line of sale.figures.lots) realised.addDecimal(times(line.gainLoss, rate));
  }
  return { local, historical, realised };
}

/**
 * A savings account's figures: cost basis is net deposits; interest and fees are not flows.
 * (Accounts have few movements: plain decimals.)
 */
function savingsFigures(holding: PreparedHolding, context: ExactContext): ExactFigures {
  const { asOf, fx, target } = context;
  const factor = holding.quote.exactFactor;
  const rateOn = (day: number) => times(factor, fx.exact(holding.quote.currency, target, day));
  let running = ZERO;
  let previousRunning = ZERO;
  let local = ZERO;
  let historical = ZERO;
  let lastIn = ZERO;
  let lastOut = ZERO;
  let interest = ZERO;
  let taxes = ZERO;
  let fees = ZERO;
  for (const flow of holding.flows) {
    const amount = dec(flow.source.amount);
    const rate = rateOn(flow.day);
    const converted = times(amount, rate);
    switch (flow.type) {
      case 'deposit':
        running = running.plus(amount);
        local = local.plus(amount);
        historical = historical.plus(converted);
        if (flow.day === asOf) lastIn = lastIn.plus(converted);
        break;
      case 'withdrawal':
        running = running.minus(amount);
        local = local.minus(amount);
        historical = historical.minus(converted);
        if (flow.day === asOf) lastOut = lastOut.plus(converted);
        break;
      case 'interest': {
        const tax = flow.source.tax ? dec(flow.source.tax) : ZERO;
        running = running.plus(amount).minus(tax);
        interest = interest.plus(converted);
        if (!tax.isZero()) taxes = taxes.plus(times(tax, rate));
        break;
      }
      case 'fee':
        running = running.minus(amount);
        fees = fees.plus(converted);
        break;
    }
    if (flow.day <= asOf - 1) previousRunning = running;
  }
  const balanceAt = (day: number, runningAt: Decimal) => {
    const balances = holding.balances;
    const index = balances ? lastIndexOnOrBefore(balances.days, day) : -1;
    const balance = balances && index >= 0 ? dec(balances.values[index] as number) : runningAt;
    return times(balance, rateOn(day));
  };
  // Deposits less withdrawals: at the flows' rates in the target, as paid in the account's.
  const currencyEffect =
    holding.quote.currency === target
      ? ZERO
      : times(times(local, factor), fx.exact(holding.quote.currency, target, asOf)).minus(
          historical,
        );
  return {
    quantity: new ExactSum(),
    value: ExactSum.from(balanceAt(asOf, running)),
    previousValue: ExactSum.from(
      holding.firstDay > asOf - 1 ? ZERO : balanceAt(asOf - 1, previousRunning),
    ),
    lastIn: ExactSum.from(lastIn),
    lastOut: ExactSum.from(lastOut),
    costBasis: ExactSum.from(historical),
    realisedGain: new ExactSum(),
    dividends: new ExactSum(),
    interest: ExactSum.from(interest),
    fees: ExactSum.from(fees),
    taxes: ExactSum.from(taxes),
    currencyEffect: ExactSum.from(currencyEffect),
    netContributions: ExactSum.from(historical),
  };
}
