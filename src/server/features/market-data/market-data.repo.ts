import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mapInSlices, TimeSlices } from '../../platform/time-slices';

/**
 * The SQL of market data: plain functions taking the database (or a transaction) first. Writes
 * are upserts of at most `UPSERT_ROWS` rows per statement, each column one array parameter
 * (`insert ... select from unnest(...) on conflict do update`), built in time slices: a 10-year
 * history (3,650 rows) is 19 statements, and the request thread is handed back every 5 ms while
 * their parameters are built. Dataset counters are bumped by triggers (migration 0009).
 */

export const UPSERT_ROWS = 200;

export type PriceRow = {
  instrumentId: string;
  date: string;
  close: string;
  volume: string | null;
  source: string;
};

export type FxRow = { currency: string; date: string; rate: string; source: string };

type RowsOf<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as RowsOf<T>).rows;

/** Inserts or replaces closes (one per instrument and day). */
export async function upsertPrices(db: DbOrTx, rows: readonly PriceRow[], now: Date) {
  const slices = new TimeSlices();
  for (let start = 0; start < rows.length; start += UPSERT_ROWS) {
    const chunk = rows.slice(start, start + UPSERT_ROWS);
    const ids = await mapInSlices(chunk, (row) => row.instrumentId, slices);
    const dates = await mapInSlices(chunk, (row) => row.date, slices);
    const closes = await mapInSlices(chunk, (row) => row.close, slices);
    const volumes = await mapInSlices(chunk, (row) => row.volume, slices);
    const sources = await mapInSlices(chunk, (row) => row.source, slices);
    await db.execute(sql`
      insert into instrument_prices (instrument_id, price_date, close, volume, source, updated_at)
      select t.instrument_id, t.price_date, t.close, t.volume, t.source, ${now.toISOString()}::timestamptz
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(dates)}::date[],
        ${sql.param(closes)}::numeric[], ${sql.param(volumes)}::numeric[], ${sql.param(sources)}::text[])
        as t(instrument_id, price_date, close, volume, source)
      on conflict (instrument_id, price_date) do update set
        close = excluded.close, volume = excluded.volume, source = excluded.source,
        updated_at = excluded.updated_at`);
  }
}

/** Inserts or replaces euro rates (one per currency and day). */
export async function upsertFxRates(db: DbOrTx, rows: readonly FxRow[], now: Date) {
  const slices = new TimeSlices();
  for (let start = 0; start < rows.length; start += UPSERT_ROWS) {
    const chunk = rows.slice(start, start + UPSERT_ROWS);
    const currencies = await mapInSlices(chunk, (row) => row.currency, slices);
    const dates = await mapInSlices(chunk, (row) => row.date, slices);
    const rates = await mapInSlices(chunk, (row) => row.rate, slices);
    const sources = await mapInSlices(chunk, (row) => row.source, slices);
    await db.execute(sql`
      insert into fx_rates (currency, rate_date, rate, source, updated_at)
      select t.currency, t.rate_date, t.rate, t.source, ${now.toISOString()}::timestamptz
      from unnest(${sql.param(currencies)}::text[], ${sql.param(dates)}::date[],
        ${sql.param(rates)}::numeric[], ${sql.param(sources)}::text[])
        as t(currency, rate_date, rate, source)
      on conflict (currency, rate_date) do update set
        rate = excluded.rate, source = excluded.source, updated_at = excluded.updated_at`);
  }
}

/**
 * Upserts closes a worker made ready (import-rows.ts `PackedCloses`): each statement's symbols as
 * 1-based indexes into `instrumentIds`, its dates, closes and volumes as array literals.
 */
export async function upsertPackedCloses(
  db: DbOrTx,
  chunks: readonly { symbols: string; dates: string; closes: string; volumes: string }[],
  instrumentIds: readonly string[],
  now: Date,
) {
  if (chunks.length === 0) return;
  const ids = sql.param([...instrumentIds]);
  for (const chunk of chunks) {
    await db.execute(sql`
      insert into instrument_prices (instrument_id, price_date, close, volume, source, updated_at)
      select (${ids}::uuid[])[t.symbol], t.price_date, t.close, t.volume, 'import',
        ${now.toISOString()}::timestamptz
      from unnest(${sql.param(chunk.symbols)}::int[], ${sql.param(chunk.dates)}::date[],
        ${sql.param(chunk.closes)}::numeric[], ${sql.param(chunk.volumes)}::numeric[])
        as t(symbol, price_date, close, volume)
      on conflict (instrument_id, price_date) do update set
        close = excluded.close, volume = excluded.volume, source = excluded.source,
        updated_at = excluded.updated_at`);
  }
}

