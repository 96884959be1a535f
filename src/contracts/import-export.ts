import { z } from 'zod';
import {
  cryptoHoldingSchema,
  crowdfundingHoldingSchema,
  genericHoldingSchema,
  HOLDING_CLASSES,
  type HoldingClass,
  marketHoldingSchema,
  realEstateHoldingSchema,
  savingsHoldingSchema,
} from './holdings';

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

/** `cairn-<kind>-YYYY-MM-DD.csv`. */
export const exportFileName = (kind: ExportKind, day: string) => `cairn-${kind}-${day}.csv`;

/** The endpoint of an export (a plain link downloads it: the session cookie goes with it). */
export function exportPath(portfolioId: string, kind: ExportKind, simulationId: string | null) {
  const sim = simulationId ? `?sim=${encodeURIComponent(simulationId)}` : '';
  return `/api/v1/portfolios/${encodeURIComponent(portfolioId)}/export/${kind}.csv${sim}`;
}

export const IMPORT_KINDS = ['holdings', 'transactions'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** At most 5 MB of text and 20,000 data rows per file (security checklist 19). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** A preview shows this many rows, and at most this many errors (the count says how many). */
export const IMPORT_SAMPLE_ROWS = 10;
export const IMPORT_MAX_ERRORS = 500;

// Holdings columns ---------------------------------------------------------------------------------

export const HOLDING_CLASS_SCHEMAS = {
  market: marketHoldingSchema,
  crypto: cryptoHoldingSchema,
  real_estate: realEstateHoldingSchema,
  crowdfunding: crowdfundingHoldingSchema,
  savings: savingsHoldingSchema,
  generic: genericHoldingSchema,
} as const;

/** Each class's create fields, in the schema's order (without `class`). */
export const HOLDING_CLASS_FIELDS = Object.fromEntries(
  HOLDING_CLASSES.map((holdingClass) => [
    holdingClass,
    Object.keys(HOLDING_CLASS_SCHEMAS[holdingClass].shape).filter((key) => key !== 'class'),
  ]),
) as unknown as Record<HoldingClass, readonly string[]>;

/** What every holding has: the columns of the all-assets file before the classes' own fields. */
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

/** The all-assets file: the common columns, then every class's own fields. */
export const ASSETS_EXPORT_COLUMNS: readonly string[] = unique([
  ...HOLDING_COMMON_FIELDS,
  ...HOLDING_CLASSES.flatMap(holdingDetailFields),
]);

/** A per-class file: `class`, the class's create fields, and `status` when the class has none. */
export const classExportColumns = (holdingClass: HoldingClass): readonly string[] =>
  unique(['class', ...HOLDING_CLASS_FIELDS[holdingClass], 'status']);

/** Every field a holdings file may carry. */
export const HOLDING_IMPORT_FIELDS: readonly string[] = unique([
  ...ASSETS_EXPORT_COLUMNS,
  ...HOLDING_CLASSES.flatMap((holdingClass) => HOLDING_CLASS_FIELDS[holdingClass]),
]);

/** Fields whose schema takes a number rather than a decimal string. */
export const NUMBER_FIELDS = new Set([
  'bedrooms',
  'bathrooms',
  'latitude',
  'longitude',
  'duration',
]);

// Transactions columns -----------------------------------------------------------------------------

/**
 * A transaction names its asset by class, name and symbol (or `assetId`). `ref` identifies a row
 * within the file (the export writes the transaction's id); `selectedLots` lists a specific-lot
 * sale's lots as `ref:quantity` separated by `;`, the refs being the buys' refs.
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
] as const;

export const TRANSACTION_IMPORT_FIELDS: readonly string[] = [
  ...TRANSACTION_EXPORT_COLUMNS,
  'assetId',
];

export const importFieldsOf = (kind: ImportKind) =>
  kind === 'holdings' ? HOLDING_IMPORT_FIELDS : TRANSACTION_IMPORT_FIELDS;

// Requests and answers -----------------------------------------------------------------------------

export const importBodySchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** The file's text (UTF-8); comma or semicolon separated, first row the column names. */
  csv: z.string(),
  /** Target field -> the file's column; '' leaves a field out. Fields not named are guessed. */
  mapping: z.record(z.string().max(100), z.string().max(200)).optional(),
  /**
   * Holdings only. true (default): each holding gets an opening buy of its quantity at its
   * purchase price, as when added by hand. false: the holdings start with no transaction and
   * their quantity and cost come from a transactions file imported next (the round trip of an
   * export); their quantity may then be 0.
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
});
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

/** What an import can say about a row beyond the shared validation messages. */
export const IMPORT_ISSUES = {
  required: 'This field is required',
  choice: 'Use one of: {{values}}',
  invalid: 'Invalid value',
  emptyFile: 'The file has no column names',
  noRows: 'The file has no data rows',
  tooManyRows: 'The file has more than {{max}} rows',
  duplicateColumn: 'The column {{column}} appears more than once',
  unknownColumn: 'The file has no column {{column}}',
  malformedRow: 'This row could not be read: {{reason}}',
  classInvalid: 'Use market, crypto, real_estate, crowdfunding, savings or generic',
  assetNotFound: 'No asset of this portfolio matches this row',
  assetAmbiguous: 'Several assets match this row: give its class, name and symbol',
  assetMissing: 'Name the asset (assetName or assetSymbol)',
  duplicateRef: 'This ref is used by another row',
  lotRefUnknown: 'Unknown lot ref {{ref}}',
  selectedLotsFormat: 'Write lots as ref:quantity separated by ;',
} as const;
export type ImportIssueId = keyof typeof IMPORT_ISSUES;
export const isImportIssueId = (code: string): code is ImportIssueId => code in IMPORT_ISSUES;
