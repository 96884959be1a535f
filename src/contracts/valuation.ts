import { z } from 'zod';
import { HOLDING_CLASSES } from './holdings';
import { CURRENCIES } from './settings';

/**
 * What a portfolio, a simulation and the whole of a user's wealth are worth, and how they did
 * (issue 13). Money travels as decimal strings in `currency` (the portfolio's base currency, or
 * the user's currency for the dashboard), rounded half up to the currency's minor unit with
 * exactly its decimals ("348563.64", "0.00"): computed exactly, rounded once in the answer, so a
 * total may differ by a cent from the sum of its rounded lines. Prices and quantities keep their
 * precision. Ratios travel as numbers (0.052 is 5.2%); dates YYYY-MM-DD. Definitions (V, In, Out,
 * TWR, MWR, currency effect, revaluations) are in docs/decisions.md.
 */

export const PERFORMANCE_RANGES = ['1W', '1M', '3M', 'YTD', '1Y', '3Y', '5Y', 'MAX'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];
export const DEFAULT_PERFORMANCE_RANGE: PerformanceRange = '1Y';
/** History beyond a year is advanced analytics (Premium and Enterprise); the rest is for all. */
export const ADVANCED_ANALYTICS_RANGES = ['3Y', '5Y', 'MAX'] as const satisfies PerformanceRange[];
export const isAdvancedRange = (range: PerformanceRange): boolean =>
  (ADVANCED_ANALYTICS_RANGES as readonly string[]).includes(range);

const money = z.string();
const ratio = z.number().nullable();

export const performanceQuerySchema = z.object({
  range: z.enum(PERFORMANCE_RANGES).default(DEFAULT_PERFORMANCE_RANGE),
  sim: z.uuid().optional(),
});

