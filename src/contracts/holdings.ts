import { z } from 'zod';
import {
  checkedDecimal,
  decimalProblem,
  fractionDigits,
  isoDate,
  pastDate,
  pastIsoDate,
  text,
  decimalText,
} from './input-rules';
import { dec } from '@/domain/money/decimal';
import { CURRENCIES } from './settings';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * Holdings of every class (spec 002, sections 3 and 5). Each class is created with its own
 * fields (the spec's names, camelCased); the server stores what all classes share as columns and
 * the rest as the class's details. Amounts and quantities travel as decimal strings; computed
 * money in answers (cost basis, market value, gains, totals) is rounded to the currency's minor
 * unit (`roundMoney`, docs/api.md), what the user typed (prices, quantities) as typed.
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
/**
 * The statuses a holding of each class can have (docs/decisions.md). The spec names 'active'
 * (market, on create), 'pending' then 'active' (real estate) and the crowdfunding statuses; a
 * position sold out is 'closed', a property sold is 'sold'. A savings account is closed by
 * deleting it (softly), so it has no other status.
 */
export const HOLDING_STATUSES = {
  market: ['active', 'closed'],
  crypto: ['active', 'closed'],
  real_estate: ['pending', 'active', 'sold'],
  crowdfunding: CROWDFUNDING_STATUSES,
  savings: ['active'],
  generic: ['active', 'closed'],
} as const satisfies Record<string, readonly [string, ...string[]]>;
/** Every status of every class. */
export const ALL_HOLDING_STATUSES = [
  'active',
  'closed',
  'pending',
  'sold',
  'delayed',
  'repaid',
  'defaulted',
] as const;
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

/** Savings account types whose interest is tax-exempt in France (spec 002, section 9). */
export { isTaxExempt, TAX_EXEMPT_TYPES } from '@/domain/savings/interest';
/** A savings account's tax rate on interest unless given (spec 002, section 9): a fraction. */
export const DEFAULT_SAVINGS_TAX_RATE = '0.3';

/** The investment amount rule (shared rules table): 1 to 1,000,000,000. */
export const INVESTMENT_AMOUNT_MIN = '1';
export const INVESTMENT_AMOUNT_MAX = '1000000000';
/** Market share quantities keep 6 decimals, crypto quantities 8 (spec 002, sections 5 and 9). */
export const SHARE_QUANTITY_DECIMALS = 6;
export const CRYPTO_QUANTITY_DECIMALS = 8;

const isZero = (value: string) => /^0+(\.0+)?$/.test(value);
const trimmed = (message: string = M.numberInvalid) =>
  z.union([text(), z.number()], { message }).transform(decimalText);

/**
 * A decimal written with digits and at most one point ("12", "0.5"), no sign, no exponent; too
 * large, too precise or written with an exponent, it says so (`checkedDecimal`).
 */
export const decimalString = (invalid: string = M.numberInvalid) =>
  checkedDecimal(trimmed(invalid), invalid);

/** Strictly above zero; at most `decimals.max` decimals when given (with its own message). */
export const positiveDecimal = (message: string, decimals?: { max: number; message: string }) =>
  checkedDecimal(
    trimmed(message).refine((value) => !value.startsWith('-'), { message, abort: true }),
    message,
    decimals,
  ).refine((value) => !isZero(value), { message, abort: true });

/** A market share quantity (shared rules table): above zero, at most 6 decimals. */
export const shareQuantity = () =>
  positiveDecimal(M.shareQuantityPositive, {
    max: SHARE_QUANTITY_DECIMALS,
    message: M.shareQuantityPrecision,
  });

/** A crypto quantity: above zero, at most 8 decimals (spec 002, section 9). */
export const cryptoQuantity = () =>
  positiveDecimal(M.quantityPositive, {
    max: CRYPTO_QUANTITY_DECIMALS,
    message: M.cryptoQuantityDecimals,
  });

/**
 * An investment amount (shared rules table): 1 to 1,000,000,000 of the holding's currency, at
 * most 2 decimals. A negative amount is below the minimum, not "not a number"; one of too many
 * digits is above the maximum.
 */
export const investmentAmount = () =>
  trimmed()
    .refine((value) => decimalProblem(value.replace(/^-/, '')) !== 'tooLarge', {
      message: M.investmentAmountMax,
      abort: true,
    })
    .refine((value) => decimalProblem(value.replace(/^-/, '')) !== 'exponent', {
      message: M.numberExponent,
      abort: true,
    })
    .refine((value) => /^\d+(\.\d+)?$/.test(value.replace(/^-/, '')), {
      message: M.numberInvalid,
      abort: true,
    })
    .refine((value) => !value.startsWith('-') && dec(value).gte(INVESTMENT_AMOUNT_MIN), {
      message: M.investmentAmountMin,
      abort: true,
    })
    .refine((value) => dec(value).lte(INVESTMENT_AMOUNT_MAX), {
      message: M.investmentAmountMax,
      abort: true,
    })
    .refine((value) => fractionDigits(value) <= 2, M.amountDecimals);

/** A tax rate as a fraction, 0 (none) to 1 (all of it); any other input says so. */
export const taxRateFraction = () =>
  trimmed(M.taxRateInvalid).refine(
    (value) => decimalProblem(value) === null && dec(value).lte(1),
    M.taxRateInvalid,
  );

/** An http(s) address (shared rules table: 'Invalid URL format'); empty means none (null). */
export const optionalUrl = () =>
  z
    .union([text(), z.null()])
    .optional()
    .transform((value) => (value ? value.trim() : null) || null)
    .refine((value) => {
      if (value === null) return true;
      if (value.length > 500) return false;
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, M.urlInvalid);

/** A money amount: above zero, at most 2 decimals (shared rules table). */
export const moneyAmount = () =>
  positiveDecimal(M.amountPositive, { max: 2, message: M.amountDecimals });

/** A percentage from 0 to 100 (shared rules table). */
export const percentage = () =>
  z
    .union([text(), z.number()])
    .transform(decimalText)
    .refine((value) => !value.startsWith('-'), { message: M.percentageNegative, abort: true })
    .refine((value) => decimalProblem(value) !== 'tooLarge', {
      message: M.percentageMax,
      abort: true,
    })
    .refine((value) => decimalProblem(value) === null, { message: M.numberInvalid, abort: true })
    .refine((value) => Number(value) <= 100, M.percentageMax);

/** An interest rate in percent, 0 to 100 (shared rules table). */
export const interestRatePercent = () =>
  z
    .union([text(), z.number()])
    .transform(decimalText)
    .refine((value) => !value.startsWith('-'), { message: M.interestRateNegative, abort: true })
    .refine((value) => decimalProblem(value) !== 'tooLarge', {
      message: M.interestRateMax,
      abort: true,
    })
    .refine((value) => decimalProblem(value) === null, { message: M.numberInvalid, abort: true })
    .refine((value) => Number(value) <= 100, M.interestRateMax);

export { isoDate, latestToday, pastDate, requiredDate } from './input-rules';

/** A savings maturity comes after its opening (either missing: nothing to compare). */
export const maturityAfterOpening = (
  openingDate: string | null | undefined,
  maturityDate: string | null | undefined,
) => !openingDate || !maturityDate || maturityDate > openingDate;

/** The stock-symbol rule: 1 to 10 upper-case letters, digits, dots and hyphens. */
export const stockSymbol = () =>
  text({ message: M.symbolRequired })
    .trim()
    .min(1, M.symbolRequired)
    .max(10, M.symbolMax)
    .regex(/^[A-Z0-9.-]+$/, M.symbolFormat);

/** Optional free text up to `max` characters; empty means none (null). */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, M.textTooLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

const name = () =>
  text({ message: M.holdingNameRequired })
    .trim()
    .min(1, M.holdingNameRequired)
    .max(HOLDING_NAME_MAX, M.holdingNameMax);

const currency = () => z.enum(CURRENCIES, { message: M.currencyInvalid });

const roomCount = () =>
  z
    .number({ message: M.roomCountInvalid })
    .int(M.roomCountInvalid)
    .min(0, M.roomCountInvalid)
    .max(100, M.roomCountInvalid)
    .optional()
    .nullable();

/**
 * The day a typed current value (a property's value, a stake's valuation, an asset's current
 * price) was true: today unless given, not in the future, not before the purchase. The value is
 * recorded in the holding's value history on that day (docs/decisions.md, 'Figures and lists').
 */
const currentValueDate = () => pastIsoDate().optional().nullable();
/** A current value's date is on or after the purchase (either missing: nothing to compare). */
export const valueDateAfterPurchase = (
  purchaseDate: string | null | undefined,
  valueDate: string | null | undefined,
) => !purchaseDate || !valueDate || valueDate >= purchaseDate;
const valueDateRule = { message: M.valueDateBeforePurchase, path: ['currentValueDate'] };

const priced = {
  quantity: positiveDecimal(M.quantityPositive),
  purchasePrice: positiveDecimal(M.purchasePricePositive),
  currentPrice: positiveDecimal(M.currentPricePositive),
  purchaseDate: pastDate(M.purchaseDateRequired),
};

/** The crypto symbol: upper-cased (spec 002, section 5), then the stock-symbol characters. */
export const cryptoSymbol = () =>
  text({ message: M.symbolRequired })
    .trim()
    .min(1, M.symbolRequired)
    .max(10, M.symbolMax)
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z0-9.-]+$/.test(value), M.symbolFormat);

