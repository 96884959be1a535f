import type { z, ZodError, ZodType } from 'zod';
import { IMPORT_MAX_ROWS, IMPORT_SAMPLE_ROWS, type ImportIssue } from '@/contracts/import-export';
import { pastIsoDate } from '@/contracts/input-rules';
import {
  closeSchema,
  INSTRUMENT_CURRENCIES,
  MARKET_DATA_IMPORT_ISSUES,
  type marketDataImportBodySchema,
  marketSymbol,
} from '@/contracts/market-data';
import { VALIDATION_MESSAGES as M, validationMessageId } from '@/contracts/validation-messages';
import { type CurrencyPair, euroRateFromPair, parsePair } from '@/domain/market-data/fx';
import { toPlain } from '@/domain/money/decimal';
import { arrayLiteral } from '../../db/bulk-insert';
import { importIssue } from '@/domain/import/issues';
import { parseCsv, undecodableLine, unescapeFormula } from '../../platform/csv';
import { issueList, type IssueList } from '../../platform/import-issues';
import { UPSERT_ROWS } from './market-data.repo';

/**
 * The CPU work of the market data CSV import, on a compute worker (compute-tasks.ts): reading
 * the file and checking each row (`checkMarketRowsTask`), and the euro rates its pair rows say
 * (`euroRatesTask`). Pure functions of structured-clone data; what goes back is small: the first
 * issues and their count, a few sample rows, each symbol's rows grouped by currency as row
 * numbers, and the closes and rates to upsert as array literals, `UPSERT_ROWS` rows a statement.
 * The request thread reads what the database knows and writes (import.service.ts).
 */

export type MarketDataImportBody = z.output<typeof marketDataImportBodySchema>;

const FIELDS = ['symbol', 'date', 'close', 'currency', 'volume', 'name'] as const;
type Field = (typeof FIELDS)[number];
const REQUIRED: readonly Field[] = ['symbol', 'date', 'close'];

type Row = { row: number; values: Partial<Record<Field, string>> };

type PriceItem = {
  row: number;
  symbol: string;
  date: string;
  close: string;
  volume: string | null;
  currency: string;
  name: string | null;
};
type FxItem = { row: number; pair: CurrencyPair; date: string; rate: string };

export function marketIssue(
  row: number,
  code: keyof typeof MARKET_DATA_IMPORT_ISSUES,
  params: Record<string, string>,
  field: string | null,
): ImportIssue {
  return {
    row,
    field,
    code,
    params,
    message: Object.entries(params).reduce(
      (text, [key, value]) => text.replaceAll(`{{${key}}}`, value),
      MARKET_DATA_IMPORT_ISSUES[code] as string,
    ),
  };
}

/** A zod refusal of one cell, as the shared validation message of its rule. */
function cellIssues(row: number, field: Field, error: ZodError): ImportIssue[] {
  const [problem] = error.issues;
  const id = problem ? validationMessageId(problem.message) : null;
  if (problem && id) return [{ row, field, message: problem.message, code: id, params: null }];
  return [importIssue(row, 'invalid', null, field)];
}

function checkCell<T>(
  row: number,
  field: Field,
  rule: ZodType<T>,
  value: string | undefined,
  issues: ImportIssue[],
): T | null {
  if (value === undefined) {
    issues.push({ row, field, message: M.required, code: 'required', params: null });
    return null;
  }
  const checked = rule.safeParse(value);
  if (checked.success) return checked.data;
  issues.push(...cellIssues(row, field, checked.error));
  return null;
}

const symbolRule = marketSymbol();
const dateRule = pastIsoDate();
const closeRule = closeSchema.shape.close;
const volumeRule = closeSchema.shape.volume;
const CURRENCY_OF = new Map<string, string>(
  INSTRUMENT_CURRENCIES.map((currency) => [currency.toUpperCase(), currency]),
);
// GBp is the canonical spelling of pence: "GBP" means pounds, "GBp"/"gbp"... only as typed.
const currencyOf = (value: string) =>
  (INSTRUMENT_CURRENCIES as readonly string[]).includes(value)
    ? value
    : value.toUpperCase() === 'GBP'
      ? 'GBP'
      : (CURRENCY_OF.get(value.toUpperCase()) ?? null);

