import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createValuationBodySchema,
  type HoldingValuation,
  hasValueHistory,
} from '@/contracts/holding-valuations';
import { dec, toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { holdings, holdingValuations } from '../../db/schema';
import { AppError } from '../../platform/errors';
import {
  type Actor,
  type HoldingRow,
  publishHoldingsChanged,
  recordLedgerAudit,
  requireHolding,
} from '../ledger';
import { upsertValuationPoint } from './valuation-points';

type CreateInput = z.output<typeof createValuationBodySchema>;
type ValuationRow = typeof holdingValuations.$inferSelect;

/**
 * The value history of holdings without a market (docs/decisions.md, 'Holding valuations (issue
 * 13)'). A point is the holding's whole value on a day (quantity x unit price: real estate and
 * crowdfunding hold one unit), in the holding's currency; one per day (a second one replaces
 * it). The newest point is the holding's current value: adding or deleting points moves the
 * holding's current price with it, and changing the current price adds today's point.
 */

const toValuation = (row: ValuationRow): HoldingValuation => ({
  id: row.id,
  date: row.valuationDate,
  value: dec(row.value).toFixed(2),
});

/** 400 VALUATIONS_NOT_SUPPORTED for market, crypto and savings holdings (after the access check). */
function assertValued(holding: Pick<HoldingRow, 'class'>) {
  if (!hasValueHistory(holding.class)) {
    throw new AppError('VALUATIONS_NOT_SUPPORTED', { class: holding.class });
  }
}

/**
 * Makes the holding's current price the newest point's value (per unit). Leaves it alone when no
 * point is left, or when the holding holds nothing (no unit to price).
 */
async function followNewestPoint(tx: DbOrTx, holding: HoldingRow, now: Date) {
  const [newest] = await tx
    .select()
    .from(holdingValuations)
    .where(eq(holdingValuations.holdingId, holding.id))
    .orderBy(desc(holdingValuations.valuationDate))
    .limit(1);
  const quantity = dec(holding.quantity);
  if (!newest || quantity.isZero()) return;
  const unitPrice = toPlain(dec(newest.value).div(quantity));
  if (dec(unitPrice).eq(holding.currentPrice)) return;
  await tx
    .update(holdings)
    .set({ currentPrice: unitPrice, updatedAt: now })
    .where(eq(holdings.id, holding.id));
}

/** GET: the holding's points, newest first (read permission, in the view `?sim=` names). */
export async function listValuations(
  ctx: ServerContext,
  actor: Actor,
  holdingId: string,
  simulationId: string | undefined,
): Promise<{ valuations: HoldingValuation[]; currency: string }> {
  const db = ctx.database.db;
  const { holding } = await requireHolding(db, actor.userId, holdingId, 'view', {
    log: actor.log,
    inScope: simulationId ?? null,
  });
  assertValued(holding);
  const rows = await db
    .select()
    .from(holdingValuations)
    .where(eq(holdingValuations.holdingId, holding.id))
    .orderBy(desc(holdingValuations.valuationDate));
  return { valuations: rows.map(toValuation), currency: holding.currency };
}

/** POST: the day's value (edit permission); the newest point becomes the current value. */
export async function addValuation(
  ctx: ServerContext,
  actor: Actor,
  holdingId: string,
  simulationId: string | undefined,
  input: CreateInput,
): Promise<HoldingValuation> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const { holding, scope } = await requireHolding(tx, actor.userId, holdingId, 'edit', {
      forUpdate: true,
      log: actor.log,
      inScope: simulationId ?? null,
    });
    assertValued(holding);
    const value = dec(input.value).toFixed(2);
    const row = await upsertValuationPoint(
      tx,
      holding,
      actor.userId,
      { date: input.date, value },
      now,
    );
    await followNewestPoint(tx, holding, now);
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    await recordLedgerAudit(
      tx,
      actor,
      {
        portfolioId: scope.portfolioId,
        action: 'create',
        entityType: 'holding_valuation',
        entityId: row.id,
        newValues: { holdingId: holding.id, date: input.date, value },
      },
      now,
    );
    return toValuation(row);
  });
}

/** DELETE: one point of the holding (edit permission); the newest remaining one is the value. */
export async function deleteValuation(
  ctx: ServerContext,
  actor: Actor,
  holdingId: string,
  valuationId: string,
  simulationId: string | undefined,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const { holding, scope } = await requireHolding(tx, actor.userId, holdingId, 'edit', {
      forUpdate: true,
      log: actor.log,
      inScope: simulationId ?? null,
    });
    assertValued(holding);
    const [deleted] = await tx
      .delete(holdingValuations)
      .where(
        and(eq(holdingValuations.id, valuationId), eq(holdingValuations.holdingId, holding.id)),
      )
      .returning({ id: holdingValuations.id });
    if (!deleted) throw new AppError('VALUATION_NOT_FOUND');
    await followNewestPoint(tx, holding, now);
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    await recordLedgerAudit(
      tx,
      actor,
      {
        portfolioId: scope.portfolioId,
        action: 'delete',
        entityType: 'holding_valuation',
        entityId: deleted.id,
        newValues: null,
      },
      now,
    );
  });
}
