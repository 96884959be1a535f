import { hasValueHistory } from '@/contracts/holding-valuations';
import { dec } from '@/domain/money/decimal';
import type { DbOrTx } from '../../db/client';
import { holdingValuations } from '../../db/schema';
import { type HoldingRow } from '../ledger';

/**
 * The value points of holdings without a market (docs/decisions.md, 'Holding valuations (issue
 * 13)') that follow a holding's own changes: the first points of a new holding (`seedValuations`),
 * today's point when its current price changes (`recordCurrentValue`), and the day's point
 * inserted or replaced (`upsertValuationPoint`). Offered in the holdings' index.ts because a
 * holding is created by the holdings feature and by the CSV import (features/import-export); the
 * value history's own routes are in valuations.service.ts.
 */

type ValuationRow = typeof holdingValuations.$inferSelect;

/** The UTC calendar day of `now`. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The holding's whole value at a unit price. */
const wholeValue = (holding: Pick<HoldingRow, 'quantity'>, unitPrice: string) =>
  dec(holding.quantity).mul(unitPrice).toFixed(2);

/** Inserts or replaces the day's point of a holding (in the caller's transaction). */
export async function upsertValuationPoint(
  tx: DbOrTx,
  holding: Pick<HoldingRow, 'id' | 'portfolioId' | 'simulationId'>,
  userId: string,
  point: { date: string; value: string },
  now: Date,
): Promise<ValuationRow> {
  const [row] = await tx
    .insert(holdingValuations)
    .values({
      holdingId: holding.id,
      portfolioId: holding.portfolioId,
      simulationId: holding.simulationId,
      userId,
      valuationDate: point.date,
      value: point.value,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [holdingValuations.holdingId, holdingValuations.valuationDate],
      set: { value: point.value, userId, createdAt: now },
    })
    .returning();
  if (!row) throw new Error('valuation upsert returned nothing');
  return row;
}

/**
 * The first points of a new holding of a valued class: its purchase value (quantity x purchase
 * price) on its purchase date, and its current value on the day it was true (`valueDate`, today
 * unless given) when it differs. A value dated on the purchase day itself is that day's value (it
 * replaces the purchase value's point: the cost stays the purchase's). Other classes get none.
 */
export async function seedValuations(
  tx: DbOrTx,
  userId: string,
  holding: HoldingRow,
  now: Date,
  valueDate?: string | null,
) {
  if (!hasValueHistory(holding.class)) return;
  const day = valueDate ?? dayOf(now);
  const purchase = wholeValue(holding, holding.purchasePrice);
  await upsertValuationPoint(
    tx,
    holding,
    userId,
    { date: holding.purchaseDate, value: purchase },
    now,
  );
  const current = wholeValue(holding, holding.currentPrice);
  if (holding.purchaseDate <= day && !dec(current).eq(purchase)) {
    await upsertValuationPoint(tx, holding, userId, { date: day, value: current }, now);
  }
}

/** A changed current price of a valued holding: today's point follows it. */
export async function recordCurrentValue(
  tx: DbOrTx,
  userId: string,
  holding: HoldingRow,
  currentPrice: string,
  now: Date,
) {
  if (!hasValueHistory(holding.class) || dec(holding.quantity).isZero()) return;
  await upsertValuationPoint(
    tx,
    holding,
    userId,
    { date: dayOf(now), value: wholeValue(holding, currentPrice) },
    now,
  );
}
