import type { z } from 'zod';
import type { FxRate, fxRateQuerySchema } from '@/contracts/fx';
import { toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import { AppError } from '../../platform/errors';
import { exchangeRate } from '../../platform/fx-rates';

type Query = z.output<typeof fxRateQuerySchema>;

/** The rate of a pair on a day, or 404 RATE_NOT_FOUND when no rate is known by then. */
export async function fxRate(ctx: ServerContext, query: Query): Promise<FxRate> {
  const found = await exchangeRate(ctx.database.db, query.from, query.to, query.date);
  if (!found) {
    throw new AppError('RATE_NOT_FOUND', { from: query.from, to: query.to, date: query.date });
  }
  return {
    from: query.from,
    to: query.to,
    date: query.date,
    rateDate: found.rateDate,
    rate: toPlain(found.rate),
  };
}
