import type { Decimal } from '../money/decimal';

export const TRANSACTION_TYPES = [
  'buy',
  'sell',
  'transfer',
  'dividend',
  'interest',
  'fee',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const COST_BASIS_METHODS = ['fifo', 'lifo', 'average_cost', 'specific_id'] as const;
export type CostBasisMethod = (typeof COST_BASIS_METHODS)[number];

/** The spec's asset types (transactions name the class of the holding they belong to). */
export const ASSET_TYPES = [
  'market_investment',
  'crypto_investment',
  'real_estate_investment',
  'crowdfunding_investment',
  'savings_account',
  'generic_asset',
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const LOT_STATUSES = ['active', 'depleted'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

/**
 * Selected lots of a specific-lot sale must add up to the quantity sold within this (spec 002,
 * sections 5 and 9). It is the only tolerance of the ledger: depletion, balances and each lot's
 * quantity are exact.
 */
export const LOT_TOLERANCE = '0.00001';

/** A lot chosen for a specific-lot sale. */
export type LotSelection = { lotId: string; quantity: string };

/** What the ledger needs of a transaction (amounts as decimal strings). */
export type LedgerTransaction = {
  id: string;
  type: TransactionType;
  quantity: string;
  price: string;
  fees: string;
  exchangeRateToBase: string;
  /** YYYY-MM-DD. */
  tradeDate: string;
  /** Sells only. */
  costBasisMethod?: CostBasisMethod | null;
  /** Specific-lot sells only. */
  selectedLots?: readonly LotSelection[] | null;
};

/** A lot: opened by a buy (its id is the buy's id), consumed by sells. */
export type Lot = {
  id: string;
  lotNumber: number;
  acquisitionDate: string;
  /** Per unit, in the buy's currency. */
  acquisitionPrice: Decimal;
  exchangeRateToBase: Decimal;
  originalQuantity: Decimal;
  remainingQuantity: Decimal;
  /** The buy's fees, spread over the lot's units as they are sold. */
  feesAllocated: Decimal;
  /** The part of those fees no sale has taken yet (the last unit sold takes what is left). */
  feesRemaining: Decimal;
  /**
   * Set by an average-cost sale: from then on each unit of this lot costs the pooled average
   * (base currency, fees included), so what is sold and what is left always add up to what was
   * paid (the French weighted average cost, PMP).
   */
  pooledUnitCost: Decimal | null;
  /** The method of the last sale that took units from this lot; null while none has. */
  costBasisMethod: CostBasisMethod | null;
  status: LotStatus;
};

/** What one sale took from one lot; `costBasis` is in the base currency. */
export type Allocation = {
  lotId: string;
  lotNumber: number;
  acquisitionDate: string;
  quantity: Decimal;
  costBasis: Decimal;
  /** The part of the lot's fees this sale took (in the lot's currency), given back on undo. */
  fees: Decimal;
};
