import { eq, sql } from 'drizzle-orm';
import { isUsMarketOpen } from '@/domain/market-data/market-hours';
import type { ServerContext } from '../../context';
import { profiles } from '../../db/schema';
import { DAY, HOUR, MINUTE, SECOND } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { Scheduler } from '../../platform/scheduler';
import { notifyEach } from '../notifications';
import {
  heldSymbols,
  instrumentsBySymbol,
  recordRun,
  upsertFxRates,
  upsertPrices,
} from './market-data.repo';
import { ensureInstrument } from './prices.service';
import { type Providers, providerFor } from './providers';
import type { InstrumentRef, MarketDataProvider } from './providers/types';

/**
 * The scheduled work when providers are on: once a day the ECB rates, then each held symbol's
 * closes since its last stored close; every 60 s during US market hours the latest price of held
 * symbols. Each provider's run is recorded in market_data_runs (shown on the admin page). Fetched
 * data is written in statements of 200 rows, one instrument per transaction, so a long first
 * fetch never holds the database for long; a failed symbol does not stop the others.
 */

const DAY_MS = 86_400_000;
/** How far back the first fetch of a symbol goes. */
export const FIRST_HISTORY_DAYS = { yahoo: 3_653, coingecko: 365 } as const;
/** How far back the first fetch of euro rates goes (the ECB's full file is since 1999). */
export const FIRST_FX_DAYS = 3_653;

export const DAILY_JOB = 'market-data-daily';
export const QUOTES_JOB = 'market-data-quotes';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (date: Date, days: number) => dayOf(new Date(date.getTime() - days * DAY_MS));

type RowsOf<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as RowsOf<T>).rows;

const describe = (error: unknown) =>
  error instanceof AppError
    ? `${error.message}${error.details?.status ? ` (HTTP ${String(error.details.status)})` : ''}${error.details?.reason ? ` (${String(error.details.reason)})` : ''}`
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * Records a provider's run; when a provider that was working (or never ran) fails, every admin
 * is notified once, not at each of its runs (quotes run every minute): the next notification
 * waits for a success in between.
 */
async function recordRunAndAlert(ctx: ServerContext, provider: string, error: string | null) {
  await ctx.database.db.transaction(async (tx) => {
    const [previous] = rowsOf<{ last_error: string | null; last_success_at: unknown }>(
      await tx.execute(
        sql`select last_error, last_success_at from market_data_runs where provider = ${provider} for update`,
      ),
    );
    await recordRun(tx, provider, ctx.clock.now(), error);
    if (error === null || (previous && previous.last_error !== null)) return;
    const admins = await tx
      .select({ id: profiles.userId })
      .from(profiles)
      .where(eq(profiles.role, 'admin'));
    await notifyEach(
      ctx,
      admins.map((admin) => admin.id),
      {
        type: 'error',
        key: 'priceProviderFailed',
        params: { provider },
        metadata: { provider, error: error.slice(0, 300), path: '/admin' },
      },
      tx,
    );
  });
}

/** Euro rates since the last stored ECB day (or the last 10 years). */
export async function refreshFxRates(ctx: ServerContext, providers: Providers) {
  const fx = providers.fx;
  if (!fx) return;
  const db = ctx.database.db;
  const now = ctx.clock.now();
  try {
    const [latest] = rowsOf<{ date: string | null }>(
      await db.execute(sql`select max(rate_date)::text as date from fx_rates where source = 'ecb'`),
    );
    const from = latest?.date ?? daysBefore(now, FIRST_FX_DAYS);
    const rates = await fx.fetchRates(from);
    await upsertFxRates(
      db,
      rates.map((rate) => ({ ...rate, source: 'ecb' })),
      now,
    );
    await recordRunAndAlert(ctx, fx.name, null);
  } catch (error) {
    await recordRunAndAlert(ctx, fx.name, describe(error));
    throw error;
  }
}

type Work = { provider: MarketDataProvider; symbols: (InstrumentRef & { from: string })[] };

async function heldWork(ctx: ServerContext, providers: Providers): Promise<Work[]> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const held = await heldSymbols(db);
  const stored = await instrumentsBySymbol(
    db,
    held.map((symbol) => symbol.symbol),
  );
  const work = new Map<MarketDataProvider, Work>();
  for (const symbol of held) {
    const instrument = stored.get(symbol.symbol);
    const ref = {
      symbol: symbol.symbol,
      providerId: instrument?.providerId ?? null,
      kind: instrument?.kind ?? null,
      provider: instrument?.provider ?? null,
    };
    const provider = providerFor(providers, ref);
    if (!provider) continue;
    const from = symbol.lastDate ?? daysBefore(now, FIRST_HISTORY_DAYS[provider.name]);
    const entry = work.get(provider) ?? { provider, symbols: [] };
    entry.symbols.push({ symbol: symbol.symbol, providerId: ref.providerId, from });
    work.set(provider, entry);
  }
  return [...work.values()];
}

