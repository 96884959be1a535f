import type { ZodError } from 'zod';
import type { Holding, HoldingClass } from '@/contracts/holdings';
import type { Currency } from '@/contracts/settings';
import type { Transaction, TransactionStatus } from '@/contracts/transactions';
import type { CostBasisMethod, TaxEstimate, TransactionType } from '@/domain/ledger';
import { toMajorUnit } from '@/domain/market-data/fx';
import { dec, toPlain } from '@/domain/money/decimal';
import type { transactions } from '../../db/schema';
import { AppError, joinIssues } from '../../platform/errors';
import { type LastCloses } from '../market-data';
import type { HoldingRow } from './holding-scope';

/**
 * Holdings and transactions as the API answers them (`toHolding`, `toTransaction`), numeric
 * columns as the API writes them (`plain`), the stored transaction row's type, and a zod failure
 * met inside a service answered as a request-schema failure. Offered in the ledger's index.ts
 * because the holdings, savings and import-export features and the ledger store all write these
 * answers.
 */

const MARKET_CLASSES = new Set(['market', 'crypto']);

export type TransactionRow = typeof transactions.$inferSelect;

/** A numeric column as the API writes it: "1500.5", "3", never "1500.5000" or "1e+3". */
export const plain = (value: string) => toPlain(value);

/**
 * A holding as answered. A market or crypto holding whose symbol has stored closes in its own
 * currency is counted at its last close (`market`), with the day's change; otherwise at the price
 * typed on it (`manual`), dated by its last change. Closes in another currency are never
 * relabelled: the typed price stands (the valuation converts them).
 */
export function toHolding(row: HoldingRow, closes?: LastCloses): Holding {
  const quantity = dec(row.quantity);
  const costBasis = quantity.mul(row.purchasePrice);
  let lastPrice = dec(row.currentPrice);
  let priceSource: Holding['priceSource'] = 'manual';
  let priceDate = row.updatedAt.toISOString().slice(0, 10);
  let dayChange: string | null = null;
  if (closes && MARKET_CLASSES.has(row.class)) {
    const last = toMajorUnit(closes.close, closes.currency);
    if (last.currency === row.currency) {
      lastPrice = last.price;
      priceSource = 'market';
      priceDate = closes.date;
      if (closes.previousClose !== null) {
        const previous = toMajorUnit(closes.previousClose, closes.currency).price;
        dayChange = quantity.mul(last.price.minus(previous)).toFixed(2);
      }
    }
  }
  const marketValue = quantity.mul(lastPrice);
  const gainLoss = marketValue.minus(costBasis);
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    simulationId: row.simulationId,
    class: row.class as HoldingClass,
    name: row.name,
    symbol: row.symbol,
    quantity: plain(row.quantity),
    purchasePrice: plain(row.purchasePrice),
    currentPrice: plain(row.currentPrice),
    purchaseDate: row.purchaseDate,
    currency: row.currency as Currency,
    status: row.status,
    isActive: row.isActive,
    costBasis: costBasis.toFixed(2),
    lastPrice: toPlain(lastPrice),
    priceSource,
    priceDate,
    marketValue: marketValue.toFixed(2),
    dayChange,
    gainLoss: gainLoss.toFixed(2),
    gainLossPercent: costBasis.isZero() ? null : gainLoss.div(costBasis).mul(100).toFixed(2),
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A transaction as answered. A sell carries its tax estimate (`tax`, with its lines) in the
 * answers about it, and its total (`taxTotal`) everywhere, the list included.
 */
export function toTransaction(
  row: TransactionRow,
  asset: { name: string; symbol: string | null },
  tax: TaxEstimate | null = null,
  taxTotal: TaxEstimate['total'] | null = tax?.total ?? null,
): Transaction {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    simulationId: row.simulationId,
    assetId: row.holdingId,
    assetType: row.assetType,
    assetName: asset.name,
    assetSymbol: asset.symbol,
    transactionType: row.transactionType as TransactionType,
    quantity: plain(row.quantity),
    price: plain(row.price),
    fees: plain(row.fees),
    amount: dec(row.quantity).mul(row.price).toFixed(2),
    currency: row.currency as Currency,
    exchangeRateToBase: plain(row.exchangeRateToBase),
    tradeDate: row.tradeDate,
    settlementDate: row.settlementDate,
    broker: row.broker,
    accountId: row.accountId,
    notes: row.notes,
    status: row.status as TransactionStatus,
    costBasisMethod: (row.costBasisMethod as CostBasisMethod | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tax,
    taxTotal,
  };
}

/** A zod failure met inside a service, answered like a request-schema failure. */
export function validationError(error: ZodError, prefix = 'body'): AppError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || prefix,
    message: issue.message,
  }));
  return new AppError('VALIDATION_ERROR', { issues }, joinIssues(issues));
}
