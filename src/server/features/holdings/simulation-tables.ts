import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { holdings, holdingValuations, savingsInterestRates, transactions } from '../../db/schema';
import {
  registerSimulationScopedTable,
  type SimulationCopy,
} from '../../platform/simulation-scope';
import { rebuildHolding } from '../../platform/ledger-store';

/**
 * Copies the portfolio's real holdings into a new simulation, with their transactions, interest
 * rates and value history (holding_valuations), then replays each copy's ledger (lots and tax rows get the copies' ids).
 */
async function copyHoldingsIntoSimulation(tx: DbOrTx, input: SimulationCopy): Promise<number> {
  const real = await tx
    .select()
    .from(holdings)
    .where(
      and(
        eq(holdings.portfolioId, input.portfolioId),
        isNull(holdings.simulationId),
        eq(holdings.isActive, true),
      ),
    )
    .orderBy(asc(holdings.createdAt), asc(holdings.id));
  if (!real.length) return 0;
  const idOf = new Map(real.map((row) => [row.id, randomUUID()]));
  const copies = real.map((row) => ({
    ...row,
    id: idOf.get(row.id) ?? randomUUID(),
    simulationId: input.simulationId,
    createdAt: input.now,
    updatedAt: input.now,
  }));
  await tx.insert(holdings).values(copies);

  const history = await tx
    .select()
    .from(transactions)
    .where(inArray(transactions.holdingId, [...idOf.keys()]))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
  const transactionIdOf = new Map(history.map((row) => [row.id, randomUUID()]));
  if (history.length) {
    await tx.insert(transactions).values(
      history.map((row) => ({
        ...row,
        id: transactionIdOf.get(row.id) ?? randomUUID(),
        holdingId: idOf.get(row.holdingId) ?? row.holdingId,
        simulationId: input.simulationId,
        // A specific-lot sale names lots by their buys' ids: the copies' ids now.
        selectedLots:
          row.selectedLots?.map((selection) => ({
            ...selection,
            lotId: transactionIdOf.get(selection.lotId) ?? selection.lotId,
          })) ?? null,
      })),
    );
  }
  const rates = await tx
    .select()
    .from(savingsInterestRates)
    .where(inArray(savingsInterestRates.holdingId, [...idOf.keys()]));
  if (rates.length) {
    await tx.insert(savingsInterestRates).values(
      rates.map((rate) => ({
        ...rate,
        id: randomUUID(),
        holdingId: idOf.get(rate.holdingId) ?? rate.holdingId,
      })),
    );
  }
  // The value history of holdings without a market goes with them.
  const points = await tx
    .select()
    .from(holdingValuations)
    .where(inArray(holdingValuations.holdingId, [...idOf.keys()]));
  if (points.length) {
    await tx.insert(holdingValuations).values(
      points.map((point) => ({
        ...point,
        id: randomUUID(),
        holdingId: idOf.get(point.holdingId) ?? point.holdingId,
        simulationId: input.simulationId,
      })),
    );
  }
  for (const copy of copies) await rebuildHolding(tx, copy, input.now, { compute: input.compute });
  return copies.length;
}

let registered = false;

/** Holdings, transactions and valuations live inside simulations (platform/simulation-scope). */
export function registerHoldingTables() {
  if (registered) return;
  registered = true;
  registerSimulationScopedTable({
    table: 'holdings',
    kind: 'asset',
    valueSql: 'case when is_active then quantity * current_price else 0 end',
    // A removed (soft-deleted) holding is neither counted nor valued.
    countsSql: 'is_active',
    currencySql: 'currency',
    copyIntoSimulation: copyHoldingsIntoSimulation,
  });
  registerSimulationScopedTable({ table: 'transactions', kind: 'transaction' });
  // Copied with the holdings above (the copies' ids); counted neither as assets nor transactions.
  registerSimulationScopedTable({ table: 'holding_valuations', kind: 'history' });
}
