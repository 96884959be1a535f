import { dec, type DecimalInput, Decimal, ZERO } from '../money/decimal';

/** Compounding periods per year (spec 002: daily, monthly, quarterly, annually; monthly default). */
export const PERIODS_PER_YEAR = { daily: 365, monthly: 12, quarterly: 4, annually: 1 } as const;
export type CompoundingFrequency = keyof typeof PERIODS_PER_YEAR;

/** Savings types whose interest is tax-exempt in France (spec 002, section 9). */
export const TAX_EXEMPT_TYPES = ['livret_a', 'ldd', 'pel'] as const;
export const isTaxExempt = (accountType: string) =>
  (TAX_EXEMPT_TYPES as readonly string[]).includes(accountType);

/**
 * Interest earned on `balance` over `days` at a yearly `rate` (a fraction: 0.03 is 3%),
 * compounded `frequency` times a year: balance x ((1 + rate/n)^(n x days/365) - 1). A part
 * period compounds pro rata (the exponent is fractional), so a year of 365 days gives the
 * effective annual yield exactly.
 */
export function interestOver(
  balance: DecimalInput,
  rate: DecimalInput,
  frequency: CompoundingFrequency,
  days: number,
): Decimal {
  const r = dec(rate);
  if (r.isZero() || days <= 0) return ZERO;
  const n = PERIODS_PER_YEAR[frequency];
  const growth = r.div(n).plus(1).pow(new Decimal(n).mul(days).div(365));
  return dec(balance).mul(growth.minus(1));
}

/** The tax withheld on interest: none on exempt accounts, else the account's rate, to the cent. */
export function taxOnInterest(interest: DecimalInput, taxRate: DecimalInput, exempt: boolean) {
  if (exempt) return ZERO;
  return dec(interest).mul(taxRate).toDecimalPlaces(2);
}

/**
 * The penalty of withdrawing `amount` before the maturity date, at `penaltyRate` percent; zero on
 * or after maturity, or without a penalty rate.
 */
export function earlyWithdrawalPenalty(input: {
  amount: DecimalInput;
  penaltyRatePercent: DecimalInput | null;
  maturityDate: string | null;
  date: string;
}): Decimal {
  if (!input.maturityDate || input.penaltyRatePercent === null) return ZERO;
  if (input.date >= input.maturityDate) return ZERO;
  return dec(input.amount).mul(input.penaltyRatePercent).div(100).toDecimalPlaces(2);
}