/** Reads the file: columns by name (any case), cells with the formula escape removed. */
async function read(body: Pick<MarketDataImportBody, 'csv'>) {
  const parsed = await parseCsv(body.csv);
  const issues = [...parsed.issues];
  const position = new Map<Field, number>();
  const mapping: Record<string, string> = {};
  parsed.columns.forEach((column, index) => {
    const field = column.trim().toLowerCase() as Field;
    if ((FIELDS as readonly string[]).includes(field) && !position.has(field)) {
      position.set(field, index);
      mapping[field] = column;
    }
  });
  let readable = parsed.columns.length > 0;
  if (readable) {
    for (const field of REQUIRED) {
      if (!position.has(field)) {
        issues.push(importIssue(1, 'unknownColumn', { column: field }));
        readable = false;
      }
    }
  }
  const undecodable = undecodableLine(body.csv);
  if (undecodable !== null) {
    issues.push(importIssue(undecodable, 'encodingInvalid'));
    readable = false;
  }
  const decimalComma = parsed.delimiter !== ',';
  const rows: Row[] = [];
  for (const record of parsed.records) {
    const values: Row['values'] = {};
    for (const [field, index] of position) {
      let cell = unescapeFormula((record.cells[index] ?? '').trim());
      if (decimalComma && (field === 'close' || field === 'volume') && !cell.includes('.')) {
        cell = cell.replace(',', '.');
      }
      if (cell !== '') values[field] = cell;
    }
    rows.push({ row: record.row, values });
  }
  if (readable && rows.length === 0) issues.push(importIssue(1, 'noRows'));
  if (rows.length > IMPORT_MAX_ROWS) {
    issues.push(importIssue(1, 'tooManyRows', { max: String(IMPORT_MAX_ROWS) }));
    readable = false;
  }
  return { columns: parsed.columns, mapping, rows, issues, readable };
}

/** A symbol of the file's closes: the currency and name of its first row, its rows by currency. */
export type FileSymbol = {
  symbol: string;
  currency: string;
  name: string | null;
  rowsByCurrency: Record<string, number[]>;
};

/** Closes ready to upsert: per statement, array literals of symbol indexes (1-based), dates... */
export type PackedCloses = { symbols: string; dates: string; closes: string; volumes: string }[];

export type MarketRowsCheck = IssueList & {
  columns: string[];
  mapping: Record<string, string>;
  rows: number;
  sample: { row: number; values: Record<string, string> }[];
  readable: boolean;
  symbols: FileSymbol[];
  prices: number;
  /** The closes to upsert, when asked for (a commit) and every row passes. */
  closes: PackedCloses | null;
  /** The pair rows (`FxItem[]` as JSON, passed on to `euroRatesTask` unread), and their count. */
  fxEntries: string;
  fxRows: number;
  /** The euro rates of the cross pairs' bases on their days that the file does not say. */
  missing: { currency: string; date: string }[];
};

/** Reads a market data file and checks each row on its own (task `marketDataRows`). */
export async function checkMarketRowsTask(input: {
  body: Pick<MarketDataImportBody, 'csv'>;
  pack: boolean;
}): Promise<MarketRowsCheck> {
  const file = await read(input.body);
  const issues = [...file.issues];
  const prices: PriceItem[] = [];
  const fxItems: FxItem[] = [];
  const summary = {
    columns: file.columns,
    mapping: file.mapping,
    rows: file.rows.length,
    sample: file.rows
      .slice(0, IMPORT_SAMPLE_ROWS)
      .map((row) => ({ row: row.row, values: row.values as Record<string, string> })),
    readable: file.readable,
  };
  if (!file.readable) {
    return {
      ...summary,
      ...issueList(issues),
      symbols: [],
      prices: 0,
      closes: null,
      fxEntries: '[]',
      fxRows: 0,
      missing: [],
    };
  }
  const seen = new Set<string>();
  for (const { row, values } of file.rows) {
    const rowIssues: ImportIssue[] = [];
    const symbol = checkCell(row, 'symbol', symbolRule, values.symbol, rowIssues);
    const date = checkCell(row, 'date', dateRule, values.date, rowIssues);
    const close = checkCell(row, 'close', closeRule, values.close, rowIssues);
    const pair = symbol ? parsePair(symbol) : null;
    if (symbol && date) {
      const key = `${symbol}:${date}`;
      if (seen.has(key)) rowIssues.push(marketIssue(row, 'duplicateRow', {}, 'date'));
      seen.add(key);
    }
    if (pair) {
      if (close !== null && /^0+(\.0+)?$/.test(close)) {
        rowIssues.push({
          row,
          field: 'close',
          message: M.exchangeRateZero,
          code: 'exchangeRateZero',
          params: null,
        });
      }
      if (values.currency !== undefined && values.currency.toUpperCase() !== pair.quote) {
        rowIssues.push(
          marketIssue(
            row,
            'currencyMismatch',
            { pair: `${pair.base}${pair.quote}`, currency: pair.quote },
            'currency',
          ),
        );
      }
      issues.push(...rowIssues);
      if (!rowIssues.length && date && close !== null) {
        fxItems.push({ row, pair, date, rate: close });
      }
      continue;
    }
    let currency: string | null = null;
    if (values.currency === undefined) {
      rowIssues.push({
        row,
        field: 'currency',
        message: M.required,
        code: 'required',
        params: null,
      });
    } else {
      currency = currencyOf(values.currency);
      if (!currency) {
        rowIssues.push({
          row,
          field: 'currency',
          message: M.instrumentCurrencyInvalid,
          code: 'instrumentCurrencyInvalid',
          params: null,
        });
      }
    }
    const volume =
      values.volume === undefined
        ? null
        : checkCell(row, 'volume', volumeRule, values.volume, rowIssues);
    const name = values.name ? values.name.slice(0, 200) : null;
    issues.push(...rowIssues);
    if (!rowIssues.length && symbol && date && close !== null && currency) {
      prices.push({ row, symbol, date, close, volume: volume ?? null, currency, name });
    }
  }

  const symbols = new Map<string, FileSymbol>();
  for (const item of prices) {
    let entry = symbols.get(item.symbol);
    if (!entry) {
      entry = { symbol: item.symbol, currency: item.currency, name: item.name, rowsByCurrency: {} };
      symbols.set(item.symbol, entry);
    }
    (entry.rowsByCurrency[item.currency] ??= []).push(item.row);
  }
  const list = issueList(issues);
  let closes: PackedCloses | null = null;
  if (input.pack && list.issueCount === 0) {
    const index = new Map([...symbols.keys()].map((symbol, at) => [symbol, at + 1]));
    closes = [];
    for (let start = 0; start < prices.length; start += UPSERT_ROWS) {
      const chunk = prices.slice(start, start + UPSERT_ROWS);
      closes.push({
        symbols: arrayLiteral(chunk.map((item) => index.get(item.symbol))),
        dates: arrayLiteral(chunk.map((item) => item.date)),
        closes: arrayLiteral(chunk.map((item) => item.close)),
        volumes: arrayLiteral(chunk.map((item) => item.volume)),
      });
    }
  }
  // The euro rate of a cross pair's base on its day, when no direct pair of the file says it.
  const direct = new Set<string>();
  for (const item of fxItems) {
    const rate = euroRateFromPair(item.pair, item.rate, null);
    if (rate) direct.add(`${rate.currency}:${item.date}`);
  }
  const missing = fxItems
    .filter((item) => !euroRateFromPair(item.pair, item.rate, null))
    .filter((item) => !direct.has(`${item.pair.base}:${item.date}`))
    .map((item) => ({ currency: item.pair.base, date: item.date }));
  return {
    ...summary,
    ...list,
    symbols: [...symbols.values()],
    prices: prices.length,
    closes,
    fxEntries: JSON.stringify(fxItems),
    fxRows: fxItems.length,
    missing,
  };
}

