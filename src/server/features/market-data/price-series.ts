import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { instrumentPriceSeries, instruments } from '../../db/schema';

/**
 * An instrument's daily closes as the valuation engine and the price charts read them (shared
 * here, below the features: valuation and market data both read them).
 */
export type PriceSeries = {
  symbol: string;
  /** The quote currency as stored (GBp/GBX are pence). */
  currency: string;
  /** The series' counter (moves at each rebuild: migration 0012). */
  version: number;
  /** Days since 1970-01-01, ascending. */
  days: Int32Array;
  closes: Float64Array;
};

/** Unpacks big-endian int32 days and float64 closes (migration 0010's packed series). */
export function unpackSeries(days: Uint8Array, closes: Uint8Array) {
  const count = closes.byteLength / 8;
  const dayView = new DataView(days.buffer, days.byteOffset, days.byteLength);
  const closeView = new DataView(closes.buffer, closes.byteOffset, closes.byteLength);
  const outDays = new Int32Array(count);
  const outCloses = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    outDays[i] = dayView.getInt32(i * 4);
    outCloses[i] = closeView.getFloat64(i * 8);
  }
  return { days: outDays, closes: outCloses };
}

/**
 * The closes of these symbols (those with none are absent from the map), read from the packed
 * series: one row per instrument.
 */
export async function readPriceSeries(
  db: DbOrTx,
  symbols: readonly string[],
): Promise<Map<string, PriceSeries>> {
  const found = new Map<string, PriceSeries>();
  if (!symbols.length) return found;
  const rows = await db
    .select({
      symbol: instruments.symbol,
      currency: instruments.currency,
      version: instrumentPriceSeries.version,
      days: instrumentPriceSeries.days,
      closes: instrumentPriceSeries.closes,
    })
    .from(instruments)
    .innerJoin(instrumentPriceSeries, eq(instrumentPriceSeries.instrumentId, instruments.id))
    .where(inArray(instruments.symbol, [...new Set(symbols)]));
  for (const row of rows) {
    found.set(row.symbol, {
      symbol: row.symbol,
      currency: row.currency,
      version: Number(row.version),
      ...unpackSeries(row.days, row.closes),
    });
  }
  return found;
}
