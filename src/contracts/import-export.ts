import { z } from 'zod';
import type { ImportIssue as DomainImportIssue } from '@/domain/import/issues';
import { text } from './input-rules';
import { HOLDING_CLASSES, HOLDING_CREATE_SCHEMAS, type HoldingClass } from './holdings';

/**
 * CSV export and import (spec 002, section 9 "Exports"; security checklist 19). Column names are
 * the camelCase field names of the create schemas, so an exported file imports as it is.
 */

export const EXPORT_KINDS = [
  'assets',
  'market',
  'crypto',
  'real-estate',
  'crowdfunding',
  'savings',
  'transactions',
  // Rates before movements: the order a restore imports them in (docs/decisions.md).
  'savings-rates',
  'savings-movements',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The class each per-class export holds. */
export const EXPORT_KIND_CLASS = {
  market: 'market',
  crypto: 'crypto',
  'real-estate': 'real_estate',
  crowdfunding: 'crowdfunding',
  savings: 'savings',
} as const satisfies Partial<Record<ExportKind, HoldingClass>>;

/** Transactions are read and written in batches of this many (spec 002, section 9). */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * `cairn-<kind>-YYYY-MM-DD.csv`. The server names a file with today's UTC date; the web names the
 * file it saves with the user's local date (`localDay`).
 */
export const exportFileName = (kind: ExportKind, day: string) => `cairn-${kind}-${day}.csv`;

/** A date as YYYY-MM-DD in the time zone of the machine it runs on (the user's, in a browser). */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The endpoint of an export (a plain link downloads it: the session cookie goes with it). */
export function exportPath(portfolioId: string, kind: ExportKind, simulationId: string | null) {
  const sim = simulationId ? `?sim=${encodeURIComponent(simulationId)}` : '';
  return `/api/v1/portfolios/${encodeURIComponent(portfolioId)}/export/${kind}.csv${sim}`;
}

export const IMPORT_KINDS = [
  'holdings',
  'transactions',
  // Rates before movements: the order a restore imports them in (docs/decisions.md).
  'savings-rates',
  'savings-movements',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** At most 5 MB of text and 20,000 data rows per file (security checklist 19). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** A preview shows this many rows, and at most this many errors (the count says how many). */
export const IMPORT_SAMPLE_ROWS = 10;
export const IMPORT_MAX_ERRORS = 500;

// Holdings columns ---------------------------------------------------------------------------------

/**
 * Fields of the create body that files do not carry: the date of a typed current value (an
 * export has none to write, the value history being its own; an imported holding's current value
 * is dated on the day of the import, as before).
 */
const NOT_IN_FILES = new Set(['class', 'currentValueDate']);

/** Each class's create fields, in the schema's order (without `class`). */
export const HOLDING_CLASS_FIELDS = Object.fromEntries(
  HOLDING_CLASSES.map((holdingClass) => [
    holdingClass,
    Object.keys(HOLDING_CREATE_SCHEMAS[holdingClass].shape).filter((key) => !NOT_IN_FILES.has(key)),
  ]),
) as unknown as Record<HoldingClass, readonly string[]>;

/**
 * What every holding has: the columns of the all-assets file before the classes' own fields.
 * `assetRef` is the holding's id at export; the transactions and savings files name their asset
 * with it, so two holdings with the same class, name and symbol (the same share at two brokers)
 * stay apart through an export and an import.
 */
export const HOLDING_COMMON_FIELDS = [
  'class',
  'name',
  'symbol',
  'quantity',
  'purchasePrice',
  'currentPrice',
  'purchaseDate',
  'currency',
  'status',
] as const;

/** A class's own name for a common field: it reads the common column when its own is empty. */
export const HOLDING_FIELD_ALIASES: Partial<
  Record<HoldingClass, Record<string, (typeof HOLDING_COMMON_FIELDS)[number]>>
> = {
  real_estate: { propertyName: 'name', currentValue: 'currentPrice' },
  crowdfunding: {
    projectName: 'name',
    amountInvested: 'purchasePrice',
    valuation: 'currentPrice',
    investmentDate: 'purchaseDate',
  },
  savings: { accountName: 'name', currentBalance: 'quantity', openingDate: 'purchaseDate' },
};

const COMMON = new Set<string>(HOLDING_COMMON_FIELDS);
const unique = (values: readonly string[]) => [...new Set(values)];

/** A class's fields that are not common columns (they live in the holding's details). */
export const holdingDetailFields = (holdingClass: HoldingClass) =>
  HOLDING_CLASS_FIELDS[holdingClass].filter(
    (field) => !COMMON.has(field) && !HOLDING_FIELD_ALIASES[holdingClass]?.[field],
  );

/**
 * Columns of the holdings files after the fields: the holding's reference, and a savings
 * account's balance before its movements (what `savings-movements` starts from when an export is
 * imported back without opening transactions).
 */
export const HOLDING_TRAILING_FIELDS = ['openingBalance', 'assetRef'] as const;

/** The all-assets file: the common columns, then every class's own fields, then the references. */
export const ASSETS_EXPORT_COLUMNS: readonly string[] = unique([
  ...HOLDING_COMMON_FIELDS,
  ...HOLDING_CLASSES.flatMap(holdingDetailFields),
  ...HOLDING_TRAILING_FIELDS,
]);

/**
 * A per-class file: `class`, the class's create fields, `status` when the class has none, then
 * `openingBalance` (savings) and `assetRef`.
 */
export const classExportColumns = (holdingClass: HoldingClass): readonly string[] =>
  unique([
    'class',
    ...HOLDING_CLASS_FIELDS[holdingClass],
    'status',
    ...(holdingClass === 'savings' ? ['openingBalance'] : []),
    'assetRef',
  ]);

/** Every field a holdings file may carry. */
export const HOLDING_IMPORT_FIELDS: readonly string[] = unique([
  ...ASSETS_EXPORT_COLUMNS,
  ...HOLDING_CLASSES.flatMap((holdingClass) => HOLDING_CLASS_FIELDS[holdingClass]),
]);

/** Fields whose schema takes a number rather than a decimal string (the import's rule). */
export { NUMBER_FIELDS } from '@/domain/import/values';

// Transactions columns -----------------------------------------------------------------------------

/**
 * A transaction names its asset by `assetRef` (the holding's id at export: see
 * HOLDING_COMMON_FIELDS), or by class, name and symbol (or `assetId`) in a file made by hand.
 * `ref` identifies a row within the file (the export writes the transaction's id);
 * `selectedLots` lists a specific-lot sale's lots as `ref:quantity` separated by `;`, the refs
 * being the buys' refs.
 */
export const TRANSACTION_EXPORT_COLUMNS = [
  'assetClass',
  'assetName',
  'assetSymbol',
  'transactionType',
  'quantity',
  'price',
  'fees',
  'currency',
  'exchangeRateToBase',
  'tradeDate',
  'settlementDate',
  'costBasisMethod',
  'broker',
  'accountId',
  'notes',
  'status',
  'ref',
  'selectedLots',
  'assetRef',
] as const;

export const TRANSACTION_IMPORT_FIELDS: readonly string[] = [
  ...TRANSACTION_EXPORT_COLUMNS,
  'assetId',
];

// Savings history columns ----------------------------------------------------------------------------

/**
 * A savings account's deposits, withdrawals, interest and fees, in the order they were recorded
 * (the order the import applies them in, each moving the balance as when recorded by hand). The
 * account is named by `assetRef`, or by `accountName` in a file made by hand. `taxWithheld`
 * (interest only) keeps what was withheld; left empty, the account's tax rate decides.
 */
export const SAVINGS_MOVEMENT_EXPORT_COLUMNS = [
  'accountName',
  'transactionType',
  'transactionDate',
  'amount',
  'taxWithheld',
  'notes',
  'assetRef',
] as const;

/**
 * A savings account's rate changes, oldest first: from `startDate` the yearly rate is
 * `interestRate` percent (0 ends the open rate), as the rate form records them.
 */
export const SAVINGS_RATE_EXPORT_COLUMNS = [
  'accountName',
  'startDate',
  'interestRate',
  'compoundingFrequency',
  'notes',
  'assetRef',
] as const;

export const SAVINGS_MOVEMENT_IMPORT_FIELDS: readonly string[] = [
  ...SAVINGS_MOVEMENT_EXPORT_COLUMNS,
];
export const SAVINGS_RATE_IMPORT_FIELDS: readonly string[] = [...SAVINGS_RATE_EXPORT_COLUMNS];

export const importFieldsOf = (kind: ImportKind): readonly string[] => {
  switch (kind) {
    case 'holdings':
      return HOLDING_IMPORT_FIELDS;
    case 'transactions':
      return TRANSACTION_IMPORT_FIELDS;
    case 'savings-movements':
      return SAVINGS_MOVEMENT_IMPORT_FIELDS;
    case 'savings-rates':
      return SAVINGS_RATE_IMPORT_FIELDS;
  }
};

// Requests and answers -----------------------------------------------------------------------------

export const importBodySchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /**
   * The file's text, decoded by the client (the web reads UTF-8, UTF-16 with a byte order mark,
   * and Windows-1252); comma, semicolon or tab separated, first row the column names. Text with
   * U+FFFD (a byte the client could not decode) is refused (`encodingInvalid`).
   */
  csv: text(),
  /** Target field -> the file's column; '' leaves a field out. Fields not named are guessed. */
  mapping: z.record(text().max(100), text().max(200)).optional(),
  /**
   * Holdings only. true (default): each holding gets an opening buy of its quantity at its
   * purchase price (a savings account: its balance, and its rate from the opening date), as when
   * added by hand. false: the holdings start with no transaction and their quantity and cost come
   * from a transactions file imported next (the round trip of an export); their quantity may
   * then be 0. A savings account then starts at its `openingBalance` (when given) with no rate
   * record: its history comes from the savings-movements and savings-rates files.
   */
  openingTransactions: z.boolean().default(true),
  /** false: check and preview only; true: save everything, or nothing when a row is invalid. */
  commit: z.boolean().default(false),
});
export type ImportBody = z.input<typeof importBodySchema>;

