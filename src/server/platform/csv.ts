import Papa from 'papaparse';
import { TimeSlices } from './time-slices';
import type { ImportIssue } from '@/contracts/import-export';
import { importIssue } from '@/domain/import/issues';

/**
 * CSV writing and reading for exports and imports (the portfolios' and the market data import).
 *
 * Writing (RFC 4180): comma-separated, CRLF line ends, a cell quoted when it holds a comma, a
 * quote, a line break or leading/trailing spaces, quotes doubled; the file starts with a UTF-8 byte
 * order mark so spreadsheets read accents right.
 *
 * Formula injection (OWASP "CSV injection"; security checklist 19): a cell whose first character
 * is = + - @ tab or carriage return is written with a single quote in front ('=HYPERLINK(...)),
 * so a spreadsheet shows it as text instead of running it. Amounts and quantities are never
 * negative in our exports; the only cells this touches are text a user typed and negative
 * coordinates (a property's longitude), which then read '-73.98 in a spreadsheet.
 *
 * The import removes that quote again. So that a quote the user typed survives too, the escape
 * is one more quote in front of any cell made of quotes then one of those characters: `=x` is
 * written `'=x`, `'=x` is written `''=x`, `''=x` `'''=x`; the import removes exactly one quote
 * from such a cell. A quote before anything else (`'quoted`) is left alone both ways.
 */

export const CSV_BOM = '\uFEFF';
/** Quotes (none or more) then a character a spreadsheet would start a formula with. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^''*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A cell made safe to open in a spreadsheet (see above). */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The import's inverse of `escapeFormula`. */
export function unescapeFormula(value: string): string {
  return ESCAPED_FORMULA.test(value) ? value.slice(1) : value;
}

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = escapeFormula(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A figure's cell: a plain decimal (a sign, digits, a point) is written as it is, since a
 * spreadsheet reads it as a number and never as a formula; anything else is a text cell.
 */
export function csvFigure(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return PLAIN_DECIMAL.test(text) ? text : csvCell(text);
}

/** One CSV line, CRLF included. */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export type CsvRecord = {
  /** The row as a spreadsheet numbers it (the column names are row 1). */
  row: number;
  cells: string[];
};

export type ParsedCsv = {
  columns: string[];
  /** Data rows, blank rows left out. */
  records: CsvRecord[];
  /** Problems with the file itself (no header, duplicate columns, unreadable rows). */
  issues: ImportIssue[];
  delimiter: string;
};

/**
 * The line (1-based) of the first U+FFFD REPLACEMENT CHARACTER, or null. A decoder writes one for
 * each byte it could not read: text holding one was decoded in the wrong encoding, and importing
 * it would save garbage ('quantit\uFFFD'), so the import refuses it instead.
 */
export function undecodableLine(text: string): number | null {
  const at = text.indexOf('\uFFFD');
  if (at < 0) return null;
  let line = 1;
  for (
    let index = text.indexOf('\n');
    index >= 0 && index < at;
    index = text.indexOf('\n', index + 1)
  ) {
    line += 1;
  }
  return line;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Papaparse row by row, pausing every few milliseconds so that a large file does not hold the
 * request thread (the same rows and errors as one `Papa.parse` call; `row` is the row's index).
 */
function parseInSlices(
  source: string,
  delimiter: string,
): Promise<{ data: string[][]; errors: Papa.ParseError[] }> {
  return new Promise((resolve, reject) => {
    const data: string[][] = [];
    const errors: Papa.ParseError[] = [];
    const slices = new TimeSlices();
    Papa.parse<string[]>(source, {
      header: false,
      skipEmptyLines: false,
      delimiter,
      step: (result, parser) => {
        for (const error of result.errors) errors.push({ ...error, row: data.length });
        data.push(result.data);
        if (slices.due()) {
          parser.pause();
          slices.pause().then(() => parser.resume(), reject);
        }
      },
      complete: () => resolve({ data, errors }),
      error: reject,
    });
  });
}

/**
 * Reads a CSV file: comma, semicolon or tab separated (detected by papaparse), quoted cells,
 * a byte order mark ignored. The first non-blank row names the columns. Rows are numbered as a
 * spreadsheet shows them, so blank rows are counted (then skipped) rather than dropped before
 * numbering.
 */
export async function parseCsv(text: string): Promise<ParsedCsv> {
  const source = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  // The delimiter is guessed on the first non-blank rows (blank rows would spoil the guess), then
  // the whole file is read with it, blank rows kept so that rows keep their numbers.
  const guessed = Papa.parse<string[]>(source, {
    preview: 50,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const parsed = await parseInSlices(source, guessed.meta.delimiter || ',');
  const issues: ImportIssue[] = [];
  for (const error of parsed.errors) {
    // A one-column file has no delimiter to detect: it reads as comma-separated, which is right.
    if (error.code === 'UndetectableDelimiter') continue;
    issues.push(importIssue((error.row ?? 0) + 1, 'malformedRow', { reason: error.message }));
  }
  const data = parsed.data;
  const headerIndex = data.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) {
    return { columns: [], records: [], issues: [importIssue(1, 'emptyFile')], delimiter: ',' };
  }
  const columns = (data[headerIndex] ?? []).map((name) => name.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    if (column && seen.has(column)) {
      issues.push(importIssue(headerIndex + 1, 'duplicateColumn', { column }));
    }
    seen.add(column);
  }
  const records: CsvRecord[] = [];
  for (let index = headerIndex + 1; index < data.length; index += 1) {
    const cells = data[index] ?? [];
    if (isBlank(cells)) continue;
    if (cells.slice(columns.length).some((cell) => cell.trim() !== '')) {
      issues.push(
        importIssue(index + 1, 'malformedRow', {
          reason: `${cells.length} cells for ${columns.length} columns`,
        }),
      );
    }
    records.push({ row: index + 1, cells });
  }
  return { columns, records, issues, delimiter: guessed.meta.delimiter || ',' };
}
