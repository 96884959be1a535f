import type { DbOrTx } from '../db/client';
import {
  holdingValuations,
  holdings,
  lotAllocations,
  taxCalculations,
  transactionAuditTrail,
  transactionLots,
  transactions,
} from '../db/schema';

/**
 * A holding with a buy, its lot, a sale that used it, the sale's tax row and an audit row:
 * one row in every ledger table, written straight to the database.
 */
export async function insertLedgerRows(
  db: DbOrTx,
  scope: { portfolioId: string; userId: string; simulationId?: string | null },
) {
  const base = {
    userId: scope.userId,
    portfolioId: scope.portfolioId,
    simulationId: scope.simulationId ?? null,
  };
  const [holding] = await db
    .insert(holdings)
    .values({
      ...base,
      class: 'market',
      name: 'Fixture Corp',
      symbol: 'FIX',
      quantity: '6',
      purchasePrice: '100',
      currentPrice: '120',
      purchaseDate: '2024-01-02',
      currency: 'EUR',
    })
    .returning();
  if (!holding) throw new Error('insert failed');
  const ledger = {
    ...base,
    holdingId: holding.id,
    assetType: 'market_investment',
    currency: 'EUR',
  };
  const [bought, sold] = await db
    .insert(transactions)
    .values([
      {
        ...ledger,
        transactionType: 'buy',
        quantity: '10',
        price: '100',
        tradeDate: '2024-01-02',
        settlementDate: '2024-01-04',
      },
      {
        ...ledger,
        transactionType: 'sell',
        quantity: '4',
        price: '120',
        tradeDate: '2024-03-01',
        settlementDate: '2024-03-03',
        costBasisMethod: 'fifo',
      },
    ])
    .returning();
  if (!bought || !sold) throw new Error('insert failed');
  await db.insert(transactionLots).values({
    ...base,
    id: bought.id,
    holdingId: holding.id,
    lotNumber: 1,
    acquisitionDate: '2024-01-02',
    acquisitionPrice: '100',
    originalQuantity: '10',
    remainingQuantity: '6',
  });
  await db
    .insert(lotAllocations)
    .values({ sellTransactionId: sold.id, lotId: bought.id, quantity: '4', costBasis: '400' });
  await db.insert(taxCalculations).values({
    ...base,
    transactionId: sold.id,
    lotId: bought.id,
    quantity: '4',
    proceeds: '480',
    costBasis: '400',
    gainLoss: '80',
    holdingPeriodDays: 59,
    isLongTerm: false,
    taxRate: '0.3',
    taxAmount: '24.00',
    taxYear: 2024,
  });
  // A value history point (tables with a portfolio_id must all be covered by these fixtures).
  await db.insert(holdingValuations).values({
    ...base,
    holdingId: holding.id,
    valuationDate: '2024-02-01',
    value: '700',
  });
  await db.insert(transactionAuditTrail).values({
    userId: scope.userId,
    portfolioId: scope.portfolioId,
    actionType: 'create',
    entityType: 'transaction',
    entityId: sold.id,
    newValues: { quantity: '4' },
  });
  return { holding, bought, sold };
}