/** Upserts euro rates a worker made ready (import-rows.ts `PackedRates`), source 'import'. */
export async function upsertPackedRates(
  db: DbOrTx,
  chunks: readonly { currencies: string; dates: string; rates: string }[],
  now: Date,
) {
  for (const chunk of chunks) {
    await db.execute(sql`
      insert into fx_rates (currency, rate_date, rate, source, updated_at)
      select t.currency, t.rate_date, t.rate, 'import', ${now.toISOString()}::timestamptz
      from unnest(${sql.param(chunk.currencies)}::text[], ${sql.param(chunk.dates)}::date[],
        ${sql.param(chunk.rates)}::numeric[])
        as t(currency, rate_date, rate)
      on conflict (currency, rate_date) do update set
        rate = excluded.rate, source = excluded.source, updated_at = excluded.updated_at`);
  }
}

export type InstrumentRow = {
  id: string;
  symbol: string;
  name: string;
  kind: string;
  exchange: string | null;
  currency: string;
  sector: string | null;
  country: string | null;
  provider: string;
  providerId: string | null;
};

const INSTRUMENT_COLUMNS = sql`i.id, i.symbol, i.name, i.kind, i.exchange, i.currency, i.sector,
  i.country, i.provider, i.provider_id as "providerId"`;

export async function instrumentsBySymbol(
  db: DbOrTx,
  symbols: readonly string[],
  forUpdate = false,
): Promise<Map<string, InstrumentRow>> {
  if (symbols.length === 0) return new Map();
  const rows = rowsOf<InstrumentRow>(
    await db.execute(sql`select ${INSTRUMENT_COLUMNS} from instruments i
      where i.symbol = any(${sql.param([...symbols])}::text[])
      ${forUpdate ? sql`order by i.symbol for update` : sql``}`),
  );
  return new Map(rows.map((row) => [row.symbol, row]));
}

