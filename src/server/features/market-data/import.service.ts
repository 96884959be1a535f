import type { z, ZodError, ZodType } from 'zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_ROWS,
  IMPORT_SAMPLE_ROWS,
  type ImportIssue,
} from '@/contracts/import-export';
import { pastIsoDate } from '@/contracts/input-rules';
import {
  closeSchema,
  INSTRUMENT_CURRENCIES,
  MARKET_DATA_IMPORT_ISSUES,
  type marketDataImportBodySchema,
  type MarketDataImportCommit,
  type MarketDataImportPreview,
  marketSymbol,
} from '@/contracts/market-data';
import { VALIDATION_MESSAGES as M, validationMessageId } from '@/contracts/validation-messages';
import { type CurrencyPair, euroRateFromPair, parsePair } from '@/domain/market-data/fx';
import { toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { importIssue, parseCsv, undecodableLine, unescapeFormula } from '../../platform/csv';
import { AppError } from '../../platform/errors';
import { TimeSlices } from '../../platform/time-slices';
import {
  type FxRow,
  euroRatesOn,
  instrumentsBySymbol,
  instrumentsWithCloses,
  upsertFxRates,
  upsertPrices,
} from './market-data.repo';
import { ensureInstrument } from './prices.service';

/**
 * The market data CSV import (issue 13), previewed then committed all-or-nothing like the
 * portfolio import: `symbol,date,close,currency` (optional `volume`, `name`). A row whose symbol
 * is a currency pair (`EURUSD`: six letters, two ISO currencies) is an exchange rate: its close
 * is the rate. Rates are stored against the euro: `USDEUR` as 1 / rate, and a pair without the
 * euro (`USDCAD`) as EUR->CAD = EUR->USD x rate, with EUR->USD of the same day taken from the
 * file or from what is stored (the row is refused when neither has it).
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

type Checked = {
  columns: string[];
  mapping: Record<string, string>;
  rows: Row[];
  prices: PriceItem[];
  fx: FxRow[];
  fxRows: number;
  issues: ImportIssue[];
};

function marketIssue(
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
async function read(body: MarketDataImportBody) {
  if (Buffer.byteLength(body.csv, 'utf8') > IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', { maxBytes: IMPORT_MAX_BYTES });
  }
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
  const slices = new TimeSlices();
  const rows: Row[] = [];
  for (const record of parsed.records) {
    await slices.turn();
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

/** Checks every row, against the file and what is stored (read through `db`). */
async function check(db: DbOrTx, body: MarketDataImportBody): Promise<Checked> {
  const file = await read(body);
  const issues = [...file.issues];
  const prices: PriceItem[] = [];
  const fxItems: FxItem[] = [];
  if (!file.readable) {
    return { ...file, prices, fx: [], fxRows: 0, issues };
  }
  const seen = new Set<string>();
  const slices = new TimeSlices();
  for (const { row, values } of file.rows) {
    await slices.turn();
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

  // One currency per instrument: the file's first, or the stored one once it has closes.
  const stored = await instrumentsBySymbol(db, [...new Set(prices.map((item) => item.symbol))]);
  const priced = await instrumentsWithCloses(
    db,
    [...stored.values()].map((instrument) => instrument.id),
  );
  const currencyOfSymbol = new Map<string, string>();
  for (const instrument of stored.values()) {
    if (priced.has(instrument.id)) currencyOfSymbol.set(instrument.symbol, instrument.currency);
  }
  const accepted: PriceItem[] = [];
  for (const item of prices) {
    const expected = currencyOfSymbol.get(item.symbol);
    if (expected === undefined) currencyOfSymbol.set(item.symbol, item.currency);
    if (expected !== undefined && expected !== item.currency) {
      issues.push(
        marketIssue(
          item.row,
          'instrumentCurrency',
          { symbol: item.symbol, currency: expected },
          'currency',
        ),
      );
    } else {
      accepted.push(item);
    }
  }

  const fx = await euroRows(db, fxItems, issues);
  return {
    ...file,
    prices: accepted,
    fx,
    fxRows: fxItems.length,
    issues,
  };
}

/**
 * The euro rates the pair rows say: direct ones first (EURxxx, xxxEUR), then the cross pairs,
 * each through the euro rate of its base on its day (from the file, else stored).
 */
async function euroRows(db: DbOrTx, items: FxItem[], issues: ImportIssue[]): Promise<FxRow[]> {
  const out = new Map<string, FxRow>();
  const crosses: FxItem[] = [];
  for (const item of items) {
    const direct = euroRateFromPair(item.pair, item.rate, null);
    if (!direct) {
      crosses.push(item);
      continue;
    }
    const key = `${direct.currency}:${item.date}`;
    out.set(key, {
      currency: direct.currency,
      date: item.date,
      rate: toPlain(direct.rate.toSignificantDigits(18)),
      source: 'import',
    });
  }
  const missing = crosses
    .filter((item) => !out.has(`${item.pair.base}:${item.date}`))
    .map((item) => ({ currency: item.pair.base, date: item.date }));
  const storedRates = await euroRatesOn(db, missing);
  for (const item of crosses) {
    const key = `${item.pair.base}:${item.date}`;
    const base = out.get(key)?.rate ?? storedRates.get(key) ?? null;
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
      source: 'import',
    });
  }
  return [...out.values()];
}

