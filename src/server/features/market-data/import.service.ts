import { IMPORT_MAX_BYTES, type ImportIssue } from '@/contracts/import-export';
import type { MarketDataImportCommit, MarketDataImportPreview } from '@/contracts/market-data';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { TimeSlices } from '../../platform/time-slices';
import { errorsOf } from '../../platform/import-issues';
import {
  type MarketDataImportBody,
  marketIssue,
  type MarketRowsCheck,
  type PackedRates,
} from './import-rows';
import {
  euroRatesOn,
  instrumentsBySymbol,
  instrumentsWithCloses,
  upsertPackedCloses,
  upsertPackedRates,
} from './market-data.repo';
import { ensureInstrument } from './prices.service';

export type { MarketDataImportBody } from './import-rows';

/**
 * The market data CSV import (issue 13), previewed then committed all-or-nothing like the
 * portfolio import: `symbol,date,close,currency` (optional `volume`, `name`). A row whose symbol
 * is a currency pair (`EURUSD`: six letters, two ISO currencies) is an exchange rate: its close
 * is the rate. Rates are stored against the euro: `USDEUR` as 1 / rate, and a pair without the
 * euro (`USDCAD`) as EUR->CAD = EUR->USD x rate, with EUR->USD of the same day taken from the
 * file or from what is stored (the row is refused when neither has it).
 *
 * Reading the file, checking its rows and working out the euro rates run on a compute worker
 * (import-rows.ts, through `ctx.compute`); the request thread reads what is stored and writes.
 */

type Checked = {
  file: MarketRowsCheck;
  /** Issues found here (what needs the database), after the worker's. */
  later: ImportIssue[];
  /** Closes that pass (rows of a symbol in another currency than its instrument's are refused). */
  prices: number;
  rates: PackedRates;
};

/** Checks every row, against the file and what is stored (read through `db`). */
async function check(
  ctx: ServerContext,
  db: DbOrTx,
  body: MarketDataImportBody,
  commit: boolean,
): Promise<Checked> {
  if (Buffer.byteLength(body.csv, 'utf8') > IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', { maxBytes: IMPORT_MAX_BYTES });
  }
  const file = await ctx.compute.run('marketDataRows', { body: { csv: body.csv }, pack: commit });
  const later: ImportIssue[] = [];
  if (!file.readable) return { file, later, prices: 0, rates: [] };

  // One currency per instrument: the file's first, or the stored one once it has closes.
  const stored = await instrumentsBySymbol(
    db,
    file.symbols.map((entry) => entry.symbol),
  );
  const priced = await instrumentsWithCloses(
    db,
    [...stored.values()].map((instrument) => instrument.id),
  );
  let prices = file.prices;
  for (const entry of file.symbols) {
    const instrument = stored.get(entry.symbol);
    const expected = instrument && priced.has(instrument.id) ? instrument.currency : entry.currency;
    for (const [currency, rows] of Object.entries(entry.rowsByCurrency)) {
      if (currency === expected) continue;
      prices -= rows.length;
      for (const row of rows) {
        later.push(
          marketIssue(
            row,
            'instrumentCurrency',
            { symbol: entry.symbol, currency: expected },
            'currency',
          ),
        );
      }
    }
  }

  let rates: PackedRates = [];
  if (file.fxRows > 0) {
    const storedRates = await euroRatesOn(db, file.missing);
    const fx = await ctx.compute.run('marketDataFx', {
      entries: file.fxEntries,
      stored: Object.fromEntries(storedRates),
    });
    later.push(...fx.issues);
    rates = fx.rates;
  }
  return { file, later, prices, rates };
}

export async function previewMarketDataImport(
  ctx: ServerContext,
  body: MarketDataImportBody,
): Promise<MarketDataImportPreview> {
  const checked = await check(ctx, ctx.database.db, body, false);
  const { errors, errorCount } = errorsOf(checked.file, checked.later);
  return {
    columns: checked.file.columns,
    mapping: checked.file.mapping,
    rows: checked.file.rows,
    sample: checked.file.sample,
    prices: checked.prices,
    fxRates: checked.file.fxRows,
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
    const checked = await check(ctx, tx, body, true);
    const { errors, errorCount } = errorsOf(checked.file, checked.later);
    if (errorCount > 0) throw new AppError('IMPORT_INVALID', { errors, errorCount });
    const ids: string[] = [];
    let instrumentsCreated = 0;
    const order = checked.file.symbols
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) => (a.entry.symbol < b.entry.symbol ? -1 : 1));
    const slices = new TimeSlices();
    for (const { entry, index } of order) {
      await slices.turn();
      const { instrument, created } = await ensureInstrument(
        tx,
        entry.symbol,
        { currency: entry.currency, name: entry.name },
        now,
      );
      if (created) instrumentsCreated += 1;
      ids[index] = instrument.id;
    }
    await upsertPackedCloses(tx, checked.file.closes ?? [], ids, now);
    await upsertPackedRates(tx, checked.rates, now);
    return {
      imported: checked.prices + checked.file.fxRows,
      prices: checked.prices,
      fxRates: checked.file.fxRows,
      instrumentsCreated,
    };
  });
}
