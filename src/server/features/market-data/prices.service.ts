import { sql } from 'drizzle-orm';
import type { PutPricesBody } from '@/contracts/market-data';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { instruments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { mapInSlices } from '../../platform/time-slices';
import {
  type InstrumentRow,
  instrumentsBySymbol,
  instrumentsWithCloses,
  upsertPrices,
} from './market-data.repo';

export type InstrumentFields = {
  currency: string;
  name?: string | null;
  kind?: string | undefined;
  exchange?: string | null;
  sector?: string | null;
  country?: string | null;
  provider?: string;
  providerId?: string | null;
};

/**
 * The instrument of `symbol`, created when missing (named after its symbol, a stock unless told),
 * its fields updated with those given (locked for the rest of the transaction). Its currency may
 * change only while it has no close: closes are in the instrument's currency.
 */
export async function ensureInstrument(
  tx: DbOrTx,
  symbol: string,
  fields: InstrumentFields,
  now: Date,
): Promise<{ instrument: InstrumentRow; created: boolean }> {
  const inserted = await tx
    .insert(instruments)
    .values({
      symbol,
      name: fields.name ?? symbol,
      kind: fields.kind ?? 'stock',
      exchange: fields.exchange ?? null,
      currency: fields.currency,
      sector: fields.sector ?? null,
      country: fields.country ?? null,
      provider: fields.provider ?? 'manual',
      providerId: fields.providerId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: instruments.symbol })
    .returning({ id: instruments.id });
  const existing = (await instrumentsBySymbol(tx, [symbol], true)).get(symbol);
  if (!existing) throw new Error(`instrument ${symbol} vanished`);
  if (inserted.length > 0) return { instrument: existing, created: true };

  if (existing.currency !== fields.currency) {
    const priced = await instrumentsWithCloses(tx, [existing.id]);
    if (priced.has(existing.id)) {
      throw new AppError('INSTRUMENT_CURRENCY_MISMATCH', {
        symbol,
        currency: existing.currency,
      });
    }
  }
  const changes = {
    currency: fields.currency,
    ...(fields.name ? { name: fields.name } : {}),
    ...(fields.kind ? { kind: fields.kind } : {}),
    ...(fields.exchange ? { exchange: fields.exchange } : {}),
    ...(fields.sector ? { sector: fields.sector } : {}),
    ...(fields.country ? { country: fields.country } : {}),
    ...(fields.providerId ? { providerId: fields.providerId } : {}),
  };
  await tx.execute(sql`update instruments set
      currency = ${changes.currency},
      name = ${changes.name ?? existing.name},
      kind = ${changes.kind ?? existing.kind},
      exchange = ${changes.exchange ?? existing.exchange},
      sector = ${changes.sector ?? existing.sector},
      country = ${changes.country ?? existing.country},
      provider_id = ${changes.providerId ?? existing.providerId},
      updated_at = ${now.toISOString()}::timestamptz
    where id = ${existing.id}::uuid`);
  return { instrument: { ...existing, ...changes }, created: false };
}

/**
 * `PUT /market-data/prices/{symbol}`: creates the instrument if missing and writes its closes
 * (new days added, known days replaced), all in one transaction.
 */
export async function putPrices(ctx: ServerContext, symbol: string, body: PutPricesBody) {
  const now = ctx.clock.now();
  const result = await ctx.database.db.transaction(async (tx) => {
    const { instrument, created } = await ensureInstrument(tx, symbol, body, now);
    const rows = await mapInSlices(body.closes, (close) => ({
      instrumentId: instrument.id,
      date: close.date,
      close: close.close,
      volume: close.volume ?? null,
      source: 'manual',
    }));
    await upsertPrices(tx, rows, now);
    return created;
  });
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  for (const close of body.closes) {
    if (firstDate === null || close.date < firstDate) firstDate = close.date;
    if (lastDate === null || close.date > lastDate) lastDate = close.date;
  }
  return { symbol, created: result, closes: body.closes.length, firstDate, lastDate };
}
