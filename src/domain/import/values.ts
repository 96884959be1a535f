import { type ImportIssue, importIssue } from './issues';

/**
 * How a CSV import reads numbers and dates written the way spreadsheets write them.
 *
 * Numbers. A comma-separated file writes decimals with a point (12.5). A semicolon- or
 * tab-separated file is what a French spreadsheet saves ("CSV (point-virgule)"): decimals with a
 * comma (12,5), thousands grouped with a space, a no-break space, a narrow no-break space or a
 * point (1 234,56 · 1.234,56). A plain point still reads as a decimal point there (0.5, 12.5).
 * A value that reads two ways is refused on its row rather than guessed: 1,000 in such a file is
 * 1 to a French reader and 1000 to an English one, 1.234 is 1234 or 1.234; so are English
 * thousands (1,234.56). Spaces grouping thousands are read in comma-separated files too.
 *
 * Dates. YYYY-MM-DD, or day first: DD/MM/YYYY (also with . or -, one-digit day or month, and a
 * midnight time a spreadsheet may add). Month-first dates are never read: 04/13/2024 is refused,
 * and 03/04/2024 is 3 April, always (one rule for every file, rather than a guess per file that
 * could read two files of the same user differently).
 */

export type DecimalStyle = 'point' | 'comma';

/** The decimal style of a file by its delimiter. */
export const decimalStyleOf = (delimiter: string): DecimalStyle =>
  delimiter === ';' || delimiter === '\t' ? 'comma' : 'point';

/** Fields holding a decimal amount, quantity, rate or coordinate. */
export const DECIMAL_FIELDS = new Set([
  'quantity',
  'purchasePrice',
  'currentPrice',
  'currentValue',
  'rentalIncome',
  'size',
  'amountInvested',
  'valuation',
  'equityPercentage',
  'expectedReturn',
  'currentBalance',
  'openingBalance',
  'minimumBalance',
  'earlyWithdrawalPenaltyRate',
  'interestRate',
  'taxRate',
  'dividendYield',
  'expenseRatio',
  'latitude',
  'longitude',
  'bedrooms',
  'bathrooms',
  'duration',
  'price',
  'fees',
  'exchangeRateToBase',
  'amount',
  'taxWithheld',
]);

/** Fields whose schema takes a number rather than a decimal string. */
export const NUMBER_FIELDS = new Set([
  'bedrooms',
  'bathrooms',
  'latitude',
  'longitude',
  'duration',
]);

export const DATE_FIELDS = new Set([
  'purchaseDate',
  'investmentDate',
  'openingDate',
  'maturityDate',
  'tradeDate',
  'settlementDate',
  'transactionDate',
  'startDate',
]);

const SPACE = '[ \\u00A0\\u202F]';
const SPACE_GROUPS = new RegExp(`^\\d{1,3}(${SPACE}\\d{3})+([.,]\\d+)?$`);
const SPACES = new RegExp(SPACE, 'g');

export type ReadNumber = { value: string; ambiguous: false } | { value: string; ambiguous: true };

/**
 * A number cell as a plain decimal ("1234.56"), or `ambiguous`. What is not recognised is given
 * back as it is, for the field's own rule to refuse.
 */
export function readDecimal(raw: string, style: DecimalStyle): ReadNumber {
  const text = raw.trim();
  const sign = text.startsWith('-') ? '-' : '';
  const body = sign ? text.slice(1) : text;
  const ok = (value: string): ReadNumber => ({ value: sign + value, ambiguous: false });
  const ambiguous: ReadNumber = { value: text, ambiguous: true };
  if (/^\d+(\.\d+)?$/.test(body)) {
    // 1.234 in a French file is 1234 (a thousands point) or 1.234: refused. 0.5, 12.5: decimals.
    if (style === 'comma' && /^[1-9]\d{0,2}\.\d{3}$/.test(body)) return ambiguous;
    return ok(body);
  }
  // 1 234,56 or 1 234.56: spaces group thousands, so the one mark left is the decimal one.
  if (SPACE_GROUPS.test(body)) return ok(body.replace(SPACES, '').replace(',', '.'));
  if (style === 'point') return { value: text, ambiguous: false };
  // Semicolon and tab files.
  if (/^\d+,\d+$/.test(body)) {
    // 1,000 is 1 to a French reader and 1000 to an English one.
    if (/^[1-9]\d{0,2},\d{3}$/.test(body)) return ambiguous;
    return ok(body.replace(',', '.'));
  }
  // 1.234,56 and 1.234.567: French thousands points.
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(body)) return ok(body.replace(/\./g, '').replace(',', '.'));
  if (/^\d{1,3}(\.\d{3}){2,}$/.test(body)) return ok(body.replace(/\./g, ''));
  // English thousands (1,234,567 · 1,234.56) in a file whose decimal mark is the comma.
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(body)) return ambiguous;
  return { value: text, ambiguous: false };
}

const pad = (value: string) => value.padStart(2, '0');

/** A date cell as YYYY-MM-DD when it is written in an accepted way; otherwise as it is. */
export function readDate(raw: string): string {
  const text = raw.trim().replace(/[ T]00:00(:00(\.0+)?)?$/, '');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad(iso[2] ?? '')}-${pad(iso[3] ?? '')}`;
  const dayFirst = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[4]}-${pad(dayFirst[3] ?? '')}-${pad(dayFirst[1] ?? '')}`;
  return raw.trim();
}

/**
 * A row's cells with numbers and dates read (numbers of integer or coordinate fields as numbers,
 * as their schemas take them), and an issue for each number that reads two ways.
 */
export function readRow(
  row: number,
  values: Record<string, string>,
  style: DecimalStyle,
): { values: Record<string, string | number>; issues: ImportIssue[] } {
  const out: Record<string, string | number> = {};
  const issues: ImportIssue[] = [];
  for (const [field, raw] of Object.entries(values)) {
    if (DECIMAL_FIELDS.has(field)) {
      const read = readDecimal(raw, style);
      if (read.ambiguous) {
        issues.push(importIssue(row, 'numberAmbiguous', { value: read.value }, field));
        continue;
      }
      out[field] =
        NUMBER_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(read.value)
          ? Number(read.value)
          : read.value;
    } else if (DATE_FIELDS.has(field)) {
      out[field] = readDate(raw);
    } else {
      out[field] = raw;
    }
  }
  return { values: out, issues };
}
