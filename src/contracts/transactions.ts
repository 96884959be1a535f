import { z } from 'zod';
import { checkedDecimal, isoDate, pastIsoDate, text, decimalText } from './input-rules';
import { COST_BASIS_METHODS, LOT_STATUSES, TRANSACTION_TYPES } from '@/domain/ledger/types';
import { decimalString, optionalText, positiveDecimal } from './holdings';
import { CURRENCIES } from './settings';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * Transactions, lots and the tax estimate (spec 002, sections 3 to 5 and 9). Amounts are decimal
 * strings; dates are YYYY-MM-DD.
 */

export { COST_BASIS_METHODS, TRANSACTION_TYPES };
export type { CostBasisMethod, TransactionType } from '@/domain/ledger/types';

/** Not listed by the spec (docs/decisions.md); a cancelled transaction leaves the lots alone. */
export const TRANSACTION_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * Whether a status change moves the transaction into or out of the ledger: a cancelled one is left
 * out, a pending or completed one counts. Completed <-> pending changes nothing the ledger holds.
 */
export function statusChangeMovesLedger(from: string, to: string): boolean {
  return (from === 'cancelled') !== (to === 'cancelled');
}
export const TRANSACTIONS_PAGE_SIZE = 50;
export const TRANSACTION_SORTS = [
  'settlementDate',
  'tradeDate',
  'amount',
  'quantity',
  'price',
] as const;

/** Zero or more; a minus sign gets `message` rather than the generic number message. */
const nonNegative = (message: string) =>
  checkedDecimal(
    z
      .union([text(), z.number()])
      .transform(decimalText)
      .refine((value) => !value.startsWith('-'), { message, abort: true }),
    M.numberInvalid,
  );

/**
 * An exchange rate to the base currency: above zero, with the spec's messages ('Exchange rate
 * cannot be zero', 'Exchange rate cannot be negative'; spec 002, section 8).
 */
const exchangeRate = () =>
  checkedDecimal(
    z
      .union([text(), z.number()])
      .transform(decimalText)
      .refine((value) => !value.startsWith('-'), { message: M.exchangeRateNegative, abort: true }),
    M.numberInvalid,
  ).refine((value) => !/^0+(\.0+)?$/.test(value), M.exchangeRateZero);

export const lotSelectionSchema = z.object({
  lotId: z.uuid(),
  quantity: positiveDecimal(M.quantityPositive),
});

/** What a new transaction carries; the server fills defaults (fees 0, rate 1, currency, dates). */
export const createTransactionBodySchema = z
  .object({
    assetId: z.uuid({ message: M.assetIdRequired }),
    /** The class's asset type; when given it must match the holding's. */
    assetType: text().trim().max(40).optional(),
    transactionType: text({ message: M.transactionTypeInvalid }).trim().min(1),
    quantity: positiveDecimal(M.quantityPositive),
    price: nonNegative(M.priceNegative),
    fees: nonNegative(M.feesNegative).optional(),
    currency: z.enum(CURRENCIES, { message: M.currencyInvalid }).optional(),
    exchangeRateToBase: exchangeRate().optional(),
    tradeDate: pastIsoDate(),
    settlementDate: isoDate().optional().nullable(),
    costBasisMethod: z.enum(COST_BASIS_METHODS, { message: M.costBasisMethodInvalid }).optional(),
    selectedLots: z.array(lotSelectionSchema).max(10_000).optional().nullable(),
    broker: optionalText(100),
    accountId: optionalText(100),
    notes: optionalText(2000),
    status: z.enum(TRANSACTION_STATUSES).optional(),
  })
  .refine((body) => !body.settlementDate || body.settlementDate >= body.tradeDate, {
    message: M.settlementBeforeTrade,
    path: ['settlementDate'],
  })
  .refine(
    (body) => body.costBasisMethod !== 'specific_id' || (body.selectedLots?.length ?? 0) > 0,
    { message: M.selectedLotsRequired, path: ['selectedLots'] },
  );
export type CreateTransactionBody = z.input<typeof createTransactionBodySchema>;
export type CreateTransactionInput = z.output<typeof createTransactionBodySchema>;

/** A text a change may set, clear (null or '') or leave alone (absent). */
const changedText = (max: number) =>
  text()
    .trim()
    .max(max, M.textTooLong)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * Changes to a transaction; amounts and dates replay the holding's lots. `selectedLots` is a
 * specific-lot sale's new choice of lots (checked like on create), so its quantity can change
 * with it. A buy whose lot a sale used keeps its quantity, price, fees, trade date and status in
 * the ledger (409 LOT_CONSUMED); notes, broker, account and settlement date can always change.
 */
export const updateTransactionBodySchema = z
  .object({
    status: z.enum(TRANSACTION_STATUSES).optional(),
    quantity: positiveDecimal(M.quantityPositive).optional(),
    price: nonNegative(M.priceNegative).optional(),
    fees: nonNegative(M.feesNegative).optional(),
    tradeDate: pastIsoDate().optional(),
    settlementDate: isoDate().optional(),
    selectedLots: z.array(lotSelectionSchema).min(1, M.selectedLotsRequired).max(10_000).optional(),
    broker: changedText(100),
    accountId: changedText(100),
    notes: changedText(2000),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), M.noChanges);
