import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { holdings, holdingValuations, savingsInterestRates, transactions } from '../../db/schema';
import { registerSimulationScopedTable, type SimulationCopy } from '../portfolios';
import { rebuildHolding } from '../ledger';

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
  await bulkInsert(tx, holdings, copies);

  // The transactions in one statement, in SQL: their recording times stay exact to the
  // microsecond (the ledger orders a day's rows by them; a JavaScript date keeps milliseconds),
  // and a history of any length is copied (one row per value list would pass the bind-parameter
  // limit past about 3,000 transactions).
  const history = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(inArray(transactions.holdingId, [...idOf.keys()]));
  if (history.length) {
    const oldIds = history.map((row) => row.id);
    const newIds = oldIds.map(() => randomUUID());
    const columns = Object.values(getTableColumns(transactions)).map((column) => column.name);
    const values = columns.map((name) => {
      if (name === 'id') return sql`copy.new_id`;
      if (name === 'holding_id') return sql`held.new_id`;
      if (name === 'simulation_id') return sql`${input.simulationId}::uuid`;
      // A specific-lot sale names lots by their buys' ids: the copies' ids now.
      if (name === 'selected_lots') {
        return sql`case when t.selected_lots is null then null else (
          select jsonb_agg(
            case when named.new_id is null then lot.value
              else jsonb_set(lot.value, '{lotId}', to_jsonb(named.new_id::text)) end
            order by lot.position)
          from jsonb_array_elements(t.selected_lots) with ordinality as lot(value, position)
          left join copy as named on named.old_id::text = lot.value->>'lotId'
        ) end`;
      }
      return sql`t.${sql.identifier(name)}`;
    });
    await tx.execute(sql`with copy as (
        select * from unnest(${sql.param(oldIds)}::uuid[], ${sql.param(newIds)}::uuid[])
          as ids(old_id, new_id)
      )
      insert into ${transactions} (${sql.join(
        columns.map((name) => sql.identifier(name)),
        sql`, `,
      )})
      select ${sql.join(values, sql`, `)}
      from ${transactions} as t
      join copy on copy.old_id = t.id
      join unnest(${sql.param([...idOf.keys()])}::uuid[], ${sql.param([...idOf.values()])}::uuid[])
        as held(old_id, new_id) on held.old_id = t.holding_id`);
  }
  const rates = await tx
    .select()
    .from(savingsInterestRates)
    .where(inArray(savingsInterestRates.holdingId, [...idOf.keys()]));
  if (rates.length) {
    await bulkInsert(
      tx,
      savingsInterestRates,
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
    await bulkInsert(
      tx,
      holdingValuations,
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

/** Holdings, transactions and valuations live inside simulations (features/portfolios/simulation-scope). */
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
