import { z } from 'zod';
import { CURRENCIES } from './settings';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * Holdings of every class (spec 002, sections 3 and 5). Each class is created with its own
 * fields (the spec's names, camelCased); the server stores what all classes share as columns and
 * the rest as the class's details. Amounts and quantities travel as decimal strings.
 */

export const HOLDING_CLASSES = [
  'market',
  'crypto',
  'real_estate',
  'crowdfunding',
  'savings',
  'generic',
] as const;
export type HoldingClass = (typeof HOLDING_CLASSES)[number];

/** Spec 002, section 9. */
export const MARKET_SECTORS = [
  'Technology',
  'Healthcare',
  'Financial Services',
  'Consumer Cyclical',
  'Industrials',
  'Communication Services',
  'Consumer Defensive',
  'Energy',
  'Utilities',
  'Real Estate',
  'Basic Materials',
] as const;
export const MARKET_EXCHANGES = ['NYSE', 'NASDAQ', 'AMEX', 'OTC', 'TSX', 'LSE'] as const;
/** Not listed by the spec (docs/decisions.md). */
export const PROPERTY_TYPES = [
  'apartment',
  'house',
  'commercial',
  'land',
  'parking',
  'other',
] as const;
export const SIZE_UNITS = ['sqm', 'sqft'] as const;
/** Not listed by the spec (docs/decisions.md). */
export const CROWDFUNDING_STATUSES = ['active', 'delayed', 'repaid', 'defaulted'] as const;
export const SAVINGS_ACCOUNT_TYPES = [
  'checking',
  'savings',
  'money_market',
  'cd',
  'livret_a',
  'ldd',
  'pel',
  'other',
] as const;
export type SavingsAccountType = (typeof SAVINGS_ACCOUNT_TYPES)[number];
export const COMPOUNDING_FREQUENCIES = ['daily', 'monthly', 'quarterly', 'annually'] as const;
/** Not listed by the spec (docs/decisions.md). */
export const GENERIC_ASSET_TYPES = [
  'stock',
  'etf',
  'bond',
  'fund',
  'commodity',
  'collectible',
  'other',
] as const;

/** Each class's default currency (spec 002, section 9). */
export const DEFAULT_CURRENCY: Record<HoldingClass, (typeof CURRENCIES)[number]> = {
  market: 'EUR',
  crypto: 'USD',
  real_estate: 'EUR',
  crowdfunding: 'EUR',
  savings: 'EUR',
  generic: 'USD',
};

export const HOLDING_NAME_MAX = 200;
export const NOTES_MAX = 2000;

const DECIMAL = /^\d{1,15}(\.\d{1,12})?$/;
const isZero = (value: string) => /^0+(\.0+)?$/.test(value);
const decimals = (value: string) => value.split('.')[1]?.length ?? 0;

/** A decimal written with digits and at most one point ("12", "0.5"), no sign, no exponent. */
export const decimalString = (invalid: string = M.numberInvalid) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => DECIMAL.test(value), invalid);

/** Strictly above zero. */
export const positiveDecimal = (message: string) =>
  decimalString(message).refine((value) => !isZero(value), message);

/** A money amount: above zero, at most 2 decimals (shared rules table). */
export const moneyAmount = () =>
  positiveDecimal(M.amountPositive).refine((value) => decimals(value) <= 2, M.amountDecimals);

/** A percentage from 0 to 100 (shared rules table). */
export const percentage = () =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => !value.startsWith('-'), { message: M.percentageNegative, abort: true })
    .refine((value) => DECIMAL.test(value), { message: M.numberInvalid, abort: true })
    .refine((value) => Number(value) <= 100, M.percentageMax);

/** An interest rate in percent, 0 to 100 (shared rules table). */
export const interestRatePercent = () =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => !value.startsWith('-'), { message: M.interestRateNegative, abort: true })
    .refine((value) => DECIMAL.test(value), { message: M.numberInvalid, abort: true })
    .refine((value) => Number(value) <= 100, M.interestRateMax);

/** A calendar date, YYYY-MM-DD. */
export const isoDate = (message: string = M.dateInvalid) => z.iso.date({ message });

/** The stock-symbol rule: 1 to 10 upper-case letters, digits, dots and hyphens. */
export const stockSymbol = () =>
  z
    .string({ message: M.symbolRequired })
    .trim()
    .min(1, M.symbolRequired)
    .max(10, M.symbolMax)
    .regex(/^[A-Z0-9.-]+$/, M.symbolFormat);

