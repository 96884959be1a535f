import type { AssetType, CostBasisMethod } from '../ledger/types';
import type { DayNumber, IsoDate, RangeKey } from './dates';
import type { FxInput } from './fx';
import type { DailySeries } from './series';

/**
 * What the valuation engine reads of a transaction. Amounts are decimal strings (as the ledger
 * stores them): the headline figures are computed from them exactly, the daily series from their
 * float values.
 *
 * - buy: In = quantity x price + fees; opens units.
 * - sell: Out = quantity x price - fees - tax; closes units.
 * - dividend, interest: Out = quantity x price - fees - tax (quantity x price is the gross amount:
 *   shares held x amount per share, or 1 x the amount); the units do not change.
 * - fee: In = quantity x price + fees (a fee the investor pays for the holding, from outside it:
 *   money in that buys nothing, so it lowers the returns); all of it is counted in `fees`, and
 *   none of it in the cost basis (it buys no units).
 * - transfer: as in the ledger, a cash movement that leaves the units as they are; the engine does
 *   not hold cash, so it is neither In nor Out (its fees, if any, are In: paid for the holding).
 */
export type ValuationTransaction = {
  /** Ledger id; used when the engine replays the lots itself. */
  id?: string;
  date: IsoDate;
  type: 'buy' | 'sell' | 'dividend' | 'interest' | 'fee' | 'transfer';
  quantity: string;
  /** Per unit, in `currency`. */
  price: string;
  fees?: string;
  /** Tax withheld (dividends, interest; a sale's, if any). */
  tax?: string;
  /** Currency of price, fees and tax; the holding's quote currency when absent (GBp allowed). */
  currency?: string;
  /** Sells only: how the engine's own replay takes lots (FIFO when absent). */
  costBasisMethod?: CostBasisMethod | null;
};

/**
 * A savings account's movement, as the ledger's savings transactions store them. Deposits are In,
 * withdrawals Out. Interest is credited to the account (net of `tax`): it is return, not a flow;
 * a bank fee is taken from the account: a negative return, not a flow.
 */
export type SavingsFlow = {
  date: IsoDate;
  type: 'deposit' | 'withdrawal' | 'interest' | 'fee';
  /** Positive decimal string, in the account's currency. */
  amount: string;
  /** Tax withheld on interest. */
  tax?: string;
  /**
   * A deposit or withdrawal that moves money between this line and another holding of the same
   * view, not into or out of the view: a simulation's cash paying for a buy (a withdrawal) or
   * receiving a sale or a dividend (a deposit). It is counted against the other holding's flow
   * (a withdrawal as negative In, a deposit as negative Out), so the view's In and Out net to
   * nothing and its returns see only what the trade did to the value.
   */
  internal?: boolean;
};

/**
 * An open lot as the ledger's lots table holds it (decimal strings). `acquisitionPrice` and
 * `feesRemaining` are in the holding's quote currency; `pooledUnitCost` (set by an average-cost
 * sale) is in the portfolio's base currency, fees included.
 */
export type OpenLotInput = {
  acquisitionDate: IsoDate;
  remainingQuantity: string;
  acquisitionPrice: string;
  exchangeRateToBase: string;
  feesRemaining: string;
  pooledUnitCost?: string | null;
};

/** A sale's tax row from the ledger (base currency). Only `date` and `gainLoss` are summed. */
export type RealizedInput = {
  date: IsoDate;
  proceeds: string;
  costBasis: string;
  gainLoss: string;
};

/**
 * One holding. How it is valued:
 * - with `closes` (market and crypto; any class that has them): units held x the close of the day,
 *   the last close before it on a day without one, the last trade price before the first close;
 *   a market or crypto holding without closes is unpriced (left out of every total, listed);
 * - with `valuations` (real estate, crowdfunding, generic assets): the last point on or before
 *   the day (the whole holding's value), scaled by units held now / units held on the point's day
 *   when units were bought or sold since; before the first point, what was paid (buys with fees,
 *   less the average cost of units sold); without points, always what was paid;
 * - a savings account (class 'savings_account' or `savings` given): the last balance on or before
 *   the day when `savings.balances` is given, else (and before its first point) the running
 *   balance of `savings.flows`.
 */