export const marketHoldingSchema = z.object({
  class: z.literal('market'),
  symbol: stockSymbol(),
  name: name(),
  ...priced,
  quantity: shareQuantity(),
  sector: z.enum(MARKET_SECTORS).optional().nullable(),
  exchange: z.enum(MARKET_EXCHANGES).optional().nullable(),
  currency: currency().optional(),
  notes: optionalText(NOTES_MAX),
});

export const cryptoHoldingSchema = z.object({
  class: z.literal('crypto'),
  symbol: cryptoSymbol(),
  name: name(),
  ...priced,
  quantity: cryptoQuantity(),
  exchange: optionalText(100),
  walletAddress: optionalText(200),
  currency: currency().optional(),
  notes: optionalText(NOTES_MAX),
});

export const realEstateHoldingSchema = z
  .object({
    class: z.literal('real_estate'),
    propertyName: name(),
    propertyType: z.enum(PROPERTY_TYPES, { message: M.propertyTypeInvalid }),
    address: text({ message: M.addressRequired }).trim().min(1, M.addressRequired).max(300),
    purchasePrice: moneyAmount(),
    currentValue: moneyAmount(),
    /** Per month. */
    rentalIncome: decimalString().optional().nullable(),
    purchaseDate: pastDate(M.purchaseDateRequired),
    size: positiveDecimal(M.sizePositive).optional().nullable(),
    sizeUnit: z.enum(SIZE_UNITS).optional(),
    bedrooms: roomCount(),
    bathrooms: roomCount(),
    latitude: z
      .number({ message: M.latitudeInvalid })
      .min(-90, M.latitudeInvalid)
      .max(90, M.latitudeInvalid)
      .optional()
      .nullable(),
    longitude: z
      .number({ message: M.longitudeInvalid })
      .min(-180, M.longitudeInvalid)
      .max(180, M.longitudeInvalid)
      .optional()
      .nullable(),
    city: optionalText(100),
    state: optionalText(100),
    zipCode: optionalText(20),
    country: optionalText(100),
    description: optionalText(NOTES_MAX),
    currency: currency().optional(),
    currentValueDate: currentValueDate(),
  })
  .refine(
    (input) => valueDateAfterPurchase(input.purchaseDate, input.currentValueDate),
    valueDateRule,
  );