export const seriesPointSchema = z.object({
  date: z.string(),
  value: money,
  netContributions: money,
  /** 1 at the range's start; 1.05 means +5% time-weighted. */
  twrIndex: z.number(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/** The figures shared by a portfolio, a holding and the dashboard (over the requested range). */
export const performanceFiguresSchema = z.object({
  /** Market value on `asOf`; null when nothing could be priced. */
  value: money,
  costBasis: money,
  unrealizedGain: money,
  /** unrealizedGain / costBasis; null when there is no cost. */
  unrealizedGainPercent: ratio,
  realizedGain: money,
  dividends: money,
  interest: money,
  fees: money,
  taxes: money,
  /** In minus Out since the first transaction. */
  netContributions: money,
  /** The part of the gain due to exchange rates. */
  currencyEffect: money,
  /**
   * Value change over the last day, money put in or taken out and revaluations typed by hand
   * (a valuation, a manual price) left out: the day's market move. Null with one day.
   */
  dayChange: money.nullable(),
  dayChangePercent: ratio,
  twr: ratio,
  /** Only for ranges longer than a year. */
  twrAnnualized: ratio,
  /** XIRR, annual rate; null when it has no solution. */
  mwr: ratio,
  volatility: ratio,
  maxDrawdown: ratio,
});
export type PerformanceFigures = z.infer<typeof performanceFiguresSchema>;

/** Why a holding is left out of the value: no price at all, or no rate to convert it. */
export const UNPRICED_REASONS = ['no_price', 'no_rate'] as const;

/**
 * A holding's figures in its own currency (`holdingCurrency`), from the same valuation as the
 * portfolio's: its value (converted at the day's rate when its prices are in another currency),
 * what its units cost as recorded, and the difference, rounded once. The holdings tables show
 * these, and the summary's category lines add them up.
 */
export const heldFiguresSchema = z.object({
  holdingValue: money,
  holdingCostBasis: money,
  holdingUnrealizedGain: money,
  /** holdingUnrealizedGain / holdingCostBasis; null without a cost. */
  holdingUnrealizedGainPercent: ratio,
});
export type HeldFigures = z.infer<typeof heldFiguresSchema>;

export const holdingPerformanceSchema = performanceFiguresSchema.extend({
  holdingId: z.uuid(),
  name: z.string(),
  symbol: z.string().nullable(),
  class: z.enum(HOLDING_CLASSES),
  /** The holding's own currency (its figures are converted from it). */
  holdingCurrency: z.string(),
  quantity: z.string(),
  /**
   * The last price used and its date (null: no price), in `lastPriceCurrency`: the currency the
   * instrument is quoted in, which may not be the holding's (a share listed in dollars held in
   * euros; pence are written in pounds).
   */
  lastPrice: z.string().nullable(),
  lastPriceCurrency: z.string().nullable(),
  lastPriceDate: z.string().nullable(),
  /** manual (typed on the holding), market (a stored close), valuation, savings. */
  priceSource: z.enum(['manual', 'market', 'valuation', 'savings']).nullable(),
  /** Share of the portfolio's value (0..1). */
  weight: ratio,
  /**
   * The day's change in `holdingCurrency` (a dollar holding's move in dollars), like `dayChange`;
   * null with one day, or when the holding's prices are in another currency than its own.
   */
  holdingDayChange: money.nullable(),
  holdingDayChangePercent: ratio,
  ...heldFiguresSchema.shape,
});
export type HoldingPerformance = z.infer<typeof holdingPerformanceSchema>;

export const performanceResponseSchema = performanceFiguresSchema.extend({
  asOf: z.string(),
  currency: z.enum(CURRENCIES),
  range: z.enum(PERFORMANCE_RANGES),
  /** First day of the range actually used (never before the first transaction). */
  from: z.string().nullable(),
  series: z.array(seriesPointSchema),
  holdings: z.array(holdingPerformanceSchema),
  /**
   * Holdings left out of the value. One without a rate into the portfolio's currency is still
   * valued in its own (its held figures); otherwise they are null.
   */
  unpriced: z.array(
    z.object({
      holdingId: z.uuid(),
      name: z.string(),
      reason: z.enum(UNPRICED_REASONS),
      holdingCurrency: z.string(),
      held: heldFiguresSchema.nullable(),
    }),
  ),
  /** For simulations: the cash balance in the base currency (part of `value`). */
  cash: money.nullable(),
});
export type PerformanceResponse = z.infer<typeof performanceResponseSchema>;

export const allocationSliceSchema = z.object({
  key: z.string(),
  value: money,
  weight: z.number(),
});
export type AllocationSlice = z.infer<typeof allocationSliceSchema>;

export const dashboardQuerySchema = z.object({
  range: z.enum(PERFORMANCE_RANGES).default(DEFAULT_PERFORMANCE_RANGE),
  /** A simulation the caller can see: the dashboard of that simulation alone. */
  sim: z.uuid().optional(),
});

export const dashboardResponseSchema = z.object({
  asOf: z.string(),
  currency: z.enum(CURRENCIES),
  range: z.enum(PERFORMANCE_RANGES),
  /** Over the user's own portfolios; shared portfolios are listed apart, not added. */
  netWorth: performanceFiguresSchema,
  series: z.array(seriesPointSchema),
  /**
   * The time-weighted return of each complete calendar month in the range, oldest first, from
   * the daily index (the series above is thinned for charts): what a projection estimates its
   * return and volatility from.
   */
  monthlyReturns: z.array(z.number()),
  portfolios: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      baseCurrency: z.enum(CURRENCIES),
      /** Converted into the dashboard's currency. */
      value: money,
      dayChange: money.nullable(),
      twr: ratio,
    }),
  ),
  sharedPortfolios: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      ownerName: z.string().nullable(),
      permission: z.enum(['edit', 'read']),
      value: money,
    }),
  ),
  allocation: z.object({
    assetClass: z.array(allocationSliceSchema),
    currency: z.array(allocationSliceSchema),
    sector: z.array(allocationSliceSchema),
    country: z.array(allocationSliceSchema),
    portfolio: z.array(allocationSliceSchema),
  }),
  topMovers: z.array(
    z.object({
      holdingId: z.uuid(),
      portfolioId: z.uuid(),
      name: z.string(),
      symbol: z.string().nullable(),
      dayChange: money,
      dayChangePercent: z.number(),
    }),
  ),
  recentTransactions: z.array(
    z.object({
      id: z.uuid(),
      portfolioId: z.uuid(),
      holdingId: z.uuid(),
      holdingName: z.string(),
      type: z.string(),
      tradeDate: z.string(),
      quantity: z.string(),
      price: z.string(),
      /** The transaction's own currency. */
      currency: z.string(),
    }),
  ),
  upcomingMaturities: z.array(
    z.object({
      holdingId: z.uuid(),
      portfolioId: z.uuid(),
      name: z.string(),
      maturityDate: z.string(),
      balance: money,
      currency: z.string(),
    }),
  ),
  unpriced: z.array(
    z.object({ holdingId: z.uuid(), name: z.string(), reason: z.enum(UNPRICED_REASONS) }),
  ),
  /**
   * With `?sim=`: the simulation whose dashboard this is, and its cash converted into the
   * dashboard's currency (part of `netWorth.value`; class, sector and country `cash` in the
   * allocation). Null for the user's own portfolios.
   */
  /**
   * With `sim`: the simulation's cash, in the dashboard's currency (part of `netWorth.value`), or
   * null when no rate converts it (then it is not in the net worth: `baseCash` says how much, in
   * the simulation's own currency, for the page to show apart).
   */
  simulation: z
    .object({
      id: z.uuid(),
      portfolioId: z.uuid(),
      cash: money.nullable(),
      baseCash: z.object({ amount: money, currency: z.string() }),
    })
    .nullable(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

export const holdingValuationSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  value: money,
});
export type HoldingValuation = z.infer<typeof holdingValuationSchema>;
