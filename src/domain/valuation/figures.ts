import { replayHolding } from '../ledger/replay';
import { remainingCost } from '../ledger/lots';
import type { LedgerTransaction } from '../ledger/types';
import { dec, type Decimal, ONE, ZERO } from '../money/decimal';
import { type DayNumber, toDay } from './dates';
import { ConvertedSum, ExactSum } from './exact-sum';
import type { FxTable } from './fx';
import {
  BUY,
  DIVIDEND,
  FEE,
  INTEREST,
  type PreparedHolding,
  type PreparedTransaction,
  SELL,
} from './holding';
import { lastIndexOnOrBefore, type DaySeries } from './series';
import type { ValuationTransaction } from './types';
import type { PriceRef, WalkResult } from './walk';

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
  /** The part of value - previousValue that revaluations dated asOf make (see `MoneyFigures`). */
  revaluation: ExactSum;
  /** The same day's figures in the holding's quote currency (not summed across holdings). */
  own: OwnFigures;
  /** Value and cost in the holding's own currency (`PreparedHolding.held`; not summed). */
  held: HeldFigures;
};

/** A holding's value (converted at asOf's rate) and cost (as recorded) in its own currency. */
export type HeldFigures = { value: ExactSum; costBasis: ExactSum };

/** A holding's day in its own (quote) currency: values of asOf and the day before, and the day's move. */
export type OwnFigures = { value: ExactSum; previousValue: ExactSum; dayChange: ExactSum };

