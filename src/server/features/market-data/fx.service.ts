import { type FxResponse } from '@/contracts/market-data';
import { latestToday } from '@/contracts/input-rules';
import { crossRate } from '@/domain/market-data/fx';
import { toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import { AppError } from '../../platform/errors';
import { euroRateOnOrBefore } from './market-data.repo';

/**
 * One `base` in `quote` on `date` or the latest day before (rates are euro rates; other pairs
 * are cross rates through the euro). The answer's date is the older of the two rates' days.
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
  const db = ctx.database.db;
  const euroOf = async (currency: string) =>
    currency === 'EUR'
      ? { rate: '1', date: requestedDate }
      : euroRateOnOrBefore(db, currency, requestedDate);
  const [from, to] = await Promise.all([euroOf(base), euroOf(quote)]);
  if (!from || !to) {
    throw new AppError('FX_RATE_NOT_FOUND', {
      base,
      quote,
      date: requestedDate,
      missing: !from ? base : quote,
    });
  }
  const rate = crossRate(from.rate, to.rate);
  return {
    base,
    quote,
    rate: toPlain(rate.toSignificantDigits(12)),
    date: from.date < to.date ? from.date : to.date,
    requestedDate,
  };
}
