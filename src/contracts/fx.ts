import { z } from 'zod';
import { isoDate, text } from './input-rules';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * Exchange rates (issue 13), read from the daily euro reference rates (fx_rates: one EUR buys
 * `rate` units of X). X to Y is rate(Y) / rate(X), each the last one on or before the date.
 */
const currencyCode = text({ message: M.currencyInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, M.currencyInvalid);

export const fxRateQuerySchema = z.object({
  from: currencyCode,
  to: currencyCode,
  date: isoDate(),
});
export type FxRateQuery = z.input<typeof fxRateQuerySchema>;

export const fxRateResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The date asked for. */
  date: z.string(),
  /** The date of the older of the two rates used (the same as `date` when both are that day's). */
  rateDate: z.string(),
  /** Units of `to` per unit of `from`, as a decimal string. */
  rate: z.string(),
});
export type FxRate = z.infer<typeof fxRateResponseSchema>;
