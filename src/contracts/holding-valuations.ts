import { z } from 'zod';
import { dec } from '@/domain/money/decimal';
import { decimalProblem, fractionDigits, pastDate, text, decimalText } from './input-rules';
import { holdingValuationSchema } from './valuation';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * The value history of a holding without a market (real estate, crowdfunding, other assets):
 * one point per day, in the holding's currency (issue 13). Market, crypto and savings holdings are
 * valued from prices or their balance and have none (400 VALUATIONS_NOT_SUPPORTED).
 */
export const VALUED_CLASSES = ['real_estate', 'crowdfunding', 'generic'] as const;
export type ValuedClass = (typeof VALUED_CLASSES)[number];
export const hasValueHistory = (holdingClass: string): holdingClass is ValuedClass =>
  (VALUED_CLASSES as readonly string[]).includes(holdingClass);

/** The largest value a point may carry (the investment-amount ceiling, 1,000,000,000,000). */
const VALUE_MAX = '1000000000000';

const valuationValue = () =>
  z
    .union([text(), z.number()], { message: M.valuationValueRequired })
    .transform(decimalText)
    .refine((value) => value !== '', { message: M.valuationValueRequired, abort: true })
    .refine((value) => !value.startsWith('-'), { message: M.valueNegative, abort: true })
    .refine((value) => decimalProblem(value) !== 'tooLarge', {
      message: M.valueTooLarge,
      abort: true,
    })
    .refine((value) => decimalProblem(value) !== 'exponent', {
      message: M.numberExponent,
      abort: true,
    })
    .refine((value) => /^\d+(\.\d+)?$/.test(value), { message: M.numberInvalid, abort: true })
    .refine((value) => fractionDigits(value) <= 2, { message: M.amountDecimals, abort: true })
    .refine((value) => dec(value).lte(VALUE_MAX), M.valueTooLarge);

/** POST /holdings/{id}/valuations: the day's value (replaces that day's point if there is one). */
export const createValuationBodySchema = z.object({
  date: pastDate(M.valuationDateRequired),
  value: valuationValue(),
});
export type CreateValuationBody = z.input<typeof createValuationBodySchema>;

export { holdingValuationSchema };
export type { HoldingValuation } from './valuation';

/** Newest first. */
export const holdingValuationsResponseSchema = z.object({
  valuations: z.array(holdingValuationSchema),
  /** The holding's own currency: every value is in it. */
  currency: z.string(),
});
export const holdingValuationResponseSchema = z.object({ valuation: holdingValuationSchema });
