import { dec, type DecimalInput, toPlain } from '../money/decimal';

/**
 * The change from the previous close to the latest: the amount in the quote currency and the
 * percentage of the previous close (2 decimals, half up). Without a previous close there is no
 * change (null); a previous close of 0 gives the amount and no percentage.
 */
export function dayChange(
  latest: DecimalInput,
  previous: DecimalInput | null,
): { amount: string; percent: string | null } | null {
  if (previous === null) return null;
  const before = dec(previous);
  const amount = dec(latest).minus(before);
  return {
    amount: toPlain(amount),
    percent: before.isZero() ? null : amount.div(before).times(100).toFixed(2),
  };
}
