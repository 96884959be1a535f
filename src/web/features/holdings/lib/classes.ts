import {
  COMPOUNDING_FREQUENCIES,
  CROWDFUNDING_STATUSES,
  GENERIC_ASSET_TYPES,
  type HoldingClass,
  isTaxExempt,
  MARKET_EXCHANGES,
  MARKET_SECTORS,
  PROPERTY_TYPES,
  SAVINGS_ACCOUNT_TYPES,
  SIZE_UNITS,
} from '@/contracts/holdings';
import { CURRENCIES } from '@/contracts/settings';
import { dec, toPlain } from '@/domain/money/decimal';
import { typedDecimal } from '@/web/lib/format';

/** Where each class lives in the app (spec 002, section 2). */
export const CLASS_PATHS: Record<HoldingClass, string> = {
  market: '/assets/market',
  crypto: '/assets/crypto',
  real_estate: '/assets/real-estate',
  crowdfunding: '/assets/crowdfunding',
  savings: '/assets/savings',
  generic: '/assets',
};

/** The classes with a page of their own, in the sidebar's order. */
export const PAGE_CLASSES = ['market', 'crypto', 'real_estate', 'crowdfunding', 'savings'] as const;

/**
 * `decimal` travels as a decimal string, `integer` and `number` as JSON numbers, `percent` is
 * typed as a percentage and sent as a fraction (30 -> "0.3").
 */
export type FieldKind =
  'text' | 'url' | 'decimal' | 'percent' | 'integer' | 'number' | 'date' | 'select' | 'textarea';

/** One field of a class's add form: its name in the contract, its control and its choices. */
export type FieldSpec = {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** Choices of a select; labels come from `holdings:options.<name>.<value>` unless `raw`. */
  options?: readonly string[];
  raw?: boolean;
  /** Spans both columns. */
  wide?: boolean;
  /** A default value in the form. */
  initial?: string;
  /** Left out of the form (and of the body) while this holds for the form's values. */
  hiddenWhen?: (values: Record<string, string>) => boolean;
  /** A date that starts on today and cannot be after it (as purchase dates). */
  today?: boolean;
};

/**
 * The day a typed current value was true: today unless the user picks the day of an estimate,
 * so a value found months ago is not counted as today's gain (docs/decisions.md).
 */
const currentValueDate: FieldSpec = { name: 'currentValueDate', kind: 'date', today: true };

/** Whether a field shows for these form values. */
export const isShown = (field: FieldSpec, values: Record<string, string>) =>
  !field.hiddenWhen?.(values);

const notes: FieldSpec = { name: 'notes', kind: 'textarea', wide: true };

const currency = (holdingClass: HoldingClass): FieldSpec => ({
  name: 'currency',
  kind: 'select',
  options: CURRENCIES,
  raw: true,
  initial: holdingClass === 'crypto' || holdingClass === 'generic' ? 'USD' : 'EUR',
});

