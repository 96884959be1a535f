import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  type CashTransaction,
  cashBalance,
  checkCashChange,
  InsufficientCashError,
} from '@/domain/ledger/cash';
import type { TransactionType } from '@/domain/ledger/types';
import type { Decimal } from '@/domain/money/decimal';
import type { DbOrTx } from '../../db/client';
import { portfolios, portfolioSimulations, transactions } from '../../db/schema';
import { AppError } from '../../platform/errors';

/**
 * The cash of simulations (docs/decisions.md, 'Cash (issue 13)'): initial cash plus the signed
 * flows of the simulation's own completed transactions, in the portfolio's base currency
 * (src/domain/ledger/cash.ts decides the signs). Transactions copied from the real portfolio when
 * the simulation was made (created before it) are the starting position, not spending.
 *
 * Sums are taken per simulation and type in SQL (one query for any number of simulations); the
 * flows are linear, so the domain function gives the same figure as over every row.
 */
export async function simulationCashBalances(
  db: DbOrTx,
  simulations: readonly { id: string; initialCash: string }[],
): Promise<Map<string, Decimal>> {
  const result = new Map<string, Decimal>();
  if (!simulations.length) return result;
  const ids = simulations.map((simulation) => simulation.id);
  const rows = await db
    .select({
      simulationId: transactions.simulationId,
      type: transactions.transactionType,
      gross: sql<string>`coalesce(sum(${transactions.quantity} * ${transactions.price} * ${transactions.exchangeRateToBase}), 0)::text`,
      fees: sql<string>`coalesce(sum(${transactions.fees} * ${transactions.exchangeRateToBase}), 0)::text`,
    })
    .from(transactions)
    .innerJoin(portfolioSimulations, eq(portfolioSimulations.id, transactions.simulationId))
    .where(
      and(
        inArray(transactions.simulationId, ids),
        eq(transactions.status, 'completed'),
        gte(transactions.createdAt, portfolioSimulations.createdAt),
      ),
    )
    .groupBy(transactions.simulationId, transactions.transactionType);
  const flows = new Map<string, CashTransaction[]>();
  for (const row of rows) {
    if (!row.simulationId) continue;
    const list = flows.get(row.simulationId) ?? [];
    list.push({
      type: row.type as TransactionType,
      quantity: '1',
      price: row.gross,
      fees: row.fees,
      exchangeRateToBase: '1',
    });
    flows.set(row.simulationId, list);
  }
  for (const simulation of simulations) {
    result.set(simulation.id, cashBalance(simulation.initialCash, flows.get(simulation.id) ?? []));
  }
  return result;
}

/** One simulation's cash, in its portfolio's base currency. */
export async function simulationCash(
  db: DbOrTx,
  simulationId: string,
): Promise<{ balance: Decimal; currency: string }> {
  const [simulation] = await db
    .select({
      id: portfolioSimulations.id,
      initialCash: portfolioSimulations.initialCash,
      currency: portfolios.baseCurrency,
    })
    .from(portfolioSimulations)
    .innerJoin(portfolios, eq(portfolios.id, portfolioSimulations.portfolioId))
    .where(eq(portfolioSimulations.id, simulationId));
  if (!simulation) throw new AppError('SIMULATION_NOT_FOUND');
  const balances = await simulationCashBalances(db, [simulation]);
  return { balance: balances.get(simulationId) as Decimal, currency: simulation.currency };
}

/** Advisory-lock namespace for "this simulation's cash". */
const SIMULATION_CASH_LOCK = 727_274_013;

/**
 * Runs a write inside a simulation and refuses it (400 INSUFFICIENT_CASH, which rolls the
 * caller's transaction back) when it lowers the cash below zero. Outside a simulation (null) the
 * write just runs: real portfolios do not track cash.
 */
export async function withCashCheck<T>(
  tx: DbOrTx,
  simulationId: string | null,
  write: () => Promise<T>,
): Promise<T> {
  if (!simulationId) return write();
  // Two writes into one simulation at once take turns: both cannot spend the same cash.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${SIMULATION_CASH_LOCK}, hashtext(${simulationId}))`,
  );
  const before = await simulationCash(tx, simulationId);
  const result = await write();
  const after = await simulationCash(tx, simulationId);
  try {
    checkCashChange(before.balance, after.balance);
  } catch (error) {
    if (!(error instanceof InsufficientCashError)) throw error;
    const available = error.available.toFixed(2);
    throw new AppError(
      'INSUFFICIENT_CASH',
      { available, currency: before.currency },
      `Not enough cash in this simulation: ${available} ${before.currency} available.`,
    );
  }
  return result;
}
