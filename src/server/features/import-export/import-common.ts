import { createHash } from 'node:crypto';
import type { z, ZodError } from 'zod';
import type { HoldingClass } from '@/contracts/holdings';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportIssue,
  type importBodySchema,
  importFieldsOf,
} from '@/contracts/import-export';
import { VALIDATION_MESSAGES as M, validationMessageId } from '@/contracts/validation-messages';
import { importIssue } from '@/domain/import/issues';
import { normaliseHeader, resolveMapping } from '@/domain/import/mapping';
import { type DecimalStyle, decimalStyleOf } from '@/domain/import/values';
import { AppError } from '../../platform/errors';
import { mapInSlices } from '../../platform/time-slices';
import { parseCsv, undecodableLine, unescapeFormula } from '../../platform/csv';
import { type HoldingRow, type Scope } from '../ledger';

/** What every kind of import shares: reading the file, mapping it, naming assets, zod issues. */

export type ImportBody = z.output<typeof importBodySchema>;
export type Row = { row: number; values: Record<string, string> };

export type Prepared = {
  columns: string[];
  mapping: Record<string, string>;
  rows: Row[];
  issues: ImportIssue[];
  decimalStyle: DecimalStyle;
  /** Rows were read (no file-level problem stops checking them). */
  readable: boolean;
};

/** A file over the size limit is refused before anything reads it. */
export function assertImportSize(csv: string) {
  if (Buffer.byteLength(csv, 'utf8') > IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', { maxBytes: IMPORT_MAX_BYTES });
  }
}

/**
 * Reads a file: its rows, mapped to fields, and the file's own problems. Pure (a compute worker
 * runs it: import-rows.ts); the size is checked before (`assertImportSize`).
 */
export async function readImportFile(
  body: Pick<ImportBody, 'kind' | 'csv' | 'mapping'>,
): Promise<Prepared> {
  const parsed = await parseCsv(body.csv);
  const { mapping, issues: mappingIssues } = resolveMapping(
    importFieldsOf(body.kind),
    parsed.columns,
    body.mapping,
  );
  const issues = [...parsed.issues, ...mappingIssues];
  const position = new Map<string, number>();
  parsed.columns.forEach((column, index) => {
    if (!position.has(column)) position.set(column, index);
  });
  const rows = await mapInSlices(parsed.records, (record) => {
    const values: Record<string, string> = {};
    for (const [field, column] of Object.entries(mapping)) {
      const index = position.get(column);
      const cell = index === undefined ? '' : unescapeFormula((record.cells[index] ?? '').trim());
      if (cell !== '') values[field] = cell;
    }
    return { row: record.row, values };
  });
  let readable = parsed.columns.length > 0;
  // Text a client decoded in the wrong encoding: refused whole rather than saved as garbage.
  const undecodable = undecodableLine(body.csv);
  if (undecodable !== null) {
    issues.push(importIssue(undecodable, 'encodingInvalid'));
    readable = false;
  }
  if (readable && rows.length === 0) issues.push(importIssue(1, 'noRows'));
  if (rows.length > IMPORT_MAX_ROWS) {
    issues.push(importIssue(1, 'tooManyRows', { max: String(IMPORT_MAX_ROWS) }));
    readable = false;
  }
  return {
    columns: parsed.columns,
    mapping,
    rows,
    issues,
    decimalStyle: decimalStyleOf(parsed.delimiter),
    readable,
  };
}

/** A zod failure on a row, one issue per problem, named by the field the value came from. */
export function zodIssues(
  row: number,
  error: ZodError,
  given: (field: string) => boolean,
  sourceOf: (field: string) => string = (field) => field,
): ImportIssue[] {
  return error.issues.map((problem) => {
    const field = problem.path.length ? String(problem.path[0]) : null;
    const knownId = validationMessageId(problem.message);
    const base = { row, field: field ? sourceOf(field) : null };
    // A missing cell says so ('This field is required'), unless the field's own message does
    // ('Purchase date is required'); a rule about the value would misread it.
    const missing = field !== null && !given(field);
    if (knownId && (!missing || knownId.endsWith('Required'))) {
      return { ...base, message: problem.message, code: knownId, params: null };
    }
    if (missing) {
      return { ...base, message: M.required, code: 'required', params: null };
    }
    if (problem.code === 'invalid_value' && 'values' in problem) {
      return importIssue(
        row,
        'choice',
        { values: problem.values.map(String).join(', ') },
        base.field,
      );
    }
    if (problem.code === 'invalid_type' && problem.expected === 'number') {
      return { ...base, message: M.numberInvalid, code: 'numberInvalid', params: null };
    }
    if (problem.code === 'too_big' && problem.origin === 'string') {
      return { ...base, message: M.textTooLong, code: 'textTooLong', params: null };
    }
    return importIssue(row, 'invalid', null, base.field);
  });
}

/**
 * Issues of a schema without those on fields already refused for reading two ways (a number left
 * out as ambiguous would also be reported missing).
 */
export function besides(issues: ImportIssue[], refused: readonly ImportIssue[]): ImportIssue[] {
  const fields = new Set(refused.map((issue) => issue.field));
  return issues.filter((issue) => !issue.field || !fields.has(issue.field));
}

/** An API refusal (INSUFFICIENT_BALANCE...) as an issue of a row. */
export function appErrorIssue(row: number, error: AppError): ImportIssue {
  return {
    row,
    field: null,
    message: error.message,
    code: error.code,
    params: error.details
      ? Object.fromEntries(Object.entries(error.details).map(([k, v]) => [k, String(v)]))
      : null,
  };
}

const CLASS_NAMES: Record<string, HoldingClass> = {
  market: 'market',
  marketinvestment: 'market',
  bourse: 'market',
  crypto: 'crypto',
  cryptoinvestment: 'crypto',
  realestate: 'real_estate',
  realestateinvestment: 'real_estate',
  immobilier: 'real_estate',
  crowdfunding: 'crowdfunding',
  crowdfundinginvestment: 'crowdfunding',
  savings: 'savings',
  savingsaccount: 'savings',
  epargne: 'savings',
  generic: 'generic',
  genericasset: 'generic',
  other: 'generic',
  autre: 'generic',
};
export const classOf = (value: string | undefined) =>
  value ? (CLASS_NAMES[normaliseHeader(value)] ?? null) : null;

export const sameText = (a: string | null | undefined, b: string | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * The id a holding imported from a file's `assetRef` gets in this portfolio view: a name-based
 * UUID (version 5 layout, SHA-1) of the view and the ref. The transactions and savings files of
 * the same export, imported later in separate requests, find the holding by computing it again,
 * with nothing stored beside the holding; two views (or two portfolios) importing one file get
 * different ids.
 */
export function holdingIdForRef(scope: Pick<Scope, 'portfolioId' | 'simulationId'>, ref: string) {
  const bytes = createHash('sha1')
    .update(`cairn:import:holding:${scope.portfolioId}:${scope.simulationId ?? 'real'}:${ref}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The holding a file's `assetRef` names in this view: the one an import of that file's holdings
 * created here, else the holding with that id (a file exported from this very view).
 */
export function holdingByRef<H extends Pick<HoldingRow, 'id'>>(
  candidates: readonly H[],
  scope: Pick<Scope, 'portfolioId' | 'simulationId'>,
  ref: string,
): H | null {
  const derived = holdingIdForRef(scope, ref);
  const id = ref.toLowerCase();
  return (
    candidates.find((holding) => holding.id === derived) ??
    candidates.find((holding) => holding.id === id) ??
    null
  );
}