/** The add form of each class (the fields of its create schema, in a sensible order). */
export const CLASS_FIELDS: Record<HoldingClass, FieldSpec[]> = {
  market: [
    { name: 'symbol', kind: 'text', required: true },
    { name: 'name', kind: 'text', required: true },
    { name: 'quantity', kind: 'decimal', required: true },
    { name: 'purchasePrice', kind: 'decimal', required: true },
    { name: 'currentPrice', kind: 'decimal', required: true },
    { name: 'purchaseDate', kind: 'date', required: true },
    { name: 'sector', kind: 'select', options: MARKET_SECTORS },
    { name: 'exchange', kind: 'select', options: MARKET_EXCHANGES, raw: true },
    currency('market'),
    notes,
  ],
  crypto: [
    { name: 'symbol', kind: 'text', required: true },
    { name: 'name', kind: 'text', required: true },
    { name: 'quantity', kind: 'decimal', required: true },
    { name: 'purchasePrice', kind: 'decimal', required: true },
    { name: 'currentPrice', kind: 'decimal', required: true },
    { name: 'purchaseDate', kind: 'date', required: true },
    { name: 'exchange', kind: 'text' },
    { name: 'walletAddress', kind: 'text' },
    currency('crypto'),
    notes,
  ],
  real_estate: [
    { name: 'propertyName', kind: 'text', required: true },
    {
      name: 'propertyType',
      kind: 'select',
      options: PROPERTY_TYPES,
      required: true,
      initial: 'apartment',
    },
    { name: 'address', kind: 'text', required: true, wide: true },
    { name: 'city', kind: 'text' },
    { name: 'zipCode', kind: 'text' },
    { name: 'state', kind: 'text' },
    { name: 'country', kind: 'text' },
    { name: 'purchasePrice', kind: 'decimal', required: true },
    { name: 'currentValue', kind: 'decimal', required: true },
    { name: 'purchaseDate', kind: 'date', required: true },
    currentValueDate,
    { name: 'rentalIncome', kind: 'decimal' },
    { name: 'size', kind: 'decimal' },
    { name: 'sizeUnit', kind: 'select', options: SIZE_UNITS, initial: 'sqm' },
    { name: 'bedrooms', kind: 'integer' },
    { name: 'bathrooms', kind: 'integer' },
    { name: 'latitude', kind: 'number' },
    { name: 'longitude', kind: 'number' },
    currency('real_estate'),
    { name: 'description', kind: 'textarea', wide: true },
  ],
  crowdfunding: [
    { name: 'platform', kind: 'text', required: true },
    { name: 'projectName', kind: 'text', required: true },
    { name: 'amountInvested', kind: 'decimal', required: true },
    { name: 'investmentDate', kind: 'date', required: true },
    { name: 'valuation', kind: 'decimal' },
    currentValueDate,
    { name: 'equityPercentage', kind: 'decimal' },
    { name: 'expectedReturn', kind: 'decimal' },
    { name: 'duration', kind: 'integer' },
    { name: 'status', kind: 'select', options: CROWDFUNDING_STATUSES, initial: 'active' },
    currency('crowdfunding'),
    notes,
  ],
  savings: [
    { name: 'accountName', kind: 'text', required: true },
    { name: 'bankName', kind: 'text', required: true },
    {
      name: 'accountType',
      kind: 'select',
      options: SAVINGS_ACCOUNT_TYPES,
      required: true,
      initial: 'livret_a',
    },
    { name: 'accountNumber', kind: 'text' },
    { name: 'currentBalance', kind: 'decimal', required: true },
    { name: 'interestRate', kind: 'decimal' },
    {
      name: 'compoundingFrequency',
      kind: 'select',
      options: COMPOUNDING_FREQUENCIES,
      initial: 'monthly',
    },
    { name: 'openingDate', kind: 'date', required: true },
    { name: 'maturityDate', kind: 'date' },
    { name: 'minimumBalance', kind: 'decimal' },
    { name: 'earlyWithdrawalPenaltyRate', kind: 'decimal' },
    // Livret A, LDD and PEL pay no tax on interest: no rate to ask (the server stores 0).
    {
      name: 'taxRate',
      kind: 'percent',
      initial: '30',
      hiddenWhen: (values) => isTaxExempt(values.accountType ?? ''),
    },
    currency('savings'),
    { name: 'bankLogoUrl', kind: 'url', wide: true },
    notes,
  ],
  generic: [
    { name: 'type', kind: 'select', options: GENERIC_ASSET_TYPES, required: true, initial: 'etf' },
    { name: 'name', kind: 'text', required: true },
    { name: 'symbol', kind: 'text' },
    { name: 'quantity', kind: 'decimal', required: true },
    { name: 'purchasePrice', kind: 'decimal', required: true },
    { name: 'currentPrice', kind: 'decimal', required: true },
    { name: 'purchaseDate', kind: 'date', required: true },
    currentValueDate,
    { name: 'maturityDate', kind: 'date' },
    { name: 'dividendYield', kind: 'decimal' },
    { name: 'expenseRatio', kind: 'decimal' },
    { name: 'sector', kind: 'text' },
    { name: 'country', kind: 'text' },
    currency('generic'),
    { name: 'description', kind: 'textarea', wide: true },
  ],
};

/** A percentage typed by the user as the fraction the API stores; anything else as typed. */
export function percentToFraction(raw: string) {
  const value = typedDecimal(raw);
  try {
    return /^-?\d+(\.\d+)?$/.test(value) ? toPlain(dec(value).div(100)) : value;
  } catch {
    return value;
  }
}

/** A fraction the API stores ("0.3") as the percentage the form shows ("30"). */
export function fractionToPercent(fraction: string) {
  return toPlain(dec(fraction).mul(100));
}

/**
 * Typed text (not empty) as the API takes it: numbers as JSON numbers or decimal strings read in
 * either convention, percentages as fractions. A number that cannot be read is sent as typed, so
 * the contract's message names it.
 */
export function typedValue(kind: FieldKind, raw: string): unknown {
  switch (kind) {
    case 'integer':
    case 'number': {
      const value = typedDecimal(raw);
      return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    }
    case 'decimal':
      return typedDecimal(raw);
    case 'percent':
      return percentToFraction(raw);
    default:
      return raw;
  }
}

/**
 * Turns the form's strings into the create body: empty optional fields and hidden ones are left
 * out. A number the browser cannot read is sent as typed, so the contract's message names it.
 */
export function toCreateBody(holdingClass: HoldingClass, values: Record<string, string>) {
  const body: Record<string, unknown> = { class: holdingClass };
  for (const field of CLASS_FIELDS[holdingClass]) {
    if (!isShown(field, values)) continue;
    const raw = (values[field.name] ?? '').trim();
    if (raw === '') continue;
    body[field.name] = typedValue(field.kind, raw);
  }
  return body;
}