/** Which of these instruments have at least one close. */
export async function instrumentsWithCloses(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select i.id from instruments i
      where i.id = any(${sql.param([...ids])}::uuid[])
        and exists (select 1 from instrument_prices p where p.instrument_id = i.id)`),
  );
  return new Set(rows.map((row) => row.id));
}

export type LatestClose = {
  symbol: string;
  date: string;
  close: string;
  volume: string | null;
};

/** The last `count` closes of each symbol, newest first. */
export async function latestCloses(
  db: DbOrTx,
  symbols: readonly string[],
  count: number,
): Promise<(InstrumentRow & LatestClose)[]> {
  if (symbols.length === 0) return [];
  return rowsOf(
    await db.execute(sql`select ${INSTRUMENT_COLUMNS}, p.price_date::text as date,
        p.close::text as close, p.volume::text as volume
      from instruments i
      join lateral (select price_date, close, volume from instrument_prices ip
        where ip.instrument_id = i.id order by ip.price_date desc limit ${count}) p on true
      where i.symbol = any(${sql.param([...symbols])}::text[])
      order by i.symbol, p.price_date desc`),
  );
}

/** The euro rates of these (currency, day) pairs that are stored: `${currency}:${date}` -> rate. */
export async function euroRatesOn(
  db: DbOrTx,
  wanted: readonly { currency: string; date: string }[],
): Promise<Map<string, string>> {
  if (wanted.length === 0) return new Map();
  const rows = rowsOf<{ key: string; rate: string }>(
    await db.execute(sql`select f.currency || ':' || f.rate_date::text as key, f.rate::text as rate
      from fx_rates f
      join unnest(${sql.param(wanted.map((w) => w.currency))}::text[],
        ${sql.param(wanted.map((w) => w.date))}::date[]) as t(currency, rate_date)
        on f.currency = t.currency and f.rate_date = t.rate_date`),
  );
  return new Map(rows.map((row) => [row.key, row.rate]));
}

// Accents folded by `translate` (PostgreSQL has no unaccent without an extension).
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ';
const PLAIN = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy';

/** Text as the lookup compares it: accents removed, lower case. */
export const folded = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export type InstrumentWithClose = InstrumentRow & {
  latestClose: string | null;
  latestDate: string | null;
};

/** Symbols starting with the query, then names containing it (case and accents ignored). */
export async function searchInstruments(
  db: DbOrTx,
  query: string,
  limit: number,
): Promise<InstrumentWithClose[]> {
  const symbol = query.trim().toUpperCase();
  const prefix = `${likeEscaped(symbol)}%`;
  const contains = `%${likeEscaped(folded(query.trim()))}%`;
  return rowsOf(
    await db.execute(sql`select ${INSTRUMENT_COLUMNS}, p.close::text as "latestClose",
        p.price_date::text as "latestDate"
      from instruments i
      left join lateral (select price_date, close from instrument_prices ip
        where ip.instrument_id = i.id order by ip.price_date desc limit 1) p on true
      where i.symbol like ${prefix} escape '\\'
        or lower(translate(i.name, ${ACCENTED}, ${PLAIN})) like ${contains} escape '\\'
      order by (i.symbol = ${symbol}) desc, (i.symbol like ${prefix} escape '\\') desc, i.symbol
      limit ${limit}`),
  );
}

export async function marketDataVersion(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ version: string | number }>(
    await db.execute(sql`select version from market_data_version where id = 1`),
  );
  return Number(row?.version ?? 0);
}

export async function counts(db: DbOrTx) {
  const [row] = rowsOf<{ instruments: number; closes: number; fxDays: number }>(
    await db.execute(sql`select
      (select count(*) from instruments)::int as instruments,
      (select count(*) from instrument_prices)::int as closes,
      (select count(distinct rate_date) from fx_rates)::int as "fxDays"`),
  );
  return row ?? { instruments: 0, closes: 0, fxDays: 0 };
}

export type HeldSymbol = { symbol: string; holdings: number; lastDate: string | null };

/**
 * Symbols of active market and crypto holdings (every portfolio and simulation), how many
 * holdings use each, and each one's latest close.
 */
export async function heldSymbols(db: DbOrTx): Promise<HeldSymbol[]> {
  return rowsOf(
    await db.execute(sql`with held as (
        select upper(trim(h.symbol)) as symbol, count(*)::int as holdings from holdings h
        where h.is_active and h.status = 'active' and h.class in ('market', 'crypto')
          and h.symbol is not null and trim(h.symbol) <> ''
        group by 1)
      select held.symbol, held.holdings,
        (select max(p.price_date)::text from instrument_prices p
          join instruments i on i.id = p.instrument_id where i.symbol = held.symbol) as "lastDate"
      from held order by held.symbol`),
  );
}

export type RunRow = {
  provider: string;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
};

export async function runs(db: DbOrTx): Promise<RunRow[]> {
  return rowsOf<RunRow>(
    await db.execute(sql`select provider, last_run_at as "lastRunAt",
      last_success_at as "lastSuccessAt", last_error as "lastError" from market_data_runs`),
  ).map((row) => ({
    ...row,
    lastRunAt: row.lastRunAt === null ? null : new Date(row.lastRunAt),
    lastSuccessAt: row.lastSuccessAt === null ? null : new Date(row.lastSuccessAt),
  }));
}

/** Records the end of a provider's run: its success, or its error (kept short). */
export async function recordRun(db: DbOrTx, provider: string, now: Date, error: string | null) {
  const at = now.toISOString();
  await db.execute(sql`insert into market_data_runs (provider, last_run_at, last_success_at,
      last_error, updated_at)
    values (${provider}, ${at}::timestamptz, ${error === null ? at : null}::timestamptz,
      ${error === null ? null : error.slice(0, 500)}, ${at}::timestamptz)
    on conflict (provider) do update set last_run_at = excluded.last_run_at,
      last_success_at = coalesce(excluded.last_success_at, market_data_runs.last_success_at),
      last_error = excluded.last_error, updated_at = excluded.updated_at`);
}

/**
 * An instrument's close on `date`, or on the latest day before it down to `from` (a weekend or
 * a holiday has none), as stored; null when there is none in that span.
 */
export async function closeOnOrBefore(
  db: DbOrTx,
  instrumentId: string,
  date: string,
  from: string,
): Promise<{ date: string; close: string } | null> {
  const [row] = rowsOf<{ date: string; close: string }>(
    await db.execute(sql`select p.price_date::text as date, p.close::text as close
      from instrument_prices p
      where p.instrument_id = ${instrumentId}
        and p.price_date <= ${date}::date and p.price_date >= ${from}::date
      order by p.price_date desc limit 1`),
  );
  return row ?? null;
}