export type HoldingInput = {
  id: string;
  /**
   * Names everything given for this holding (its rows and its closes): with the same version, a
   * caller keeping `HoldingPieces` gets the holding's earlier work back instead of a new one.
   */
  version?: string;
  class: AssetType;
  /** Quote currency (of closes, valuations and, by default, transactions). GBp/GBX are pence. */
  currency: string;
  /**
   * The holding's own currency, when its closes are quoted in another (shares listed in dollars
   * held in a euro account): the currency of its open lots (`acquisitionPrice`, `feesRemaining`)
   * and of its `held` figures. The quote currency when absent.
   */
  ledgerCurrency?: string;
  symbol?: string | null;
  /** In ledger order (date, then recording order); sorted by date here when they are not. */
  transactions?: readonly ValuationTransaction[];
  closes?: DailySeries;
  /**
   * Whether `closes` are prices typed by hand (a market holding without any stored close) rather
   * than a market's: a price dated asOf is then a revaluation, not a move of the day.
   */
  manualPrices?: boolean;
  valuations?: DailySeries;
  savings?: { flows?: readonly SavingsFlow[]; balances?: DailySeries };
  /**
   * The ledger's open lots (remaining quantity > 0). When absent, or when the holding has buys
   * or sells after asOf (today's lots are not asOf's), the engine replays the holding's buys and
   * sells up to asOf through the ledger (src/domain/ledger) itself: exact, but slower.
   */
  openLots?: readonly OpenLotInput[];
  /**
   * The ledger's tax rows of this holding's sales (rows after asOf are ignored); read with
   * `openLots`, and replaced by the engine's own replay when that is used.
   */
  realized?: readonly RealizedInput[];
};

/** One computation: a portfolio (or a simulation) valued in `currency` up to `asOf`. */
export type ValuationInput = {
  /** Target currency of every figure. */
  currency: string;
  asOf: IsoDate;
  /** The range of the performance figures and the chart series (MAX when absent). */
  range?: RangeKey;
  /**
   * The currency the ledger's `exchangeRateToBase`, `pooledUnitCost` and tax rows are in (the
   * portfolio's currency); the target currency when absent.
   */
  baseCurrency?: string;
  holdings: readonly HoldingInput[];
  fx?: FxInput;
  /** Names the rates given in `fx`; without it no holding's walk is kept (`HoldingPieces`). */
  fxVersion?: string;
  /** Chart points beyond which the series is thinned (500). */
  maxChartPoints?: number;
};

/**
 * Money figures as exact decimal strings (no exponent, no trailing zeros, not rounded: display
 * rounding is the formatter's), in the target currency.
 */
export type MoneyFigures = {
  /** V(asOf). */
  value: string;
  /** V(asOf - 1). */
  previousValue: string;
  /**
   * V(asOf) - V(asOf - 1) - (In(asOf) - Out(asOf)) - revaluation: the day's market move, flows
   * and revaluations left out.
   */
  dayChange: string;
  /**
   * The part of V(asOf) - V(asOf - 1) that values typed by hand and dated asOf make (a valuation
   * point, a manual price): a revaluation, not a move of the day (docs/decisions.md). It is in
   * the value, the series and the returns, on its own date, but not in `dayChange`.
   */
  revaluation: string;
  /** What the units held cost (open lots, fees included) at the rates of their purchase days. */
  costBasis: string;
  /** value - costBasis. */
  unrealisedGain: string;
  realisedGain: string;
  /** Gross dividends (before fees and tax). */
  dividends: string;
  /** Gross interest (before fees and tax). */
  interest: string;
  fees: string;
  taxes: string;
  /** The part of the unrealised gain due to exchange rates (see docs/decisions.md (Valuation engine)). */
  currencyEffect: string;
  /** Sum of In - Out over the whole history. */
  netContributions: string;
};