export const crowdfundingHoldingSchema = z
  .object({
    class: z.literal('crowdfunding'),
    platform: text({ message: M.platformRequired }).trim().min(1, M.platformRequired).max(100),
    projectName: name(),
    amountInvested: investmentAmount(),
    /** What the stake is worth now (defaults to the amount invested). */
    valuation: moneyAmount().optional().nullable(),
    equityPercentage: percentage().optional().nullable(),
    investmentDate: pastDate(M.purchaseDateRequired),
    status: z.enum(CROWDFUNDING_STATUSES).optional(),
    /** Yearly, in percent. */
    expectedReturn: percentage().optional().nullable(),
    /** In months. */
    duration: z
      .number({ message: M.durationInvalid })
      .int(M.durationInvalid)
      .min(1, M.durationInvalid)
      .max(600, M.durationInvalid)
      .optional()
      .nullable(),
    currency: currency().optional(),
    notes: optionalText(NOTES_MAX),
    /** The day `valuation` was true (today unless given). */
    currentValueDate: currentValueDate(),
  })
  .refine(
    (input) => valueDateAfterPurchase(input.investmentDate, input.currentValueDate),
    valueDateRule,
  );

export const savingsHoldingSchema = z
  .object({
    class: z.literal('savings'),
    accountName: name(),
    bankName: text({ message: M.bankNameRequired }).trim().min(1, M.bankNameRequired).max(100),
    accountType: z.enum(SAVINGS_ACCOUNT_TYPES, { message: M.accountTypeInvalid }),
    accountNumber: optionalText(50),
    currentBalance: decimalString(M.balanceInvalid),
    openingDate: pastDate(M.openingDateRequired),
    maturityDate: isoDate().optional().nullable(),
    minimumBalance: decimalString().optional().nullable(),
    /** In percent of the amount withdrawn early. */
    earlyWithdrawalPenaltyRate: percentage().optional().nullable(),
    /** Yearly, in percent (stored as a fraction). */
    interestRate: interestRatePercent().optional(),
    compoundingFrequency: z.enum(COMPOUNDING_FREQUENCIES).optional(),
    /** A fraction (0.3 is 30%, the default); tax-exempt account types have 0. */
    taxRate: taxRateFraction().optional(),
    bankLogoUrl: optionalUrl(),
    currency: currency().optional(),
    notes: optionalText(NOTES_MAX),
  })
  .refine((input) => maturityAfterOpening(input.openingDate, input.maturityDate), {
    message: M.maturityBeforeOpening,
    path: ['maturityDate'],
  });

