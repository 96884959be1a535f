import { type FxResponse } from '@/contracts/market-data';
import { latestToday } from '@/contracts/input-rules';
import { toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import { AppError } from '../../platform/errors';
import { crossRateOn, exchangeRate } from '../../platform/fx-rates';

/**
 * One `base` in `quote` on `date` or the latest day before (rates are euro rates; other pairs
 * are cross rates through the euro), kept to the 10 decimals a transaction records (the
 * transaction form prefills its rate from this answer, so what it sends is what the server
 * would have recorded). The answer's date is the older of the two rates' days.
 * 404 FX_RATE_NOT_FOUND when either currency has no rate by then.
 */
export async function fxRate(
  ctx: ServerContext,
  base: string,
  quote: string,
  date: string | undefined,
): Promise<FxResponse> {
  const requestedDate = date ?? latestToday(ctx.clock.now());
  if (base === quote) return { base, quote, rate: '1', date: requestedDate, requestedDate };
  const found = await exchangeRate(ctx.database.db, base, quote, requestedDate);
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
  return { base, quote, rate: toPlain(found.rate), date: found.rateDate, requestedDate };
}