/** Closes of every held symbol since its last stored close, per provider. */
export async function refreshHistories(ctx: ServerContext, providers: Providers) {
  const db = ctx.database.db;
  for (const { provider, symbols } of await heldWork(ctx, providers)) {
    const failures: string[] = [];
    for (const instrument of symbols) {
      // Shutting down: the rest waits for the next run (a hanging provider would hold it).
      if (ctx.jobs.stopping) break;
      try {
        const history = await provider.fetchHistory(
          instrument,
          instrument.from,
          dayOf(ctx.clock.now()),
        );
        const currency = history.instrument.currency;
        if (!currency) throw new Error(`${instrument.symbol}: no currency`);
        const now = ctx.clock.now();
        await db.transaction(async (tx) => {
          const { instrument: stored } = await ensureInstrument(
            tx,
            instrument.symbol,
            {
              currency,
              name: history.instrument.name,
              kind: history.instrument.kind,
              exchange: history.instrument.exchange,
              sector: history.instrument.sector,
              provider: provider.name,
              providerId: history.instrument.providerId,
            },
            now,
          );
          await upsertPrices(
            tx,
            history.closes.map((close) => ({
              instrumentId: stored.id,
              date: close.date,
              close: close.close,
              volume: close.volume,
              source: provider.name,
            })),
            now,
          );
        });
      } catch (error) {
        failures.push(`${instrument.symbol}: ${describe(error)}`);
      }
    }
    await recordRunAndAlert(
      ctx,
      provider.name,
      failures.length
        ? `${failures.length} of ${symbols.length} symbols failed. ${failures.slice(0, 5).join('; ')}`
        : null,
    );
  }
}

/** The daily run: euro rates, then closes (a rates failure does not stop the closes). */
export async function dailyRefresh(ctx: ServerContext, providers: Providers) {
  let failure: unknown = null;
  try {
    await refreshFxRates(ctx, providers);
  } catch (error) {
    failure = error;
  }
  await refreshHistories(ctx, providers);
  if (failure) throw failure;
}

/** The latest price of each held symbol, stored as its close of the day (market hours only). */
export async function refreshQuotes(ctx: ServerContext, providers: Providers) {
  const db = ctx.database.db;
  if (!isUsMarketOpen(ctx.clock.now())) return;
  for (const { provider, symbols } of await heldWork(ctx, providers)) {
    if (ctx.jobs.stopping) break;
    try {
      const quotes = await provider.fetchQuotes(symbols);
      const stored = await instrumentsBySymbol(
        db,
        quotes.map((quote) => quote.symbol),
      );
      const now = ctx.clock.now();
      const rows = quotes.flatMap((quote) => {
        const instrument = stored.get(quote.symbol);
        // A symbol never fetched whole waits for the daily run (it learns its currency there).
        if (!instrument || (quote.currency && quote.currency !== instrument.currency)) return [];
        return [
          {
            instrumentId: instrument.id,
            date: quote.date,
            close: quote.price,
            volume: quote.volume,
            source: provider.name,
          },
        ];
      });
      await upsertPrices(db, rows, now);
      await recordRunAndAlert(ctx, provider.name, null);
    } catch (error) {
      await recordRunAndAlert(ctx, provider.name, describe(error));
    }
  }
}

/**
 * Registers the scheduled refreshes on the app's job queue when providers are on (the composition
 * root calls it); false when there is nothing to schedule.
 */
export function scheduleMarketDataJobs(
  scheduler: Pick<Scheduler, 'schedule'>,
  ctx: ServerContext,
  providers: Providers,
): boolean {
  const anyProvider = providers.prices.length > 0 || providers.fx !== null;
  if (!anyProvider) return false;
  // Offered every 10 minutes, run once per UTC day (the first offer after midnight, when the
  // day's closes are final), retried hourly for the rest of the day.
  scheduler.schedule(
    DAILY_JOB,
    {
      cron: '*/10 * * * *',
      slotSeconds: DAY / SECOND,
      retryAfterMs: HOUR,
      retries: 23,
      expireAfterSeconds: (2 * HOUR) / SECOND,
    },
    () => dailyRefresh(ctx, providers),
  );
  if (providers.prices.length > 0) {
    scheduler.schedule(
      QUOTES_JOB,
      {
        cron: '* * * * *',
        when: isUsMarketOpen,
        retryAfterMs: MINUTE,
        retries: 0,
        expireAfterSeconds: (5 * MINUTE) / SECOND,
      },
      () => refreshQuotes(ctx, providers),
    );
  }
  return true;
}