const byRow = (a: ImportIssue, b: ImportIssue) => a.row - b.row;

function errorsOf(issues: ImportIssue[]) {
  const all = [...issues].sort(byRow);
  return { errors: all.slice(0, IMPORT_MAX_ERRORS), errorCount: all.length };
}

export async function previewMarketDataImport(
  ctx: ServerContext,
  body: MarketDataImportBody,
): Promise<MarketDataImportPreview> {
  const checked = await check(ctx.database.db, body);
  const { errors, errorCount } = errorsOf(checked.issues);
  return {
    columns: checked.columns,
    mapping: checked.mapping,
    rows: checked.rows.length,
    sample: checked.rows
      .slice(0, IMPORT_SAMPLE_ROWS)
      .map((row) => ({ row: row.row, values: row.values as Record<string, string> })),
    prices: checked.prices.length,
    fxRates: checked.fxRows,
    errors,
    errorCount,
    valid: errorCount === 0,
  };
}

/**
 * Saves the file in one transaction, or nothing: any invalid row answers 400 IMPORT_INVALID with
 * the row-numbered errors.
 */
export async function commitMarketDataImport(
  ctx: ServerContext,
  body: MarketDataImportBody,
): Promise<MarketDataImportCommit> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const checked = await check(tx, body);
    const { errors, errorCount } = errorsOf(checked.issues);
    if (errorCount > 0) throw new AppError('IMPORT_INVALID', { errors, errorCount });
    const idOf = new Map<string, string>();
    let instrumentsCreated = 0;
    const firstOf = new Map<string, PriceItem>();
    for (const item of checked.prices)
      if (!firstOf.has(item.symbol)) firstOf.set(item.symbol, item);
    const slices = new TimeSlices();
    for (const [symbol, first] of [...firstOf].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await slices.turn();
      const { instrument, created } = await ensureInstrument(
        tx,
        symbol,
        { currency: first.currency, name: first.name },
        now,
      );
      if (created) instrumentsCreated += 1;
      idOf.set(symbol, instrument.id);
    }
    await upsertPrices(
      tx,
      checked.prices.map((item) => ({
        instrumentId: idOf.get(item.symbol) as string,
        date: item.date,
        close: item.close,
        volume: item.volume,
        source: 'import',
      })),
      now,
    );
    await upsertFxRates(tx, checked.fx, now);
    return {
      imported: checked.prices.length + checked.fxRows,
      prices: checked.prices.length,
      fxRates: checked.fxRows,
      instrumentsCreated,
    };
  });
}