/** Euro rates ready to upsert: per statement, array literals of currencies, dates and rates. */
export type PackedRates = { currencies: string; dates: string; rates: string }[];

/**
 * The euro rates the pair rows say (task `marketDataFx`): direct ones first (EURxxx, xxxEUR), then
 * the cross pairs, each through the euro rate of its base on its day (from the file, else
 * `stored`, read by the request thread); a cross whose base rate is known nowhere is refused.
 */
export function euroRatesTask(input: { entries: string; stored: Record<string, string> }): {
  issues: ImportIssue[];
  rates: PackedRates;
  count: number;
} {
  const items = JSON.parse(input.entries) as FxItem[];
  const issues: ImportIssue[] = [];
  const out = new Map<string, { currency: string; date: string; rate: string }>();
  const crosses: FxItem[] = [];
  for (const item of items) {
    const direct = euroRateFromPair(item.pair, item.rate, null);
    if (!direct) {
      crosses.push(item);
      continue;
    }
    out.set(`${direct.currency}:${item.date}`, {
      currency: direct.currency,
      date: item.date,
      rate: toPlain(direct.rate.toSignificantDigits(18)),
    });
  }
  for (const item of crosses) {
    const key = `${item.pair.base}:${item.date}`;
    const base = out.get(key)?.rate ?? input.stored[key] ?? null;
    const derived = euroRateFromPair(item.pair, item.rate, base);
    if (!derived) {
      issues.push(
        marketIssue(
          item.row,
          'pairBaseUnknown',
          { currency: item.pair.base, date: item.date },
          'symbol',
        ),
      );
      continue;
    }
    const target = `${derived.currency}:${item.date}`;
    // The file says this day's rate directly too (or through an earlier pair): that one wins.
    if (out.has(target)) continue;
    out.set(target, {
      currency: derived.currency,
      date: item.date,
      rate: toPlain(derived.rate.toSignificantDigits(18)),
    });
  }
  const rows = [...out.values()];
  const rates: PackedRates = [];
  for (let start = 0; start < rows.length; start += UPSERT_ROWS) {
    const chunk = rows.slice(start, start + UPSERT_ROWS);
    rates.push({
      currencies: arrayLiteral(chunk.map((row) => row.currency)),
      dates: arrayLiteral(chunk.map((row) => row.date)),
      rates: arrayLiteral(chunk.map((row) => row.rate)),
    });
  }
  return { issues, rates, count: rows.length };
}

declare module '../../context' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface ComputeTasks {
    /** The market data CSV import's file read and rows checked. */
    marketDataRows: typeof checkMarketRowsTask;
    /** Its euro rates worked out. */
    marketDataFx: typeof euroRatesTask;
  }
}