export const genericHoldingSchema = z
  .object({
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
    /** The day `currentPrice` was true (today unless given). */
    currentValueDate: currentValueDate(),
  })
  .refine(
    (input) => valueDateAfterPurchase(input.purchaseDate, input.currentValueDate),
    valueDateRule,
  );

/** Each class's create schema. */
export const HOLDING_CREATE_SCHEMAS = {
  market: marketHoldingSchema,
  crypto: cryptoHoldingSchema,
  real_estate: realEstateHoldingSchema,
  crowdfunding: crowdfundingHoldingSchema,
  savings: savingsHoldingSchema,
  generic: genericHoldingSchema,
} as const;

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

// Changing a holding ---------------------------------------------------------------------------

/** Fields the ledger decides: a change names one of them is refused (record a transaction). */
export const LEDGER_FIELDS = [
  'quantity',
  'purchasePrice',
  'purchaseDate',
  'amountInvested',
  'investmentDate',
  'openingDate',
] as const;

/**
 * The class's own fields a change may set, named as GET answers them in `details` (the shared
 * columns, `name`, `symbol`, `currentPrice`, `currency` and `status`, are top-level fields).
 */
export const EDITABLE_DETAILS = {
  market: ['sector', 'exchange', 'notes'],
  crypto: ['exchange', 'walletAddress', 'notes'],
  real_estate: [
    'propertyType',
    'address',
    'rentalIncome',
    'size',
    'sizeUnit',
    'bedrooms',
    'bathrooms',
    'latitude',
    'longitude',
    'city',
    'state',
    'zipCode',
    'country',
    'description',
  ],
  crowdfunding: ['platform', 'equityPercentage', 'expectedReturn', 'duration', 'notes'],
  savings: [
    'bankName',
    'bankLogoUrl',
    'accountType',
    'accountNumber',
    'maturityDate',
    'minimumBalance',
    'earlyWithdrawalPenaltyRate',
    'taxRate',
    'notes',
  ],
  generic: [
    'type',
    'description',
    'maturityDate',
    'dividendYield',
    'expenseRatio',
    'sector',
    'country',
  ],
} as const satisfies Record<HoldingClass, readonly string[]>;

