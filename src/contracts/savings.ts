import { z } from 'zod';
import { pastIsoDate, text } from './input-rules';
import { COMPOUNDING_FREQUENCIES, interestRatePercent, moneyAmount } from './holdings';

/**
 * A savings account's interest rate history, its movements, interest accrual and alerts
 * (spec 002, sections 3, 4 and 5). Rates travel as fractions in answers ("0.03") and as percent
 * in the rate form ("3"), like the account form.
 */

export const SAVINGS_MOVEMENT_TYPES = ['deposit', 'withdrawal', 'interest', 'fee'] as const;
export type SavingsMovementType = (typeof SAVINGS_MOVEMENT_TYPES)[number];
export const SAVINGS_ALERT_KINDS = ['maturity_near', 'below_minimum'] as const;
export type SavingsAlertKind = (typeof SAVINGS_ALERT_KINDS)[number];
/** A maturity this close (days) raises an alert. */
export const MATURITY_ALERT_DAYS = 30;

export const changeRateBodySchema = z.object({
  interestRate: interestRatePercent(),
  compoundingFrequency: z.enum(COMPOUNDING_FREQUENCIES).optional(),
  startDate: pastIsoDate(),
  notes: text().trim().max(500).optional().nullable(),
});
export type ChangeRateBody = z.input<typeof changeRateBodySchema>;

export const savingsMovementBodySchema = z.object({
  transactionType: z.enum(SAVINGS_MOVEMENT_TYPES),
  amount: moneyAmount(),
  transactionDate: pastIsoDate(),
  notes: text().trim().max(500).optional().nullable(),
});
export type SavingsMovementBody = z.input<typeof savingsMovementBodySchema>;

export const savingsRateSchema = z.object({
  id: z.uuid(),
  interestRate: z.string(),
  compoundingFrequency: z.enum(COMPOUNDING_FREQUENCIES),
  rateType: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  notes: z.string().nullable(),
});
export const savingsMovementSchema = z.object({
  id: z.uuid(),
  transactionType: z.enum(SAVINGS_MOVEMENT_TYPES),
  transactionDate: z.string(),
  amount: z.string(),
  taxWithheld: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export const savingsAlertSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SAVINGS_ALERT_KINDS),
  data: z.record(z.string(), z.unknown()),
  isAcknowledged: z.boolean(),
  createdAt: z.string(),
});
export const savingsAccrualSchema = z.object({
  balance: z.string(),
  currency: z.string(),
  /** The open rate, a fraction; "0" without one. */
  annualRate: z.string(),
  compoundingFrequency: z.enum(COMPOUNDING_FREQUENCIES),
  /** Interest the balance earns over the next 365 days at the open rate. */
  projectedYearInterest: z.string(),
  /** Interest accrued since 1 January (or the opening date) at the rates of the history. */
  accruedThisYear: z.string(),
  /** Interest recorded this year, and the tax withheld on it. */
  interestPaidThisYear: z.string(),
  taxWithheldThisYear: z.string(),
  isTaxExempt: z.boolean(),
});
export const savingsDetailResponseSchema = z.object({
  rates: z.array(savingsRateSchema),
  transactions: z.array(savingsMovementSchema),
  alerts: z.array(savingsAlertSchema),
  accrual: savingsAccrualSchema,
});
export type SavingsDetail = z.infer<typeof savingsDetailResponseSchema>;
export const savingsMovementResponseSchema = z.object({
  transaction: savingsMovementSchema,
  balance: z.string(),
});
export const savingsRateResponseSchema = z.object({ rate: savingsRateSchema.nullable() });
