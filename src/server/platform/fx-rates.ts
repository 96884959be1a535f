import { and, desc, eq, lte } from 'drizzle-orm';
import { dec, type Decimal } from '@/domain/money/decimal';
import type { DbOrTx } from '../db/client';
import { fxRates } from '../db/schema';

/**
 * Reading the daily euro reference rates (fx_rates, filled by the market-data import): one EUR
 * buys `rate` units of a currency. Every other pair is a cross rate through the euro:
 * X to Y = rate(Y) / rate(X), each the last rate on or before the date.
 */

/** Significant decimals kept of a cross rate. */
const RATE_DECIMALS = 10;

/** The last EUR -> currency rate on or before `date` (EUR itself is 1 on any day). */
async function euroRate(
  db: DbOrTx,
  currency: string,
  date: string,
): Promise<{ rate: Decimal; date: string } | null> {
  if (currency === 'EUR') return { rate: dec(1), date };
  const [row] = await db
    .select({ rate: fxRates.rate, date: fxRates.rateDate })
    .from(fxRates)
    .where(and(eq(fxRates.currency, currency), lte(fxRates.rateDate, date)))
    .orderBy(desc(fxRates.rateDate))
    .limit(1);
  return row ? { rate: dec(row.rate), date: row.date } : null;
}

/**
 * Units of `to` per unit of `from` on `date` (the last known rates on or before it), with the
 * older rate's date; null when either currency has no rate by then.
 */
export async function exchangeRate(
  db: DbOrTx,
  from: string,
  to: string,
  date: string,
): Promise<{ rate: Decimal; rateDate: string } | null> {
  if (from === to) return { rate: dec(1), rateDate: date };
  const [source, target] = await Promise.all([euroRate(db, from, date), euroRate(db, to, date)]);
  if (!source || !target || source.rate.isZero()) return null;
  return {
    rate: target.rate.div(source.rate).toDecimalPlaces(RATE_DECIMALS),
    rateDate: source.date < target.date ? source.date : target.date,
  };
}