/**
 * The create body's own names of the shared columns, accepted in `details` too: they set the
 * column (`name`, `currentPrice`), never a copy in `details`.
 */
export const DETAIL_COLUMN_ALIASES: Partial<
  Record<HoldingClass, Record<string, 'name' | 'currentPrice'>>
> = {
  real_estate: { propertyName: 'name', currentValue: 'currentPrice' },
  crowdfunding: { projectName: 'name', valuation: 'currentPrice' },
  savings: { accountName: 'name' },
};

const refused = (message: string) => z.never({ message }).optional();
const ledgerRefused = Object.fromEntries(
  LEDGER_FIELDS.map((field) => [field, refused(M.ledgerFieldReadOnly)]),
);

/**
 * Refuses, by name, every field the shape does not list ('This field cannot be changed here'),
 * alongside the other fields' errors.
 */
const onlyKnown = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.looseObject(shape).superRefine(
    (value, ctx) => {
      if (!value || typeof value !== 'object') return;
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(shape, key))
          ctx.addIssue({ code: 'custom', path: [key], message: M.fieldNotEditable });
      }
    },
    { when: () => true },
  );

/** The current price (value) rule of each class; a savings balance moves by deposits only. */
const PRICE_RULES: Record<HoldingClass, () => z.ZodType> = {
  market: () => positiveDecimal(M.currentPricePositive),
  crypto: () => positiveDecimal(M.currentPricePositive),
  generic: () => positiveDecimal(M.currentPricePositive),
  real_estate: moneyAmount,
  crowdfunding: moneyAmount,
  savings: () => z.never({ message: M.savingsBalanceReadOnly }),
};

/** The symbol rule of each class: required for market (stock-symbol rule) and crypto. */
const SYMBOL_RULES: Record<HoldingClass, () => z.ZodType> = {
  market: () => stockSymbol().optional(),
  crypto: () => cryptoSymbol().optional(),
  real_estate: () => optionalText(20),
  crowdfunding: () => optionalText(20),
  savings: () => optionalText(20),
  generic: () => optionalText(20),
};

/** The class's own fields of a change (`details`), checked with the create rules. */
export function holdingDetailsUpdateSchema(holdingClass: HoldingClass) {
  const create = HOLDING_CREATE_SCHEMAS[holdingClass].shape as Record<string, z.ZodType>;
  const shape: Record<string, z.ZodType> = { ...ledgerRefused };
  for (const key of EDITABLE_DETAILS[holdingClass]) {
    const rule = create[key];
    if (rule) shape[key] = rule.optional();
  }
  for (const [alias, column] of Object.entries(DETAIL_COLUMN_ALIASES[holdingClass] ?? {})) {
    shape[alias] = (column === 'name' ? name() : PRICE_RULES[holdingClass]()).optional();
  }
  if (holdingClass === 'savings') {
    shape.currentBalance = refused(M.savingsBalanceReadOnly);
    shape.interestRate = refused(M.interestRateReadOnly);
    shape.compoundingFrequency = refused(M.interestRateReadOnly);
  }
  return onlyKnown(shape);
}

const updateCommon = {
  name: name().optional(),
  currency: currency().optional(),
  ...ledgerRefused,
  currentBalance: refused(M.savingsBalanceReadOnly),
};

/**
 * A change to a holding of any class, as the route documents it: `name`, `symbol`,
 * `currentPrice`, `currency`, `status` and `details` (the class's own fields), named as GET
 * answers them. The service checks it again with the holding's class (`holdingUpdateSchema`).
 */
export const updateHoldingBodySchema = onlyKnown({
  ...updateCommon,
  symbol: text().trim().max(20, M.textTooLong).optional().nullable(),
  currentPrice: decimalString(M.currentPricePositive).optional(),
  status: z.enum(ALL_HOLDING_STATUSES, { message: M.holdingStatusInvalid }).optional(),
  /** The class's own fields (checked against the class's rules on the server). */
  details: z.record(text(), z.unknown()).optional(),
});
export type UpdateHoldingBody = z.input<typeof updateHoldingBodySchema>;

