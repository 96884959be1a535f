import { CLOSE_LOOKBACK_DAYS, type CloseOnResponse } from '@/contracts/market-data';
import { convertedPrice, toMajorUnit } from '@/domain/market-data/fx';
import { toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import { AppError } from '../../platform/errors';
import { crossRateOn } from './fx-rates';
import { closeOnOrBefore, instrumentsBySymbol } from './market-data.repo';

const DAY_MS = 86_400_000;
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * `GET /market-data/prices/{symbol}/close?date=&currency=`: the stored close of a day (or of the
 * latest day before it within a week), and that close in `currency` (a holding's) at the rate
 * published for the close's day: what the add-holding form prefills a purchase price with. No
 * close answers `close: null`; a conversion without a rate answers the close with `price: null`.
 * An unknown symbol is 404 INSTRUMENT_NOT_FOUND.
 */
export async function closeOn(
  ctx: ServerContext,
  symbol: string,
  date: string,
  currency: string | undefined,
): Promise<CloseOnResponse> {
  const db = ctx.database.db;
  const instrument = (await instrumentsBySymbol(db, [symbol])).get(symbol);
  if (!instrument) throw new AppError('INSTRUMENT_NOT_FOUND', { symbol });
  const found = await closeOnOrBefore(
    db,
    instrument.id,
    date,
    daysBefore(date, CLOSE_LOOKBACK_DAYS),
  );
  if (!found) return { symbol, requestedDate: date, close: null };
  const major = toMajorUnit(found.close, instrument.currency);
  const target = currency ?? major.currency;
  const stored = {
    date: found.date,
    close: found.close,
    currency: instrument.currency,
    closeInMajor: toPlain(major.price),
    majorCurrency: major.currency,
  };
  if (target === major.currency) {
    return {
      symbol,
      requestedDate: date,
      close: {
        ...stored,
        price: toPlain(major.price),
        priceCurrency: target,
        rate: null,
        rateDate: null,
      },
    };
  }
  const rate = await crossRateOn(db, major.currency, target, found.date);
  return {
    symbol,
    requestedDate: date,
    close: {
      ...stored,
      price: rate ? toPlain(convertedPrice(major.price, rate.rate)) : null,
      priceCurrency: target,
      // The rate shown beside the price: 6 significant digits are enough to read it.
      rate: rate ? toPlain(rate.rate.toSignificantDigits(6)) : null,
      rateDate: rate?.rateDate ?? null,
    },
  };
}
