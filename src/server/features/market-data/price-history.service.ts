import type { PriceHistoriesResponse, PriceHistoryResponse } from '@/contracts/market-data';
import type { PerformanceRange } from '@/contracts/valuation';
import { closesInRange, SPARKLINE_POINTS } from '@/domain/market-data/price-history';
import { toDay } from '@/domain/valuation/dates';
import type { ServerContext } from '../../context';
import { AppError } from '../../platform/errors';
import { readPriceSeries } from './price-series';
import { instrumentsBySymbol } from './market-data.repo';

/** Today in UTC: the day the last close belongs to (as the valuation counts it). */
const todayOf = (ctx: ServerContext) => toDay(ctx.clock.now().toISOString().slice(0, 10));

/**
 * `GET /market-data/prices/{symbol}`: one instrument's closes over a range ending today, read
 * from its packed series (one row), daily up to a year and thinned beyond. An instrument without
 * a close answers no closes; an unknown symbol 404 INSTRUMENT_NOT_FOUND.
 */
export async function priceHistory(
  ctx: ServerContext,
  symbol: string,
  range: PerformanceRange,
): Promise<PriceHistoryResponse> {
  const db = ctx.database.db;
  const series = (await readPriceSeries(db, [symbol])).get(symbol);
  if (series) {
    const closes = closesInRange(series.days, series.closes, range, todayOf(ctx));
    return { symbol, currency: series.currency, range, closes };
  }
  const instrument = (await instrumentsBySymbol(db, [symbol])).get(symbol);
  if (!instrument) throw new AppError('INSTRUMENT_NOT_FOUND', { symbol });
  return { symbol, currency: instrument.currency, range, closes: [] };
}

/**
 * `GET /market-data/prices?symbols=`: the closes of up to 50 symbols over a range, each thinned
 * to a sparkline's 60 points, in one read of their packed series. Symbols without an instrument
 * or without any close are listed in `unknown`.
 */
export async function priceHistories(
  ctx: ServerContext,
  symbols: readonly string[],
  range: PerformanceRange,
): Promise<PriceHistoriesResponse> {
  const found = await readPriceSeries(ctx.database.db, symbols);
  const asOf = todayOf(ctx);
  const series: PriceHistoriesResponse['series'] = [];
  const unknown: string[] = [];
  for (const symbol of symbols) {
    const one = found.get(symbol);
    if (!one) {
      unknown.push(symbol);
      continue;
    }
    series.push({
      symbol,
      currency: one.currency,
      closes: closesInRange(one.days, one.closes, range, asOf, SPARKLINE_POINTS),
    });
  }
  return { range, series, unknown };
}