export const importIssueSchema = z.object({
  /** The row as a spreadsheet numbers it: the column names are row 1, the first data row 2. */
  row: z.number().int(),
  /** The target field, or null for the whole row or file. */
  field: z.string().nullable(),
  /** English text (the API's language); clients translate `code`. */
  message: z.string(),
  /** A validation message id, an import issue id (IMPORT_ISSUES) or an error code. */
  code: z.string().nullable(),
  params: z.record(z.string(), z.string()).nullable(),
}) satisfies z.ZodType<DomainImportIssue>;
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importPreviewResponseSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** The file's column names, in order. */
  columns: z.array(z.string()),
  /** Target field -> column used. */
  mapping: z.record(z.string(), z.string()),
  /** Data rows (blank rows are skipped). */
  rows: z.number().int(),
  /** The first rows as mapped: target field -> cell. */
  sample: z.array(z.object({ row: z.number().int(), values: z.record(z.string(), z.string()) })),
  errors: z.array(importIssueSchema),
  /** Every error found (`errors` lists the first IMPORT_MAX_ERRORS). */
  errorCount: z.number().int(),
  valid: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewResponseSchema>;

export const importCommitResponseSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  imported: z.number().int(),
});
export type ImportCommit = z.infer<typeof importCommitResponseSchema>;

/** What an import can say about a row beyond the shared validation messages (domain/import). */
export { IMPORT_ISSUES, type ImportIssueId, isImportIssueId } from '@/domain/import/issues';
