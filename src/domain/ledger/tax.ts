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

/**
 * A sale's estimate as computed. Its total is not here: it is the sum of the lines as shown
 * (each rounded to cents), worked out when formatted (`formatTax`), so the lines on screen always
 * add up to the total on screen, on create and on every read of the stored rows alike.
 */
export type TaxFigures = {
  lots: TaxLineFigures[];
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
  return { lots, jurisdiction: TAX_JURISDICTION, taxYear: Number(sale.tradeDate.slice(0, 4)) };
}

type Cents = { proceeds: Decimal; costBasis: Decimal; gainLoss: Decimal; taxAmount: Decimal };

/**
 * The total of an estimate: each column the sum of its lines as shown, to the cent (so the total
 * on screen is what the lines on screen add up to). Used on create (from the computed lines) and
 * on read (from the stored rows, already to the cent): the same sale answers the same total.
 */
export function sumTaxLines(lines: Iterable<Cents>): TaxEstimate['total'] {
  let proceeds = ZERO;
  let costBasis = ZERO;
  let gainLoss = ZERO;
  let taxAmount = ZERO;
  for (const line of lines) {
    proceeds = proceeds.plus(line.proceeds.toDecimalPlaces(2));
    costBasis = costBasis.plus(line.costBasis.toDecimalPlaces(2));
    gainLoss = gainLoss.plus(line.gainLoss.toDecimalPlaces(2));
    taxAmount = taxAmount.plus(line.taxAmount.toDecimalPlaces(2));
  }
  return {
    proceeds: toFiat(proceeds),
    costBasis: toFiat(costBasis),
    gainLoss: toFiat(gainLoss),
    taxAmount: toFiat(taxAmount),
  };
}

/** The estimate as answered and stored: decimal strings, fiat amounts to 2 places. */
export function formatTax(figures: TaxFigures): TaxEstimate {
  // Each amount rounded to the cent once: shown on its line and added to the total as shown. The
  // gain shown is the line's proceeds less its cost, as shown (the tax was worked out on the
  // exact gain, and is already to the cent).
  const shown = figures.lots.map((line) => {
    const proceeds = line.proceeds.toDecimalPlaces(2);
    const costBasis = line.costBasis.toDecimalPlaces(2);
    const gainLoss = proceeds.minus(costBasis);
    return { line, proceeds, costBasis, gainLoss, taxAmount: line.taxAmount };
  });
  const lots = shown.map(({ line, proceeds, costBasis, gainLoss }) => ({
    lotId: line.lotId,
    lotNumber: line.lotNumber,
    quantity: toPlain(line.quantity),
    proceeds: toFiat(proceeds),
    costBasis: toFiat(costBasis),
    gainLoss: toFiat(gainLoss),
    holdingPeriodDays: line.holdingPeriodDays,
    isLongTerm: line.isLongTerm,
    taxRate: line.isLongTerm ? LONG_TERM_TEXT : SHORT_TERM_TEXT,
    taxAmount: toFiat(line.taxAmount),
  }));
  const [only] = lots;
  return {
    lots,
    // One lot (the usual sale): its line is the total, already formatted.
    total:
      lots.length === 1 && only
        ? {
            proceeds: only.proceeds,
            costBasis: only.costBasis,
            gainLoss: only.gainLoss,
            taxAmount: only.taxAmount,
          }
        : sumTaxLines(shown),
    jurisdiction: figures.jurisdiction,
    taxYear: figures.taxYear,
  };
}

export const estimateTax = (sale: LedgerTransaction, allocations: readonly Allocation[]) =>
  formatTax(computeTax(sale, allocations));