/** Return figures over the range (fractions: 0.05 is 5%). */
export type PerformanceFigures = {
  /** First day inside the range; its opening value is V(start - 1). */
  start: IsoDate;
  end: IsoDate;
  /** Days from the opening day to the end: end - start + 1. */
  days: number;
  /** V(start - 1), float rounded to cents. */
  openingValue: number;
  /** Time-weighted return over the range. */
  twr: number;
  /** TWR as a yearly rate; null for ranges shorter than 365 days. */
  twrAnnualised: number | null;
  /** Money-weighted return over the range: (1 + XIRR)^(days/365) - 1; null when XIRR has none. */
  mwr: number | null;
  /** XIRR, a yearly rate (actual/365); null when there is no solution. */
  mwrAnnualised: number | null;
  /** Annualised (sqrt 365) sample stdev of the daily returns of invested days; null under 2. */
  volatility: number | null;
  /** Largest fall of the TWR index from a peak within the range (<= 0). */
  maxDrawdown: number;
};

export type HoldingValuation = {
  id: string;
  symbol: string | null;
  class: AssetType;
  /** The real currency of the quotes (GBP for a GBp listing). */
  currency: string;
  /** Units held at asOf (savings: none, '0'). */
  quantity: string;
  /** Last close on or before asOf in `currency` (pence converted), null when not close-priced. */
  price: number | null;
  figures: MoneyFigures;
  /**
   * The holding's own figures of the day in `currency` (its quote currency, not converted): its
   * value, the day before's and its day change (flows and revaluations left out, as in
   * `figures`), so a dollar holding's move reads in dollars. Exact decimal strings.
   */
  own: { value: string; previousValue: string; dayChange: string };
  /**
   * What the holding is worth and what its units cost in its own currency (`ledgerCurrency`, else
   * the quote currency; never relabelled): its value converted at asOf's rate, its cost as the
   * ledger recorded it (open lots, fees included; a savings account's net deposits). Exact
   * decimal strings: the holding's line of a summary in its own currency.
   */
  held: { currency: string; value: string; costBasis: string };
  performance: PerformanceFigures;
};

export type UnpricedReason = 'no-closes' | 'missing-rate';

/** A holding left out of every total, and why. */
export type UnpricedHolding = {
  id: string;
  symbol: string | null;
  reason: UnpricedReason;
  /** The missing pairs ('USD->EUR') for 'missing-rate'. */
  missingRates: string[];
};

/** A chart point: value and net contributions (floats, to the cent) and the TWR index. */
export type ChartPoint = {
  date: IsoDate;
  value: number;
  netContributions: number;
  /** Growth of 1 invested at the range's opening, by TWR (1 on the opening day). */
  twrIndex: number;
};

/**
 * The daily series of the priced holdings, in the target currency, index i = day firstDay + i,
 * up to asOf: float64, not rounded (transferable to another thread as is).
 */
export type DailyValuation = {
  firstDay: DayNumber;
  value: Float64Array;
  inflow: Float64Array;
  outflow: Float64Array;
};

export type ValuationResult = {
  currency: string;
  asOf: IsoDate;
  range: RangeKey;
  /** Date of the first transaction (of priced holdings); null when there is none. */
  firstDate: IsoDate | null;
  figures: MoneyFigures;
  performance: PerformanceFigures;
  /** The priced holdings, in the order given (the unpriced ones are in `unpriced` only). */
  holdings: HoldingValuation[];
  /** From the opening day of the range (or the first day) to asOf; thinned beyond 500 points. */
  series: ChartPoint[];
  unpriced: UnpricedHolding[];
  /** Every missing pair, sorted ('CAD->EUR'). */
  missingRates: string[];
  daily: DailyValuation;
};
