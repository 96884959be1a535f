import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  type CostBasisMethod,
  type HoldingLedger,
  type LedgerTransaction,
  LedgerError,
  replayHolding,
  type TransactionType,
} from '@/domain/ledger';
import { dec, FinancialMathError, toPlain } from '@/domain/money/decimal';
import type { DbOrTx } from '../../db/client';
import {
  holdings,
  lotAllocations,
  taxCalculations,
  transactionLots,
  transactions,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { TransactionRow } from './holdings.dto';
import type { HoldingRow } from './scope';

/** Rows per insert: far below PostgreSQL's 65,535 bind parameters at 16 columns a row. */
const INSERT_BATCH = 1000;

async function insertAll<T extends Record<string, unknown>>(
  tx: DbOrTx,
  table: typeof transactionLots | typeof lotAllocations | typeof taxCalculations,
  rows: T[],
) {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await tx.insert(table).values(rows.slice(start, start + INSERT_BATCH) as never);
  }
}

/** What the ledger needs of a stored transaction. */
export function toLedgerTransaction(row: TransactionRow): LedgerTransaction {
  return {
    id: row.id,
    type: row.transactionType as TransactionType,
    quantity: row.quantity,
    price: row.price,
    fees: row.fees,
    exchangeRateToBase: row.exchangeRateToBase,
    tradeDate: row.tradeDate,
    costBasisMethod: (row.costBasisMethod as CostBasisMethod | null) ?? null,
    selectedLots: row.selectedLots ?? null,
  };
}

/** A rule of the ledger as the API answers it. */
export const ledgerAppError = (error: LedgerError) =>
  new AppError(error.code, error.details, error.message);

/** A rule of the ledger or of the financial maths, as the API answers it. */
export function ledgerFailure(error: unknown): never {
  if (error instanceof LedgerError) throw ledgerAppError(error);
  if (error instanceof FinancialMathError) {
    throw new AppError(
      error.code === 'DIVISION_BY_ZERO' ? 'DIVISION_BY_ZERO' : 'EXCHANGE_RATE_INVALID',
      null,
      error.message,
    );
  }
  throw error;
}

/** A holding's transactions in ledger order: trade date, then the order they were recorded. */
export async function ledgerRows(tx: DbOrTx, holdingId: string): Promise<TransactionRow[]> {
  return tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.holdingId, holdingId), ne(transactions.status, 'cancelled')))
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id));
}

/** Replays rows; a broken rule becomes the API's error. */
export function replayRows(rows: readonly TransactionRow[]): HoldingLedger {
  try {
    return replayHolding(rows.map(toLedgerTransaction));
  } catch (error) {
    return ledgerFailure(error);
  }
}

/**
 * Replays a holding's whole ledger and writes what follows from it, in the caller's
 * transaction: its lots, what each sale took from them, each sale's tax rows, and the holding's
 * quantity and average cost. Any broken rule (a sale above what is held at its date...) throws
 * before anything is written, and the caller's transaction rolls back whatever it did first.
 *
 * Replaying instead of patching is what makes back-dated, edited, cancelled and deleted
 * transactions give the same lots as if the history had always been so.
 */
export async function rebuildHolding(
  tx: DbOrTx,
  holding: HoldingRow,
  now: Date,
): Promise<{ ledger: HoldingLedger; rows: TransactionRow[] }> {
  const rows = await ledgerRows(tx, holding.id);
  const ledger = replayRows(rows);
  const scope = {
    userId: holding.userId,
    portfolioId: holding.portfolioId,
    simulationId: holding.simulationId,
    holdingId: holding.id,
  };

  await tx.delete(transactionLots).where(eq(transactionLots.holdingId, holding.id));
  // By a subquery, not a list of ids: a long history would pass the bind-parameter limit.
  await tx
    .delete(taxCalculations)
    .where(
      inArray(
        taxCalculations.transactionId,
        tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(eq(transactions.holdingId, holding.id)),
      ),
    );
  if (ledger.lots.length) {
    await insertAll(
      tx,
      transactionLots,
      ledger.lots.map((lot) => ({
        ...scope,
        id: lot.id,
        lotNumber: lot.lotNumber,
        acquisitionDate: lot.acquisitionDate,
        acquisitionPrice: toPlain(lot.acquisitionPrice),
        exchangeRateToBase: toPlain(lot.exchangeRateToBase),
        originalQuantity: toPlain(lot.originalQuantity),
        remainingQuantity: toPlain(lot.remainingQuantity),
        // The method of the last sale that took from the lot; null while none has.
        costBasisMethod: lot.costBasisMethod,
        feesAllocated: toPlain(lot.feesAllocated),
        feesRemaining: toPlain(lot.feesRemaining),
        pooledUnitCost: lot.pooledUnitCost ? toPlain(lot.pooledUnitCost) : null,
        status: lot.status,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  const allocations = ledger.sales.flatMap((sale) =>
    sale.allocations.map((allocation) => ({
      sellTransactionId: sale.transactionId,
      lotId: allocation.lotId,
      quantity: toPlain(allocation.quantity),
      costBasis: toPlain(allocation.costBasis),
      fees: toPlain(allocation.fees),
    })),
  );
  // A specific-lot sale may name one lot twice: one row per (sale, lot), quantities summed.
  const merged = new Map<string, (typeof allocations)[number]>();
  for (const allocation of allocations) {
    const key = `${allocation.sellTransactionId}:${allocation.lotId}`;
    const seen = merged.get(key);
    merged.set(
      key,
      seen
        ? {
            ...seen,
            quantity: toPlain(dec(seen.quantity).plus(allocation.quantity)),
            costBasis: toPlain(dec(seen.costBasis).plus(allocation.costBasis)),
            fees: toPlain(dec(seen.fees).plus(allocation.fees)),
          }
        : allocation,
    );
  }
  if (merged.size) await insertAll(tx, lotAllocations, [...merged.values()]);
  // Stored as answered: the lines of the formatted estimate (to the cent, adding up).
  const taxRows = ledger.sales.flatMap((sale) => {
    const estimate = sale.tax;
    return estimate.lots.map((line) => ({
      transactionId: sale.transactionId,
      lotId: line.lotId,
      userId: holding.userId,
      portfolioId: holding.portfolioId,
      simulationId: holding.simulationId,
      quantity: line.quantity,
      proceeds: line.proceeds,
      costBasis: line.costBasis,
      gainLoss: line.gainLoss,
      holdingPeriodDays: line.holdingPeriodDays,
      isLongTerm: line.isLongTerm,
      taxRate: line.taxRate,
      taxAmount: line.taxAmount,
      taxJurisdiction: estimate.jurisdiction,
      taxYear: estimate.taxYear,
      createdAt: now,
    }));
  });
  if (taxRows.length) await insertAll(tx, taxCalculations, taxRows);

  // A savings account's balance moves with its own deposits and withdrawals (savings service).
  if (holding.class !== 'savings') {
    const quantity = ledger.quantity;
    await tx
      .update(holdings)
      .set({
        quantity: toPlain(quantity),
        // The average cost of what is held, fees included; kept as it was once all is sold.
        ...(quantity.isZero()
          ? {}
          : { purchasePrice: toPlain(ledger.remainingCost.div(quantity).toDecimalPlaces(12)) }),
        updatedAt: now,
      })
      .where(eq(holdings.id, holding.id));
  }
  return { ledger, rows };
}
