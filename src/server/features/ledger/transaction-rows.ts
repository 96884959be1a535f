import type { HoldingClass } from '@/contracts/holdings';
import type { CreateTransactionInput } from '@/contracts/transactions';
import { ASSET_TYPES, type AssetType, LedgerError, TRANSACTION_TYPES } from '@/domain/ledger';
import { FinancialMathError } from '@/domain/money/decimal';
import type { transactions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Actor } from './actor';
import type { HoldingRow, Scope } from './holding-scope';

/**
 * The row a new transaction becomes and the rules of a trade that need no database: pure, so the
 * CSV import checks its rows with them on a compute worker (features/import-export/import-rows.ts)
 * as the transactions service (features/ledger) does one at a time, and a new holding's opening
 * buy (holding-insert.ts) takes its asset type and settlement date from them. Offered in the
 * ledger's index.ts because the holdings and import-export features need them too.
 */

/** The spec's asset type of each class (transactions carry it). */
export const ASSET_TYPE_OF: Record<HoldingClass, AssetType> = {
  market: 'market_investment',
  crypto: 'crypto_investment',
  real_estate: 'real_estate_investment',
  crowdfunding: 'crowdfunding_investment',
  savings: 'savings_account',
  generic: 'generic_asset',
};
export const isAssetType = (value: string): value is AssetType =>
  (ASSET_TYPES as readonly string[]).includes(value);

/**
 * Days from the trade date to settlement per class (spec 002, section 9). Crowdfunding is not
 * listed: it settles the same day, like real estate (docs/decisions.md).
 */
const SETTLEMENT_DAYS: Record<HoldingClass, number> = {
  market: 2,
  crypto: 1,
  generic: 1,
  real_estate: 0,
  crowdfunding: 0,
  savings: 0,
};

export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** The settlement date of a trade in a holding of this class, unless one is given. */
export function settlementDateFor(
  holding: Pick<HoldingRow, 'class' | 'purchaseDate'>,
  trade: string,
) {
  // A savings account settles on its opening date (spec 002, section 9), never before the trade
  // date (section 5; the database checks it too): a movement recorded later settles that day.
  if (holding.class === 'savings')
    return trade > holding.purchaseDate ? trade : holding.purchaseDate;
  return addDays(trade, SETTLEMENT_DAYS[holding.class as HoldingClass] ?? 0);
}

const TYPES = new Set<string>(TRANSACTION_TYPES);

/** Types that buy, sell or move units: a savings account's balance moves by its own movements. */
const TRADES = new Set<string>(['buy', 'sell', 'transfer']);

/**
 * A savings account is not bought, sold or transferred through the ledger (its balance moves by
 * deposits, withdrawals and interest: the savings service); only the opening buy the holdings
 * service writes with the account is.
 */
export function assertTradable(holding: Pick<HoldingRow, 'class'>, type: string) {
  if (holding.class === 'savings' && TRADES.has(type)) {
    throw new AppError('SAVINGS_TRADE_REFUSED', { type });
  }
}

export function checkType(type: string) {
  if (!TYPES.has(type)) {
    throw new AppError(
      'UNSUPPORTED_TRANSACTION_TYPE',
      { type },
      `Unsupported transaction type: ${type}`,
    );
  }
}

/** The row a new transaction becomes (defaults of spec 002, section 9). */
export function newRow(
  actor: Pick<Actor, 'userId'>,
  scope: Pick<Scope, 'portfolioId' | 'simulationId'>,
  holding: Pick<HoldingRow, 'id' | 'class' | 'currency' | 'purchaseDate'>,
  input: CreateTransactionInput,
  now: Date,
): typeof transactions.$inferInsert {
  const sell = input.transactionType === 'sell';
  return {
    userId: actor.userId,
    portfolioId: scope.portfolioId,
    simulationId: scope.simulationId,
    holdingId: holding.id,
    assetType: ASSET_TYPE_OF[holding.class as keyof typeof ASSET_TYPE_OF],
    transactionType: input.transactionType,
    quantity: input.quantity,
    price: input.price,
    fees: input.fees ?? '0',
    // The holding's own currency unless another is named (never a relabelling as EUR).
    currency: input.currency ?? holding.currency,
    exchangeRateToBase: input.exchangeRateToBase ?? '1',
    tradeDate: input.tradeDate,
    settlementDate: input.settlementDate ?? settlementDateFor(holding, input.tradeDate),
    broker: input.broker,
    accountId: input.accountId,
    notes: input.notes,
    status: input.status ?? 'completed',
    // The sell flow uses FIFO unless told otherwise (spec 002, section 9).
    costBasisMethod: sell ? (input.costBasisMethod ?? 'fifo') : null,
    selectedLots:
      sell && input.costBasisMethod === 'specific_id' ? (input.selectedLots ?? null) : null,
    createdAt: now,
    updatedAt: now,
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