/** Optional free text up to `max` characters; empty means none (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.textTooLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

const name = () =>
  z
    .string({ message: M.holdingNameRequired })
    .trim()
    .min(1, M.holdingNameRequired)
    .max(HOLDING_NAME_MAX, M.holdingNameMax);

const currency = () => z.enum(CURRENCIES, { message: M.currencyInvalid });

const priced = {
  quantity: positiveDecimal(M.quantityPositive),
  purchasePrice: positiveDecimal(M.purchasePricePositive),
  currentPrice: positiveDecimal(M.currentPricePositive),
  purchaseDate: isoDate(M.purchaseDateRequired),
};

export const marketHoldingSchema = z.object({
  class: z.literal('market'),
  symbol: stockSymbol(),
  name: name(),
  ...priced,
  sector: z.enum(MARKET_SECTORS).optional().nullable(),
  exchange: z.enum(MARKET_EXCHANGES).optional().nullable(),
  currency: currency().optional(),
  notes: optionalText(NOTES_MAX),
});

export const cryptoHoldingSchema = z.object({
  class: z.literal('crypto'),
  // Upper-cased (spec 002, section 5).
  symbol: z
    .string({ message: M.symbolRequired })
    .trim()
    .min(1, M.symbolRequired)
    .max(10, M.symbolMax)
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z0-9.-]+$/.test(value), M.symbolFormat),
  name: name(),
  ...priced,
  exchange: optionalText(100),
  walletAddress: optionalText(200),
  currency: currency().optional(),
  notes: optionalText(NOTES_MAX),
});

export const realEstateHoldingSchema = z.object({
  class: z.literal('real_estate'),
  propertyName: name(),
  propertyType: z.enum(PROPERTY_TYPES, { message: M.propertyTypeInvalid }),
  address: z.string({ message: M.addressRequired }).trim().min(1, M.addressRequired).max(300),
  purchasePrice: moneyAmount(),
  currentValue: moneyAmount(),
  /** Per month. */
  rentalIncome: decimalString().optional().nullable(),
  purchaseDate: isoDate(M.purchaseDateRequired),
  size: positiveDecimal(M.sizePositive).optional().nullable(),
  sizeUnit: z.enum(SIZE_UNITS).optional(),
  bedrooms: z.number().int().min(0).max(100).optional().nullable(),
  bathrooms: z.number().int().min(0).max(100).optional().nullable(),
  latitude: z.number().min(-90).max(90).optional().nullable(),
  longitude: z.number().min(-180).max(180).optional().nullable(),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  country: optionalText(100),
  description: optionalText(NOTES_MAX),
  currency: currency().optional(),
});

export const crowdfundingHoldingSchema = z.object({
  class: z.literal('crowdfunding'),
  platform: z.string({ message: M.platformRequired }).trim().min(1, M.platformRequired).max(100),
  projectName: name(),
  amountInvested: moneyAmount(),
  /** What the stake is worth now (defaults to the amount invested). */
  valuation: moneyAmount().optional().nullable(),
  equityPercentage: percentage().optional().nullable(),
  investmentDate: isoDate(M.purchaseDateRequired),
  status: z.enum(CROWDFUNDING_STATUSES).optional(),
  /** Yearly, in percent. */
  expectedReturn: percentage().optional().nullable(),
  /** In months. */
  duration: z.number().int().min(1).max(600).optional().nullable(),
  currency: currency().optional(),
  notes: optionalText(NOTES_MAX),
});

export const savingsHoldingSchema = z.object({
  class: z.literal('savings'),
  accountName: name(),
  bankName: z.string({ message: M.bankNameRequired }).trim().min(1, M.bankNameRequired).max(100),
  accountType: z.enum(SAVINGS_ACCOUNT_TYPES, { message: M.accountTypeInvalid }),
  accountNumber: optionalText(50),
  currentBalance: decimalString(M.balanceInvalid),
  openingDate: isoDate(M.openingDateRequired),
  maturityDate: isoDate().optional().nullable(),
  minimumBalance: decimalString().optional().nullable(),
  /** In percent of the amount withdrawn early. */
  earlyWithdrawalPenaltyRate: percentage().optional().nullable(),
  /** Yearly, in percent (stored as a fraction). */
  interestRate: interestRatePercent().optional(),
  compoundingFrequency: z.enum(COMPOUNDING_FREQUENCIES).optional(),
  /** A fraction (0.3 is 30%); tax-exempt account types ignore it. */
  taxRate: decimalString()
    .refine((value) => Number(value) <= 1, M.taxRateInvalid)
    .optional(),
  currency: currency().optional(),
  notes: optionalText(NOTES_MAX),
});

