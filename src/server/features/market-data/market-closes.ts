import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** An instrument's last close and the one before it, as stored (its quote currency may be GBp). */
export type LastCloses = {
  currency: string;
  close: string;
  date: string;
  previousClose: string | null;
};

/**
 * The last two closes of these symbols (absent: no closes), in one query whatever their number
 * (an index walk per instrument). Shared below the features: holdings answer market prices,
 * market data answers quotes.
 */
export async function lastTwoCloses(
  db: DbOrTx,
  symbols: readonly string[],
): Promise<Map<string, LastCloses>> {
  const found = new Map<string, LastCloses>();
  const wanted = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))];
  if (!wanted.length) return found;
  const result = await db.execute(sql`select i.symbol, i.currency, p.price_date::text as date,
      p.close::text as close
    from instruments i
    join lateral (select price_date, close from instrument_prices ip
      where ip.instrument_id = i.id order by ip.price_date desc limit 2) p on true
    where i.symbol = any(${sql.param(wanted)}::text[])
    order by i.symbol, p.price_date desc`);
  const rows = (
    result as unknown as {
      rows: { symbol: string; currency: string; date: string; close: string }[];
    }
  ).rows;
  for (const row of rows) {
    const entry = found.get(row.symbol);
    if (!entry) {
      found.set(row.symbol, {
        currency: row.currency,
        close: row.close,
        date: row.date,
        previousClose: null,
      });
    } else if (entry.previousClose === null) {
      entry.previousClose = row.close;
    }
  }
  return found;
}
