import { type DayNumber, toDay } from './dates';
import { type NormalisedCurrency, normaliseCurrency } from './fx';
import { type DaySeries, toDaySeries } from './series';
import type { HoldingInput, SavingsFlow, ValuationTransaction } from './types';

/** Transaction kinds as small integers (the walk switches on them for every transaction). */
export const BUY = 0;
export const SELL = 1;
export const DIVIDEND = 2;
export const INTEREST = 3;
export const FEE = 4;
export const TRANSFER = 5;
const KINDS: Readonly<Record<ValuationTransaction['type'], number>> = {
  buy: BUY,
  sell: SELL,
  dividend: DIVIDEND,
  interest: INTEREST,
  fee: FEE,
  transfer: TRANSFER,
};

export type PreparedTransaction = {
  day: DayNumber;
  kind: number;
  quantity: number;
  price: number;
  fees: number;
  tax: number;
  currency: NormalisedCurrency;
  source: ValuationTransaction;
};

export type PreparedFlow = {
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
  /** The holding's own currency (`ledgerCurrency`, else the quote currency): its lots' and `held`. */
  held: NormalisedCurrency;
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
  const ledgerCode = input.ledgerCurrency ?? input.currency;
  const held = normalised.get(ledgerCode) ?? normaliseCurrency(ledgerCode);
  normalised.set(ledgerCode, held);
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
  if (mode !== 'savings') currencies.add(held.currency);
  return {
    input,
    quote,
    held: mode === 'savings' ? quote : held,
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
