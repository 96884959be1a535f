import { DATE_MAX, DATE_MIN, latestToday } from '@/contracts/input-rules';

/**
 * The `min` and `max` of a date input: the range the API holds (1900-01-01 to 2999-12-31), ending
 * today (the latest calendar date on Earth, as the server reads it) for a date that cannot be in
 * the future. The form still checks with the contract: typing past the bounds shows its message.
 */
export function dateBounds(pastOnly: boolean): { min: string; max: string } {
  return { min: DATE_MIN, max: pastOnly ? latestToday() : DATE_MAX };
}
