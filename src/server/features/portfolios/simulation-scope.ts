import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ServerContext } from '../../context';

/**
 * The registry of tables whose rows live inside a simulation (holdings and transactions: each has
 * `portfolio_id` and `simulation_id`; a row with a null `simulation_id` is the real portfolio).
 * Simulations use it to copy the real holdings into a new simulation (`copyHoldings`), to count
 * and value a simulation's content (stats), and to delete a simulation's rows with it.
 *
 * The holdings feature registers `holdings` (with their transactions, lots, rates and value points
 * copied together), `transactions` and `holding_valuations` (features/holdings/simulation-tables.ts).
 */
export type SimulationScopedTable = {
  /** The SQL table name (unique in the registry); it must have portfolio_id and simulation_id. */
  table: string;
  /**
   * Assets count in totalAssets and totalValue; transactions in totalTransactions; history (a
   * holding's value points) in neither.
   */
  kind: 'asset' | 'transaction' | 'history';
  /** For assets: one row's value as an SQL expression over its columns ("quantity * current_price"). */
  valueSql?: string;
  /** For assets: which rows count, as an SQL condition ("is_active"); every row without it. */
  countsSql?: string;
  /**
   * For assets: the column naming the currency `valueSql` is in (values are added per currency).
   * Without it, values are taken to be in the portfolio's base currency.
   */
  currencySql?: string;
  /**
   * Copies the portfolio's real rows (simulation_id null) into the simulation, in the caller's
   * transaction; returns how many rows were copied. A table without it is not copied.
   */
  copyIntoSimulation?: (tx: DbOrTx, input: SimulationCopy) => Promise<number>;
};

/** What a copy into a new simulation is given. */
export type SimulationCopy = {
  portfolioId: string;
  simulationId: string;
  userId: string;
  now: Date;
  /** Compute workers, for the copies' long ledger replays (`rebuildHolding`). */
  compute?: ServerContext['compute'];
};

const registry = new Map<string, SimulationScopedTable>();
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Adds (or replaces) a table; returns a function that removes it again (tests). */
export function registerSimulationScopedTable(entry: SimulationScopedTable): () => void {
  if (!IDENTIFIER.test(entry.table)) throw new Error(`invalid table name: ${entry.table}`);
  registry.set(entry.table, entry);
  return () => {
    if (registry.get(entry.table) === entry) registry.delete(entry.table);
  };
}

export function simulationScopedTables(): SimulationScopedTable[] {
  return [...registry.values()];
}

const table = (entry: SimulationScopedTable) => sql.identifier(entry.table);

/** Copies every registered table's real rows into a new simulation. Returns rows copied per table. */
export async function copyRealHoldings(
  tx: DbOrTx,
  input: SimulationCopy,
): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  for (const entry of simulationScopedTables()) {
    if (entry.copyIntoSimulation) copied[entry.table] = await entry.copyIntoSimulation(tx, input);
  }
  return copied;
}

/** Deletes a simulation's rows from every registered table (before the simulation itself). */
export async function deleteSimulationRows(tx: DbOrTx, simulationId: string): Promise<void> {
  for (const entry of simulationScopedTables()) {
    await tx.execute(sql`delete from ${table(entry)} where simulation_id = ${simulationId}`);
  }
}

function firstRow<T>(result: unknown): T | undefined {
  const rows = Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows;
  return rows?.[0] as T | undefined;
}

/** totalAssets, totalTransactions and totalValue (a decimal string) of one simulation. */
export async function simulationTotals(
  db: DbOrTx,
  simulationId: string,
): Promise<{ totalAssets: number; totalTransactions: number; totalValue: string }> {
  let totalAssets = 0;
  let totalTransactions = 0;
  const values: SQL[] = [];
  for (const entry of simulationScopedTables()) {
    const value = entry.kind === 'asset' && entry.valueSql ? sql.raw(entry.valueSql) : sql`0`;
    const counts = entry.kind === 'asset' && entry.countsSql ? sql.raw(entry.countsSql) : sql`true`;
    const row = firstRow<{ n: string | number; v: string | number | null }>(
      await db.execute(
        sql`select count(*) filter (where ${counts}) as n, coalesce(sum(${value}), 0)::numeric as v from ${table(entry)} where simulation_id = ${simulationId}`,
      ),
    );
    const n = Number(row?.n ?? 0);
    if (entry.kind === 'asset') {
      totalAssets += n;
      values.push(sql`${String(row?.v ?? 0)}::numeric`);
    } else if (entry.kind === 'transaction') {
      totalTransactions += n;
    }
  }
  let totalValue = '0';
  if (values.length) {
    const row = firstRow<{ total: string }>(
      await db.execute(sql`select (${sql.join(values, sql` + `)})::text as total`),
    );
    totalValue = normalizeDecimal(row?.total ?? '0');
  }
  return { totalAssets, totalTransactions, totalValue };
}

/**
 * The value of a simulation's assets per currency (each in its own currency): what the caller
 * converts, never adds one for one. `currency` is null for tables without a currency column (their
 * values are in the portfolio's base currency).
 */
export async function simulationValuesByCurrency(
  db: DbOrTx,
  simulationId: string,
): Promise<{ currency: string | null; value: string }[]> {
  const values: { currency: string | null; value: string }[] = [];
  for (const entry of simulationScopedTables()) {
    if (entry.kind !== 'asset' || !entry.valueSql) continue;
    if (entry.currencySql && !IDENTIFIER.test(entry.currencySql)) {
      throw new Error('invalid currency column');
    }
    const currency = entry.currencySql ? sql.identifier(entry.currencySql) : sql`null::text`;
    const result = await db.execute(
      sql`select ${currency} as currency, coalesce(sum(${sql.raw(entry.valueSql)}), 0)::text as value from ${table(entry)} where simulation_id = ${simulationId} group by 1`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows) as
      { currency: string; value: string }[] | undefined;
    for (const row of rows ?? []) values.push({ currency: row.currency, value: row.value });
  }
  return values;
}

/** "1500.5000" -> "1500.5", "0.00" -> "0": the same number, without trailing zeros. */
function normalizeDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}