const zeroOwn = (): OwnFigures => ({
  value: new ExactSum(),
  previousValue: new ExactSum(),
  dayChange: new ExactSum(),
});

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
  revaluation: new ExactSum(),
  own: zeroOwn(),
  held: { value: new ExactSum(), costBasis: new ExactSum() },
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
  // The day's flows in the holding's own currency (for its own day change): few, made on use.
  let ownIn: ConvertedSum | null = null;
  let ownOut: ConvertedSum | null = null;
  for (const tx of holding.transactions) {
    const source = tx.source;
    const rate = fx.exact(tx.currency.currency, target, tx.day);
    const shift = tx.currency.shift;
    const last = tx.day === asOf;
    const ownRate = last ? fx.exact(tx.currency.currency, quote.currency, tx.day) : ONE;
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
          if (last) {
            addFlow(lastIn.at(rate), source, fee, null, shift);
            addFlow((ownIn ??= new ConvertedSum()).at(ownRate), source, fee, null, shift);
          }
        } else {
          addFlow(outflow.at(rate), source, fee, tax, shift, -1);
          if (last) {
            addFlow(lastOut.at(rate), source, fee, tax, shift, -1);
            addFlow((ownOut ??= new ConvertedSum()).at(ownRate), source, fee, tax, shift, -1);
          }
        }
        break;
      case DIVIDEND:
      case INTEREST:
        (tx.kind === DIVIDEND ? dividends : interest)
          .at(rate)
          .addProduct(source.quantity, source.price, 1, shift);
        addFlow(outflow.at(rate), source, fee, tax, shift, -1);
        if (last) {
          addFlow(lastOut.at(rate), source, fee, tax, shift, -1);
          addFlow((ownOut ??= new ConvertedSum()).at(ownRate), source, fee, tax, shift, -1);
        }
        break;
      case FEE:
        // A fee payment is all fee: its amount (quantity x price) as well as its fees column.
        fees.at(rate).addProduct(source.quantity, source.price, 1, shift);
        addFlow(inflow.at(rate), source, fee, null, shift);
        if (last) {
          addFlow(lastIn.at(rate), source, fee, null, shift);
          addFlow((ownIn ??= new ConvertedSum()).at(ownRate), source, fee, null, shift);
        }
        break;
      default:
        // A transfer moves no units and no money the engine holds; its fees are paid in.
        if (fee) inflow.at(rate).add(fee, 1, shift);
        if (fee && last) {
          lastIn.at(rate).add(fee, 1, shift);
          (ownIn ??= new ConvertedSum()).at(ownRate).add(fee, 1, shift);
        }
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

  let ownValue: ExactSum;
  let ownPrevious: ExactSum;
  let ownRevaluation: ExactSum | null = null;
  if (holding.mode === 'closes') {
    /** Units x the price a reference points at, in real quote units (not converted). */
    const ownAt = (units: ExactSum, ref: PriceRef): ExactSum => {
      const local = new ExactSum();
      if (Number.isNaN(ref) || units.isZero()) return local;
      if (ref >= 0) {
        const price = String((holding.closes as DaySeries).values[ref] as number);
        return local.addProduct(units.toPlainString(), price, 1, quote.shift);
      }
      const tx = holding.transactions[-1 - ref] as PreparedTransaction;
      local.addProduct(units.toPlainString(), tx.source.price, 1, tx.currency.shift);
      if (tx.currency.currency === quote.currency) return local;
      // A trade price in another currency, through its day's rate.
      return ExactSum.from(
        local.toDecimal().mul(fx.exact(tx.currency.currency, quote.currency, tx.day)),
      );
    };
    /** An own-currency value converted on `day`. */
    const converted = (own: ExactSum, day: number): ExactSum => {
      if (own.isZero()) return own;
      const rate = quoteRate(day);
      return rate === ONE ? own : ExactSum.from(own.toDecimal().mul(rate));
    };
    ownValue = ownAt(quantities, walk.lastPriceRef);
    figures.value = converted(ownValue, asOf);
    const yesterday = holding.firstDay <= previousDay;
    ownPrevious = yesterday ? ownAt(previousQuantities, walk.previousPriceRef) : new ExactSum();
    figures.previousValue = converted(ownPrevious, previousDay);
    // A price typed by hand and dated asOf is a revaluation: measured against the price that
    // stood without it (the close before, else the last trade).
    const closes = holding.closes as DaySeries;
    const lastRef = walk.lastPriceRef;
    if (holding.input.manualPrices && lastRef >= 0 && closes.days[lastRef] === asOf) {
      const before = lastRef > 0 ? lastRef - 1 : lastTradeRef(holding, asOf);
      if (!Number.isNaN(before)) {
        const without = ownAt(quantities, before);
        ownRevaluation = ExactSum.of([ownValue, 1], [without, -1]);
        figures.revaluation = ExactSum.of([figures.value, 1], [converted(without, asOf), -1]);
      }
    }
  } else {
    const own = pointsValueAt(holding, asOf, fx);
    ownValue = ExactSum.from(own);
    figures.value = ExactSum.from(times(own, quoteRate(asOf)));
    const yesterday = holding.firstDay <= previousDay;
    const previous = yesterday ? pointsValueAt(holding, previousDay, fx) : ZERO;
    ownPrevious = ExactSum.from(previous);
    figures.previousValue = yesterday
      ? ExactSum.from(times(previous, quoteRate(previousDay)))
      : new ExactSum();
    // A valuation point dated asOf is a revaluation: measured against the value without it.
    const points = holding.points;
    const index = points ? lastIndexOnOrBefore(points.days, asOf) : -1;
    if (points && index >= 0 && points.days[index] === asOf) {
      const without = pointsValueAt(holding, asOf, fx, previousDay);
      ownRevaluation = ExactSum.from(own.minus(without));
      figures.revaluation = ExactSum.of(
        [figures.value, 1],
        [ExactSum.from(times(without, quoteRate(asOf))), -1],
      );
    }
  }
  const ownDay = ExactSum.of([ownValue, 1], [ownPrevious, -1]);
  if (ownIn) ownDay.addSum(ownIn.total(), -1);
  if (ownOut) ownDay.addSum(ownOut.total());
  if (ownRevaluation) ownDay.addSum(ownRevaluation, -1);
  figures.own = { value: ownValue, previousValue: ownPrevious, dayChange: ownDay };

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
  // In its own currency: the value at asOf's rate, the cost as the ledger recorded it.
  const held = holding.held.currency;
  figures.held = {
    value:
      held === quote.currency
        ? ownValue
        : ExactSum.from(ownValue.toDecimal().mul(fx.exact(quote.currency, held, asOf))),
    costBasis: costs.held,
  };
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

/** The last buy or sell on or before `day` as a price reference (-1 - its index), else NaN. */
function lastTradeRef(holding: PreparedHolding, day: DayNumber): PriceRef {
  for (let j = holding.transactions.length - 1; j >= 0; j -= 1) {
    const tx = holding.transactions[j] as PreparedTransaction;
    if (tx.day <= day && (tx.kind === BUY || tx.kind === SELL)) return -1 - j;
  }
  return Number.NaN;
}

