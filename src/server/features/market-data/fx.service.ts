import { type FxResponse } from '@/contracts/market-data';
import { latestToday } from '@/contracts/input-rules';
import { toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import { AppError } from '../../platform/errors';
import { crossRateOn } from './fx-rates';

/** Significant digits answered, and at most as many decimals as a transaction's rate accepts. */
const RATE_SIGNIFICANT_DIGITS = 12;
const RATE_MAX_DECIMALS = 12;

/**
 * One `base` in `quote` on `date` or the latest day before (rates are euro rates; other pairs
 * are cross rates through the euro). The answer's date is the older of the two rates' days.
 * The rate has 12 significant digits and at most 12 decimals, so the transaction form can send
 * the rate it prefills from it as it is. 404 FX_RATE_NOT_FOUND when either currency has no rate
 * by then.
 */
export async function fxRate(
  ctx: ServerContext,
  base: string,
  quote: string,
  date: string | undefined,
): Promise<FxResponse> {
  const requestedDate = date ?? latestToday(ctx.clock.now());
  if (base === quote) return { base, quote, rate: '1', date: requestedDate, requestedDate };
  const found = await crossRateOn(ctx.database.db, base, quote, requestedDate);
  if (!found) {
    // Which side has no rate, for the message (only when refusing).
    const fromKnown = await crossRateOn(ctx.database.db, base, 'EUR', requestedDate);
    throw new AppError('FX_RATE_NOT_FOUND', {
      base,
      quote,
      date: requestedDate,
      missing: !fromKnown ? base : quote,
    });
  }
  const rate = found.rate
    .toSignificantDigits(RATE_SIGNIFICANT_DIGITS)
    .toDecimalPlaces(RATE_MAX_DECIMALS);
  return { base, quote, rate: toPlain(rate), date: found.rateDate, requestedDate };
}