/** A change to a holding of this class: its symbol, value and status rules, and its fields. */
export function holdingUpdateSchema(holdingClass: HoldingClass) {
  return onlyKnown({
    ...updateCommon,
    symbol: SYMBOL_RULES[holdingClass](),
    currentPrice: PRICE_RULES[holdingClass]().optional(),
    status: z.enum(HOLDING_STATUSES[holdingClass], { message: M.holdingStatusInvalid }).optional(),
    details: holdingDetailsUpdateSchema(holdingClass).optional(),
  });
}

/** 'Asset not found' in each class's words (spec 002, section 8). */
export const HOLDING_NOT_FOUND_MESSAGES: Record<HoldingClass, string> = {
  market: 'Investment not found',
  crypto: 'Cryptocurrency not found',
  real_estate: 'Real estate investment not found',
  crowdfunding: 'Investment not found',
  savings: 'Savings account not found',
  generic: 'Asset not found',
};

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
  /**
   * The price the value is counted at, in the holding's currency: a market or crypto holding's
   * last stored close (pence converted) when its symbol has closes in that currency, else
   * `currentPrice` (typed by hand).
   */
  lastPrice: z.string(),
  /** Where `lastPrice` comes from: 'market' (a stored close) or 'manual' (typed). */
  priceSource: z.enum(['market', 'manual']),
  /** The close's day, or the day the typed price was last changed. */
  priceDate: z.string(),
  /** quantity x lastPrice. */
  marketValue: z.string(),
  /** quantity x (last close - the close before), in the holding's currency; null otherwise. */
  dayChange: z.string().nullable(),
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

/**
 * One category aggregation row (spec 002, section 3), per currency: the holdings' figures in that
 * currency from the valuation the portfolio's value comes from (the performance answer's
 * `holdingValue`, `holdingCostBasis`), added exactly and rounded once.
 */
export const categoryTotalsSchema = z.object({
  class: z.enum(HOLDING_CLASSES),
  category: z.string(),
  currency: z.enum(CURRENCIES),
  itemCount: z.number().int(),
  totalCost: z.string(),
  totalValue: z.string(),
  /**
   * Value minus cost, rounded once to the cent from the exact sums (not the difference of the two
   * rounded totals), as each holding's gain is: a class of one holding shows its gain.
   */
  totalGain: z.string(),
  /**
   * Of `itemCount`, the holdings the valuation could not value (no price): not in the figures,
   * never replaced by a typed price.
   */
  unvaluedCount: z.number().int(),
  lastUpdated: z.string().nullable(),
});
export type CategoryTotals = z.infer<typeof categoryTotalsSchema>;
/** A rate a total used: units of the portfolio's base currency per unit of `currency`. */
export const appliedRateSchema = z.object({
  currency: z.string(),
  rate: z.string(),
  rateDate: z.string(),
});
/**
 * The view's totals in the portfolio's base currency: the value and cost basis of its holdings
 * (a simulation's cash apart), from the same valuation as the performance answer, so the total
 * value is the portfolio's value (each holding converted at `asOf`'s rate, never added one for
 * one; the cost at its purchase days' rates). `rates` are the rates of `asOf` of each converted
 * currency. A holding without a rate is not in the totals: its currency is listed in
 * `unconverted`, in its own currency (docs/decisions.md, 'Currencies').
 */
export const convertedTotalsSchema = z.object({
  currency: z.enum(CURRENCIES),
  asOf: z.string(),
  totalCost: z.string(),
  totalValue: z.string(),
  rates: z.array(appliedRateSchema),
  unconverted: z.array(
    z.object({ currency: z.string(), totalCost: z.string(), totalValue: z.string() }),
  ),
});
export type ConvertedTotals = z.infer<typeof convertedTotalsSchema>;

export const summaryResponseSchema = z.object({
  /** Per class and currency: each amount in its own currency. */
  categories: z.array(categoryTotalsSchema),
  totals: convertedTotalsSchema,
  /** The portfolio owner's plan and how many assets it allows here (null: unlimited). */
  limits: z.object({
    tier: z.enum(['free', 'classic', 'pro']),
    assetLimit: z.number().int().nullable(),
    assetCount: z.number().int(),
  }),
});
export type Summary = z.infer<typeof summaryResponseSchema>;

export type { Tier } from '@/domain/plans/plans';