export type UpdateTransactionBody = z.input<typeof updateTransactionBodySchema>;

/**
 * A sale's tax estimate: French rules (jurisdiction FR), its figures in the portfolio's base
 * currency, each trade at its rate to it (docs/decisions.md: converting to euros for the
 * declaration is the tax report's work).
 */
export const taxLineSchema = z.object({
  lotId: z.uuid(),
  lotNumber: z.number().int(),
  quantity: z.string(),
  proceeds: z.string(),
  costBasis: z.string(),
  gainLoss: z.string(),
  holdingPeriodDays: z.number().int(),
  isLongTerm: z.boolean(),
  taxRate: z.string(),
  taxAmount: z.string(),
});
export const taxEstimateSchema = z.object({
  lots: z.array(taxLineSchema),
  total: z.object({
    proceeds: z.string(),
    costBasis: z.string(),
    gainLoss: z.string(),
    taxAmount: z.string(),
  }),
  jurisdiction: z.literal('FR'),
  taxYear: z.number().int(),
});
export type TaxEstimateJson = z.infer<typeof taxEstimateSchema>;
/** A sale's tax total: each column the sum of its lines as shown (to the cent). */
export const taxTotalSchema = taxEstimateSchema.shape.total;
export type TaxTotalJson = z.infer<typeof taxTotalSchema>;

export const transactionSchema = z.object({
  id: z.uuid(),
  portfolioId: z.uuid(),
  simulationId: z.uuid().nullable(),
  assetId: z.uuid(),
  assetType: z.string(),
  assetName: z.string(),
  assetSymbol: z.string().nullable(),
  transactionType: z.enum(TRANSACTION_TYPES),
  quantity: z.string(),
  price: z.string(),
  fees: z.string(),
  /** quantity x price. */
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  exchangeRateToBase: z.string(),
  tradeDate: z.string(),
  settlementDate: z.string(),
  broker: z.string().nullable(),
  accountId: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  costBasisMethod: z.enum(COST_BASIS_METHODS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Sells: the tax estimate, one line per lot used (in the answers about one transaction; null
   * in the list, which carries `taxTotal`).
   */
  tax: taxEstimateSchema.nullable(),
  /** Sells: the estimate's total (proceeds, cost basis, gain, tax), in every answer. */
  taxTotal: taxTotalSchema.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionResponseSchema = z.object({ transaction: transactionSchema });

export const transactionListQuerySchema = z.object({
  sim: z.uuid().optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  assetId: z.uuid().optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  minAmount: decimalString().optional(),
  maxAmount: decimalString().optional(),
  sort: z.enum(TRANSACTION_SORTS).default('settlementDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(TRANSACTIONS_PAGE_SIZE),
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

/**
 * A page; how many there are in all comes from the totals call (`count`), made alongside, so a
 * page never waits for a count of the whole history.
 */
export const transactionListResponseSchema = z.object({
  transactions: z.array(transactionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Another page follows this one. */
  hasMore: z.boolean(),
});

/**
 * One currency's totals: amounts in that currency, as the transactions were recorded, rounded to
 * its minor unit. `fees` adds every transaction's fees and a fee payment's whole amount.
 */
export const currencyTotalsSchema = z.object({
  currency: z.enum(CURRENCIES),
  bought: z.string(),
  sold: z.string(),
  income: z.string(),
  fees: z.string(),
});
export type CurrencyTotals = z.infer<typeof currencyTotalsSchema>;

/**
 * Totals of the transactions a filter selects, one row per transaction currency (amounts of
 * different currencies are never added together), by currency code; none when nothing matches.
 */
export const transactionTotalsResponseSchema = z.object({
  count: z.number().int(),
  byCurrency: z.array(currencyTotalsSchema),
});
export type TransactionTotals = z.infer<typeof transactionTotalsResponseSchema>;

export const lotSchema = z.object({
  id: z.uuid(),
  lotNumber: z.number().int(),
  acquisitionDate: z.string(),
  /** Per unit, in `currency` (the buy's). */
  acquisitionPrice: z.string(),
  /** The currency of the buy that opened the lot. */
  currency: z.enum(CURRENCIES),
  exchangeRateToBase: z.string(),
  originalQuantity: z.string(),
  remainingQuantity: z.string(),
  feesAllocated: z.string(),
  /** What the units still in the lot cost, in the base currency, fees included. */
  remainingCost: z.string(),
  /** The method of the last sale that took units from the lot; null while none has. */
  costBasisMethod: z.enum(COST_BASIS_METHODS).nullable(),
  status: z.enum(LOT_STATUSES),
});
export type LotJson = z.infer<typeof lotSchema>;
export const lotsResponseSchema = z.object({ lots: z.array(lotSchema) });

/** A sale worked out without saving it (the sell form shows it before confirming). */
/** The sale's tax as it would be recorded; null for a cancelled sale (it sells nothing, as when created). */
export const sellPreviewResponseSchema = z.object({ tax: taxEstimateSchema.nullable() });
