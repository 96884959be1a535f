import { and, desc, eq, lte } from 'drizzle-orm';
import { crossRate } from '@/domain/market-data/fx';
import { dec, type Decimal } from '@/domain/money/decimal';
import type { DbOrTx } from '../../db/client';
import { fxRates } from '../../db/schema';

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
 * Units of `to` per unit of `from` on `date` (the last known rates on or before it), exact, with
 * the older rate's date; null when either currency has no rate by then.
 */
export async function crossRateOn(
  db: DbOrTx,
  from: string,
  to: string,
  date: string,
): Promise<{ rate: Decimal; rateDate: string } | null> {
  if (from === to) return { rate: dec(1), rateDate: date };
  const [source, target] = await Promise.all([euroRate(db, from, date), euroRate(db, to, date)]);
  if (!source || !target || source.rate.isZero()) return null;
  return {
    rate: crossRate(source.rate, target.rate),
    rateDate: source.date < target.date ? source.date : target.date,
  };
}

/** `crossRateOn`, kept to RATE_DECIMALS decimals (the rate a transaction records). */
export async function exchangeRate(
  db: DbOrTx,
  from: string,
  to: string,
  date: string,
): Promise<{ rate: Decimal; rateDate: string } | null> {
  const found = await crossRateOn(db, from, to, date);
  return found && { rate: found.rate.toDecimalPlaces(RATE_DECIMALS), rateDate: found.rateDate };
}

/**
 * The rate a transaction in `currency` converts into the portfolio's `base` with, as a decimal
 * string: null when they are the same (1) or when no rate is published by `date` (the caller
 * keeps its default).
 */
export async function rateToBase(
  db: DbOrTx,
  currency: string,
  base: string,
  date: string,
): Promise<string | null> {
  if (currency === base) return null;
  const found = await exchangeRate(db, currency, base, date);
  return found ? found.rate.toFixed() : null;
}

/**
 * Adds amounts of several currencies in `to`, each converted with the last rate on or before
 * `date`: never across currencies one for one. Amounts of a currency with no rate by then are
 * not added: they are answered apart, in their own currency (`unconverted`).
 */
export async function convertTotals<K extends string>(
  db: DbOrTx,
  rows: readonly { currency: string; amounts: Record<K, string> }[],
  keys: readonly K[],
  to: string,
  date: string,
): Promise<{
  totals: Record<K, string>;
  rates: { currency: string; rate: string; rateDate: string }[];
  unconverted: ({ currency: string } & Record<K, string>)[];
}> {
  const sums = Object.fromEntries(keys.map((key) => [key, dec(0)])) as Record<K, Decimal>;
  const byCurrency = new Map<string, Record<K, Decimal>>();
  for (const row of rows) {
    const current =
      byCurrency.get(row.currency) ??
      (Object.fromEntries(keys.map((key) => [key, dec(0)])) as Record<K, Decimal>);
    for (const key of keys) current[key] = current[key].plus(row.amounts[key]);
    byCurrency.set(row.currency, current);
  }
  const rates: { currency: string; rate: string; rateDate: string }[] = [];
  const unconverted: ({ currency: string } & Record<K, string>)[] = [];
  for (const [currency, amounts] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
    const found = await exchangeRate(db, currency, to, date);
    if (!found) {
      unconverted.push({
        currency,
        ...(Object.fromEntries(keys.map((key) => [key, amounts[key].toFixed(2)])) as Record<
          K,
          string
        >),
      });
      continue;
    }
    if (currency !== to) {
      rates.push({ currency, rate: found.rate.toFixed(), rateDate: found.rateDate });
    }
    for (const key of keys) sums[key] = sums[key].plus(amounts[key].mul(found.rate));
  }
  return {
    totals: Object.fromEntries(keys.map((key) => [key, sums[key].toFixed(2)])) as Record<K, string>,
    rates,
    unconverted,
  };
}
