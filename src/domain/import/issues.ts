/**
 * What a CSV import says about a row or a file: the closed list of import issue ids with their
 * English texts (the API's language; clients translate the id), and the builder that fills a
 * text's {{placeholders}}. Pure, so that the import's value and mapping rules (./values,
 * ./mapping) can name their issues; src/contracts/import-export re-exports it for the API.
 */

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
  assetAmbiguous: 'Several assets match this row: give its assetRef, or its class, name and symbol',
  assetMissing: 'Name the asset (assetRef, assetName or assetSymbol)',
  accountMissing: 'Name the savings account (assetRef or accountName)',
  duplicateRef: 'This ref is used by another row',
  assetRefImported: 'The asset {{ref}} of this file was already imported here',
  encodingInvalid:
    'The file is not in a supported encoding: save it as CSV UTF-8 (or Windows-1252) and try again',
  numberAmbiguous:
    '{{value}} can be read as a decimal comma or a thousands separator: write it without thousands separators (1000 or 1,5)',
  taxWithheldInvalid: 'Tax withheld is a sum from 0 to the amount, on interest only',
  lotRefUnknown: 'Unknown lot ref {{ref}}',
  selectedLotsFormat: 'Write lots as ref:quantity separated by ;',
} as const;
export type ImportIssueId = keyof typeof IMPORT_ISSUES;
export const isImportIssueId = (code: string): code is ImportIssueId => code in IMPORT_ISSUES;

/** One problem of an import (the shape of the API's `importIssueSchema`). */
export type ImportIssue = {
  /** The row as a spreadsheet numbers it: the column names are row 1, the first data row 2. */
  row: number;
  /** The target field, or null for the whole row or file. */
  field: string | null;
  /** English text (the API's language); clients translate `code`. */
  message: string;
  /** A validation message id, an import issue id (IMPORT_ISSUES) or an error code. */
  code: string | null;
  params: Record<string, string> | null;
};

/** An import issue of the closed list, its text's {{placeholders}} filled from `params`. */
export const importIssue = (
  row: number,
  code: ImportIssueId,
  params: Record<string, string> | null = null,
  field: string | null = null,
): ImportIssue => ({
  row,
  field,
  code,
  params,
  message: Object.entries(params ?? {}).reduce(
    (text, [key, value]) => text.replace(`{{${key}}}`, value),
    IMPORT_ISSUES[code] as string,
  ),
});