export const genericHoldingSchema = z.object({
  class: z.literal('generic'),
  type: z.enum(GENERIC_ASSET_TYPES),
  symbol: optionalText(20),
  name: name(),
  description: optionalText(NOTES_MAX),
  ...priced,
  maturityDate: isoDate().optional().nullable(),
  dividendYield: percentage().optional().nullable(),
  expenseRatio: percentage().optional().nullable(),
  sector: optionalText(100),
  country: optionalText(100),
  currency: currency().optional(),
});

export const createHoldingBodySchema = z.discriminatedUnion('class', [
  marketHoldingSchema,
  cryptoHoldingSchema,
  realEstateHoldingSchema,
  crowdfundingHoldingSchema,
  savingsHoldingSchema,
  genericHoldingSchema,
]);
export type CreateHoldingBody = z.input<typeof createHoldingBodySchema>;
export type CreateHoldingInput = z.output<typeof createHoldingBodySchema>;

/** Partial changes to a holding: the class's fields, all optional (the class cannot change). */
export const updateHoldingBodySchema = z.object({
  name: name().optional(),
  symbol: z.string().trim().max(20, M.textTooLong).optional().nullable(),
  currentPrice: positiveDecimal(M.currentPricePositive).optional(),
  currency: currency().optional(),
  status: z.string().trim().min(1).max(30).optional(),
  /** The class's own fields (checked against the class's schema on the server). */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type UpdateHoldingBody = z.input<typeof updateHoldingBodySchema>;

/** The spec's category of each class (category aggregation rows, transactions' asset type). */
export const HOLDING_CATEGORY = {
  market: 'market_investment',
  crypto: 'crypto_investment',
  real_estate: 'real_estate_investment',
  crowdfunding: 'crowdfunding_investment',
  savings: 'savings_account',
  generic: 'other',
} as const satisfies Record<HoldingClass, string>;
export type HoldingCategory = (typeof HOLDING_CATEGORY)[HoldingClass];

/** A holding as the API answers it; amounts are decimal strings in the holding's currency. */
export const holdingSchema = z.object({
  id: z.uuid(),
  portfolioId: z.uuid(),
  simulationId: z.uuid().nullable(),
  class: z.enum(HOLDING_CLASSES),
  name: z.string(),
  symbol: z.string().nullable(),
  /** Units held (real estate and crowdfunding: 1 while held; savings: the balance). */
  quantity: z.string(),
  /** Average cost of a unit held, fees included. */
  purchasePrice: z.string(),
  currentPrice: z.string(),
  purchaseDate: z.string(),
  currency: z.enum(CURRENCIES),
  status: z.string(),
  isActive: z.boolean(),
  /** quantity x purchasePrice. */
  costBasis: z.string(),
  /** quantity x currentPrice. */
  marketValue: z.string(),
  gainLoss: z.string(),
  /** Percent of the cost basis; null when nothing is held. */
  gainLossPercent: z.string().nullable(),
  /** The class's own fields (sector, walletAddress, address, bankName, ...). */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const holdingResponseSchema = z.object({ holding: holdingSchema });
export const holdingsResponseSchema = z.object({ holdings: z.array(holdingSchema) });

/** One category aggregation row (spec 002, section 3), per currency. */
export const categoryTotalsSchema = z.object({
  class: z.enum(HOLDING_CLASSES),
  category: z.string(),
  currency: z.enum(CURRENCIES),
  itemCount: z.number().int(),
  totalCost: z.string(),
  totalValue: z.string(),
  lastUpdated: z.string().nullable(),
});
export type CategoryTotals = z.infer<typeof categoryTotalsSchema>;
export const summaryResponseSchema = z.object({
  categories: z.array(categoryTotalsSchema),
  /** The portfolio owner's plan and how many assets it allows here (null: unlimited). */
  limits: z.object({
    tier: z.enum(['free', 'classic', 'pro']),
    assetLimit: z.number().int().nullable(),
    assetCount: z.number().int(),
  }),
});
export type Summary = z.infer<typeof summaryResponseSchema>;

/** Assets a portfolio may hold per plan (spec 002, section 6); null is unlimited. */
export const TIER_ASSET_LIMITS = { free: 10, classic: 50, pro: null } as const;
export type Tier = keyof typeof TIER_ASSET_LIMITS;