/**
 * A points-valued holding's value on a day, exact, in real quote units (see `walkHolding`); with
 * `pointsUpTo`, as if the points after that day did not exist (the value without a revaluation).
 */
function pointsValueAt(
  holding: PreparedHolding,
  day: DayNumber,
  fx: FxTable,
  pointsUpTo: DayNumber = day,
): Decimal {
  const points = holding.points;
  const factor = holding.quote.exactFactor;
  const index = points ? lastIndexOnOrBefore(points.days, Math.min(day, pointsUpTo)) : -1;
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
  /** The same in the holding's own currency (`PreparedHolding.held`), as recorded. */
  held: ExactSum;
  /** The same in the target currency, at the rates of the purchase days. */
  historical: ExactSum;
  realised: ExactSum;
};

/**
 * Costs from the ledger's open lots and tax rows. A lot's price and fees are in the holding's own
 * currency (`held`): converted into the quote currency, when its closes are quoted in another, at
 * the rate of the lot's purchase day.
 */
function ledgerLotCosts(holding: PreparedHolding, context: ExactContext): LotCosts {
  const { fx, target, base } = context;
  const quote = holding.quote;
  const own = holding.held;
  const crossed = own.currency !== quote.currency;
  const local = new ExactSum();
  const held = new ExactSum();
  const historical = new ConvertedSum();
  for (const lot of holding.input.openLots ?? []) {
    if (lot.remainingQuantity === '0' || dec(lot.remainingQuantity).isZero()) continue;
    const pooled = lot.pooledUnitCost ? dec(lot.pooledUnitCost) : null;
    const day = toDay(lot.acquisitionDate);
    // What the lot's units cost in the currency they were bought in (pence for GBp: shifted).
    const lotOwn = new ExactSum();
    if (pooled) {
      lotOwn.addDecimal(
        dec(lot.remainingQuantity)
          .mul(pooled)
          .div(dec(lot.exchangeRateToBase))
          .mul(own.exactFactor),
      );
    } else {
      lotOwn.addProduct(lot.remainingQuantity, lot.acquisitionPrice, 1, own.shift);
      lotOwn.add(lot.feesRemaining, 1, own.shift);
    }
    held.addSum(lotOwn);
    const lotLocal = crossed
      ? ExactSum.from(lotOwn.toDecimal().mul(fx.exact(own.currency, quote.currency, day)))
      : lotOwn;
    local.addSum(lotLocal);
    if (own.currency === target) continue;
    // The ledger's base cost when the target is the base and a rate was recorded (a rate of
    // exactly 1 between two currencies is the ledger's default: not a recorded rate).
    const rateToBase = dec(lot.exchangeRateToBase);
    const recordedRate = !(rateToBase.eq(ONE) && own.currency !== base);
    if (target === base && recordedRate) {
      // lots.ts remainingCost, from the strings.
      if (pooled) historical.at(ONE).addProduct(lot.remainingQuantity, lot.pooledUnitCost ?? '0');
      else {
        const recorded = historical.at(rateToBase);
        recorded.addProduct(lot.remainingQuantity, lot.acquisitionPrice);
        recorded.add(lot.feesRemaining);
      }
    } else {
      historical.at(fx.exact(own.currency, target, day)).addSum(lotOwn);
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
    held,
    historical: own.currency === target ? held : historical.total(),
    realised: realised.total(),
  };
}

/**
 * Costs from the engine's own replay of the buys and sells through the ledger (each sale's
 * method, FIFO when none), in the holding's own currency (each trade at its day's rate when it is
 * in another), converted at the purchase and sale days' rates.
 */
function replayedLotCosts(holding: PreparedHolding, context: ExactContext): LotCosts {
  const { fx, target } = context;
  const quote = holding.quote;
  const own = holding.held.currency;
  const ledger: LedgerTransaction[] = [];
  const dayOf = new Map<string, number>();
  holding.transactions.forEach((tx, index) => {
    if (tx.kind !== BUY && tx.kind !== SELL) return;
    const source = tx.source;
    const rate = times(
      tx.currency.exactFactor,
      tx.currency.currency === own ? ONE : fx.exact(tx.currency.currency, own, tx.day),
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
    return {
      local: new ExactSum(),
      held: new ExactSum(),
      historical: new ExactSum(),
      realised: new ExactSum(),
    };
  }
  const replayed = replayHolding(ledger);
  const local = new ExactSum();
  const held = new ExactSum();
  const historical = new ExactSum();
  const into = (currency: string, cost: Decimal, day: number) =>
    own === currency ? cost : cost.mul(fx.exact(own, currency, day));
  for (const lot of replayed.lots) {
    if (lot.remainingQuantity.isZero()) continue;
    const cost = remainingCost(lot);
    const day = toDay(lot.acquisitionDate);
    held.addDecimal(cost);
    local.addDecimal(into(quote.currency, cost, day));
    historical.addDecimal(into(target, cost, day));
  }
  const realised = new ExactSum();
  for (const sale of replayed.sales) {
    const day = dayOf.get(sale.transactionId) ?? context.asOf;
    const rate = own === target ? ONE : fx.exact(own, target, day);
    for (const line of sale.figures.lots) realised.addDecimal(times(line.gainLoss, rate));
  }
  return { local, held, historical, realised };
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
  let ownLastIn = ZERO;
  let ownLastOut = ZERO;
  let interest = ZERO;
  let taxes = ZERO;
  let fees = ZERO;
  for (const flow of holding.flows) {
    const amount = dec(flow.source.amount);
    const rate = rateOn(flow.day);
    const converted = times(amount, rate);
    switch (flow.type) {
      // An internal movement cancels the other holding's flow (see `SavingsFlow`).
      case 'deposit':
        running = running.plus(amount);
        local = local.plus(amount);
        historical = historical.plus(converted);
        if (flow.day !== asOf) break;
        if (flow.source.internal) {
          lastOut = lastOut.minus(converted);
          ownLastOut = ownLastOut.minus(amount);
        } else {
          lastIn = lastIn.plus(converted);
          ownLastIn = ownLastIn.plus(amount);
        }
        break;
      case 'withdrawal':
        running = running.minus(amount);
        local = local.minus(amount);
        historical = historical.minus(converted);
        if (flow.day !== asOf) break;
        if (flow.source.internal) {
          lastIn = lastIn.minus(converted);
          ownLastIn = ownLastIn.minus(amount);
        } else {
          lastOut = lastOut.plus(converted);
          ownLastOut = ownLastOut.plus(amount);
        }
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
  /** The balance on a day in the account's own (real) currency. */
  const ownBalanceAt = (day: number, runningAt: Decimal) => {
    const balances = holding.balances;
    const index = balances ? lastIndexOnOrBefore(balances.days, day) : -1;
    const balance = balances && index >= 0 ? dec(balances.values[index] as number) : runningAt;
    return times(balance, factor);
  };
  const balanceAt = (day: number, runningAt: Decimal) =>
    times(ownBalanceAt(day, runningAt), fx.exact(holding.quote.currency, target, day));
  // Deposits less withdrawals: at the flows' rates in the target, as paid in the account's.
  const currencyEffect =
    holding.quote.currency === target
      ? ZERO
      : times(times(local, factor), fx.exact(holding.quote.currency, target, asOf)).minus(
          historical,
        );
  const yesterday = holding.firstDay <= asOf - 1;
  const ownValue = ownBalanceAt(asOf, running);
  const ownPrevious = yesterday ? ownBalanceAt(asOf - 1, previousRunning) : ZERO;
  const ownDay = ownValue
    .minus(ownPrevious)
    .minus(times(ownLastIn, factor))
    .plus(times(ownLastOut, factor));
  return {
    quantity: new ExactSum(),
    value: ExactSum.from(balanceAt(asOf, running)),
    previousValue: ExactSum.from(yesterday ? balanceAt(asOf - 1, previousRunning) : ZERO),
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
    revaluation: new ExactSum(),
    own: {
      value: ExactSum.from(ownValue),
      previousValue: ExactSum.from(ownPrevious),
      dayChange: ExactSum.from(ownDay),
    },
    // Its own currency is its quote currency: the balance, and the deposits less withdrawals.
    held: { value: ExactSum.from(ownValue), costBasis: ExactSum.from(times(local, factor)) },
  };
}
