import { dec, type Decimal, toBase, toFiat, toPlain, ZERO } from '../money/decimal';
import type { Allocation, LedgerTransaction } from './types';

/** French estimate (spec 002, section 9): held over 365 days is long term. */
export const LONG_TERM_DAYS = 365;
export const LONG_TERM_RATE = '0.172';
export const SHORT_TERM_RATE = '0.30';
export const TAX_JURISDICTION = 'FR';

const DAY_MS = 86_400_000;
const LONG_TERM = dec(LONG_TERM_RATE);
const SHORT_TERM = dec(SHORT_TERM_RATE);
const LONG_TERM_TEXT = toPlain(LONG_TERM);
const SHORT_TERM_TEXT = toPlain(SHORT_TERM);

const epochDays = new Map<string, number>();
/** Days since 1970-01-01 of a YYYY-MM-DD date (remembered: a ledger meets the same dates often). */
function epochDay(date: string): number {
  let day = epochDays.get(date);
  if (day === undefined) {
    day = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
    if (epochDays.size > 20_000) epochDays.clear();
    epochDays.set(date, day);
  }
  return day;
}

/** Whole calendar days from one YYYY-MM-DD date to another (UTC: no time-zone or DST drift). */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** One consumed lot's line of a sale's tax estimate, as computed (base currency, full precision). */
export type TaxLineFigures = {
  lotId: string;
  lotNumber: number;
  quantity: Decimal;
  proceeds: Decimal;
  costBasis: Decimal;
  gainLoss: Decimal;
  holdingPeriodDays: number;
  isLongTerm: boolean;
  taxRate: Decimal;
  /** Rounded to cents per lot. */
  taxAmount: Decimal;
};

export type TaxFigures = {
  lots: TaxLineFigures[];
  total: { proceeds: Decimal; costBasis: Decimal; gainLoss: Decimal; taxAmount: Decimal };
  jurisdiction: typeof TAX_JURISDICTION;
  taxYear: number;
};

/** One consumed lot's line as answered (decimal strings; fiat amounts to 2 places). */
export type TaxLine = {
  lotId: string;
  lotNumber: number;
  quantity: string;
  proceeds: string;
  costBasis: string;
  gainLoss: string;
  holdingPeriodDays: number;
  isLongTerm: boolean;
  taxRate: string;
  taxAmount: string;
};

export type TaxEstimate = {
  lots: TaxLine[];
  total: { proceeds: string; costBasis: string; gainLoss: string; taxAmount: string };
  jurisdiction: typeof TAX_JURISDICTION;
  taxYear: number;
};

/**
 * The tax estimate of a sale, one line per lot it consumed. Amounts are in the base currency:
 * proceeds at the sale's exchange rate, cost at each lot's (its buy's) rate. The sale's fees are
 * spread over the lots by units sold and lower the proceeds. Tax is never below zero: a loss costs
 * nothing (it is not offset against other gains in this estimate). Full precision inside; the
 * tax is rounded to cents per lot, everything else only when formatted.
 */
export function computeTax(
  sale: LedgerTransaction,
  allocations: readonly Allocation[],
): TaxFigures {
  // What one unit brings in, net of its share of the sale's fees, in the base currency.
  const price = dec(sale.price);
  const fees = dec(sale.fees);
  const quantity = dec(sale.quantity);
  const exchangeRate = dec(sale.exchangeRateToBase);
  let feesLeft = fees;
  // The sale's fees per unit, worked out once (only when they are spread over several lots).
  const unitFee = allocations.length > 1 && !fees.isZero() ? fees.div(quantity) : ZERO;
  let proceedsTotal: Decimal = ZERO;
  let costTotal: Decimal = ZERO;
  let taxTotal: Decimal = ZERO;
  const lots = allocations.map((allocation, index): TaxLineFigures => {
    // Each part carries its share of the sale's fees; the last takes what is left, so the parts
    // always add up to the whole (no division at all for a sale from one lot).
    let feeShare = feesLeft;
    if (index < allocations.length - 1 && !fees.isZero()) {
      feeShare = unitFee.mul(allocation.quantity);
      feesLeft = feesLeft.minus(feeShare);
    }
    const gross = allocation.quantity.mul(price);
    const proceeds = toBase(feeShare.isZero() ? gross : gross.minus(feeShare), exchangeRate);
    const gain = proceeds.minus(allocation.costBasis);
    const days = daysBetween(allocation.acquisitionDate, sale.tradeDate);
    const isLongTerm = days > LONG_TERM_DAYS;
    const rate = isLongTerm ? LONG_TERM : SHORT_TERM;
    const tax = gain.isPositive() && !gain.isZero() ? gain.mul(rate).toDecimalPlaces(2) : ZERO;
    if (allocations.length > 1) {
      proceedsTotal = proceedsTotal.plus(proceeds);
      costTotal = costTotal.plus(allocation.costBasis);
      taxTotal = taxTotal.plus(tax);
    }
    return {
      lotId: allocation.lotId,
      lotNumber: allocation.lotNumber,
      quantity: allocation.quantity,
      proceeds,
      costBasis: allocation.costBasis,
      gainLoss: gain,
      holdingPeriodDays: days,
      isLongTerm,
      taxRate: rate,
      taxAmount: tax,
    };
  });
  const [only] = lots;
  if (lots.length === 1 && only) {
    // One lot (the usual sale): its line is the total.
    const { proceeds, costBasis, gainLoss, taxAmount } = only;
    return {
      lots,
      total: { proceeds, costBasis, gainLoss, taxAmount },
      jurisdiction: TAX_JURISDICTION,
      taxYear: Number(sale.tradeDate.slice(0, 4)),
    };
  }
  return {
    lots,
    total: {
      proceeds: proceedsTotal,
      costBasis: costTotal,
      gainLoss: proceedsTotal.minus(costTotal),
      taxAmount: taxTotal,
    },
    jurisdiction: TAX_JURISDICTION,
    taxYear: Number(sale.tradeDate.slice(0, 4)),
  };
}

/** The estimate as answered and stored: decimal strings, fiat amounts to 2 places. */
export function formatTax(figures: TaxFigures): TaxEstimate {
  return {
    lots: figures.lots.map((line) => ({
      lotId: line.lotId,
      lotNumber: line.lotNumber,
      quantity: toPlain(line.quantity),
      proceeds: toFiat(line.proceeds),
      costBasis: toFiat(line.costBasis),
      gainLoss: toFiat(line.gainLoss),
      holdingPeriodDays: line.holdingPeriodDays,
      isLongTerm: line.isLongTerm,
      taxRate: line.isLongTerm ? LONG_TERM_TEXT : SHORT_TERM_TEXT,
      taxAmount: toFiat(line.taxAmount),
    })),
    total: {
      proceeds: toFiat(figures.total.proceeds),
      costBasis: toFiat(figures.total.costBasis),
      gainLoss: toFiat(figures.total.gainLoss),
      taxAmount: toFiat(figures.total.taxAmount),
    },
    jurisdiction: figures.jurisdiction,
    taxYear: figures.taxYear,
  };
}

export const estimateTax = (sale: LedgerTransaction, allocations: readonly Allocation[]) =>
  formatTax(computeTax(sale, allocations));
