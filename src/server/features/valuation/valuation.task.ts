import { LRUCache } from 'lru-cache';
import {
  computePortfolioValuation,
  FxTable,
  type HoldingInput,
  type HoldingValuation,
  type HoldingPieces,
  normaliseCurrency,
  type OpenLotInput,
  type RealizedInput,
  type RangeKey,
  toDay,
  type ValuationResult,
  type ValuationTransaction,
} from '@/domain/valuation';
import type { PerformanceResponse } from '@/contracts/valuation';
import type { Db } from '../../db/client';
import type { TaskEnv } from '../../platform/compute-worker-host';
import {
  type HoldingMeta,
  isPriced,
  type LoadedHolding,
  loadFxRates,
  loadHoldings,
  loadSimulationCash,
  loadViewStamps,
  loadWarmUpSample,
  type ViewRef,
} from './valuation.load';
import {
  type ComputedView,
  performanceAnswer,
  type SummaryFigures,
  summaryFigures,
} from './valuation.answer';
import { type PriceSeries, readPriceSeries } from '../market-data';

/**
 * The valuation of one view, run on a compute worker from the database to the result: the
 * request thread sends a few ids and gets the result back, it never reads or copies a row.
 *
 * The worker keeps what it read and computed, by view: a holding is read again only when its
 * counter (holding_versions) moved, a series when its counter moved, the rates when theirs did,
 * and the engine walks again only the holdings that changed (`HoldingPieces`). After one new
 * transaction, one holding is read and walked; the others are only added up.
 */

export type ValueViewInput = {
  view: ViewRef;
  currency: string;
  baseCurrency: string;
  asOf: string;
  range: RangeKey;
  /** The request may pass a bulk write on the embedded database (decided on its thread). */
  passBulk: boolean;
};

/** The id of a simulation's cash line in the engine's input (never a holding's id). */
export const cashLineId = (simulationId: string) => `cash:${simulationId}`;

type KeptHolding = LoadedHolding & { version: number };
type KeptView = {
  holdings: Map<string, KeptHolding>;
  /** The engine's pieces by currency, base currency and range (a few kept per view). */
  pieces: LRUCache<string, HoldingPieces>;
};

/** What this worker keeps (bounded: least recently used views, series and rates go first). */
const views = new LRUCache<string, KeptView>({ max: 64 });
const series = new LRUCache<string, PriceSeries>({ max: 4096 });
const rates = new LRUCache<string, { version: number; dates: string[]; values: number[] }>({
  max: 256,
});

/** For tests: forget everything kept. */
export function forgetKeptValuations() {
  views.clear();
  series.clear();
  rates.clear();
}

async function keptRates(db: Db, currencies: Set<string>, fxVersion: number) {
  const stale = [...currencies].filter((currency) => rates.get(currency)?.version !== fxVersion);
  if (stale.length) {
    const read = await loadFxRates(db, stale);
    for (const currency of stale) {
      const found = read[currency] ?? { dates: [], values: [] };
      rates.set(currency, { version: fxVersion, ...found });
    }
  }
  const out: Record<string, { dates: string[]; values: number[] }> = {};
  for (const currency of currencies) {
    const found = rates.get(currency);
    if (found?.dates.length) out[currency] = { dates: found.dates, values: found.values };
  }
  return out;
}

/** The currencies a holding's value and flows are in (rates are read for these only). */
function currenciesOf(input: HoldingInput, into: Set<string>) {
  into.add(normaliseCurrency(input.currency).currency);
  if (input.ledgerCurrency) into.add(normaliseCurrency(input.ledgerCurrency).currency);
  for (const tx of input.transactions ?? []) {
    if (tx.currency) into.add(normaliseCurrency(tx.currency).currency);
  }
}

/**
 * The performance answer and the holdings summary of a view, built here from one valuation
 * (valuation.answer.ts): the request thread sends them.
 */
export async function viewAnswersTask(
  input: ValueViewInput,
  env: TaskEnv,
): Promise<{ performance: PerformanceResponse; summary: SummaryFigures }> {
  const computed = await valueViewTask(input, env);
  return {
    performance: performanceAnswer(computed, input.range, { cash: computed.cash }),
    summary: summaryFigures(computed, input.baseCurrency, input.asOf),
  };
}

export async function valueViewTask(input: ValueViewInput, env: TaskEnv): Promise<ComputedView> {
  const database = await env.database();
  const db = database.db(input.passBulk);
  const viewKey = `${input.view.portfolioId}:${input.view.simulationId ?? 'real'}`;
  let kept = views.get(viewKey);
  if (!kept) {
    kept = { holdings: new Map(), pieces: new LRUCache({ max: 3 }) };
    views.set(viewKey, kept);
  }

  // One query says what moved; only that is read again, holdings and series side by side.
  const stamps = await loadViewStamps(db, input.view);
  const fxVersion = stamps[0]?.fxVersion ?? 0;
  const stale = stamps
    .filter((stamp) => kept.holdings.get(stamp.id)?.version !== stamp.version)
    .map((stamp) => stamp.id);
  const staleSeries = new Set<string>();
  for (const stamp of stamps) {
    const symbol = stamp.symbol?.toUpperCase();
    if (symbol && stamp.seriesVersion !== null) {
      if (series.get(symbol)?.version !== stamp.seriesVersion) staleSeries.add(symbol);
    }
  }
  const [reloaded, freshSeries] = await Promise.all([
    loadHoldings(db, stale),
    readPriceSeries(db, [...staleSeries]),
  ]);
  for (const [symbol, found] of freshSeries) series.set(symbol, found);
  for (const stamp of stamps) {
    const loaded = reloaded.get(stamp.id);
    if (loaded) kept.holdings.set(stamp.id, { ...loaded, version: stamp.version });
  }
  const present = new Set(stamps.map((stamp) => stamp.id));
  for (const id of kept.holdings.keys()) if (!present.has(id)) kept.holdings.delete(id);

  // The engine's input: each holding with its closes, and a version naming both.
  const asOfDay = toDay(input.asOf);
  const manual = new Set<string>();
  const meta = new Map<string, HoldingMeta>();
  const holdings: HoldingInput[] = [];
  const currencies = new Set<string>([input.currency, input.baseCurrency]);
  for (const row of stamps) {
    const held = kept.holdings.get(row.id);
    if (!held) continue;
    meta.set(row.id, held.meta);
    let holding: HoldingInput = { ...held.input };
    let version = `${row.version}`;
    if (isPriced(row.class)) {
      const found =
        row.symbol && row.seriesVersion !== null ? series.get(row.symbol.toUpperCase()) : undefined;
      if (found) {
        // The instrument's quote currency decides (a London listing quotes in pence).
        // Its lots and its own figures stay in the holding's currency.
        holding = {
          ...holding,
          currency: found.currency,
          ledgerCurrency: held.meta.currency,
          closes: { days: found.days, values: found.closes },
        };
        version += `:${found.version}:${found.currency}`;
      } else {
        // A market holding without any stored close is valued at the price typed on it, as a
        // close on the day it was last changed (shown as such: priceSource 'manual').
        const day = Math.min(toDay(held.meta.updatedAt.toISOString().slice(0, 10)), asOfDay);
        holding = {
          ...holding,
          closes: { days: [day], values: [Number(held.meta.currentPrice)] },
          // A typed price is a revaluation on its day, not the market's move.
          manualPrices: true,
        };
        version += `:manual:${day}`;
        manual.add(row.id);
      }
    }
    holding.version = version;
    currenciesOf(holding, currencies);
    holdings.push(holding);
  }

  // A simulation's cash is part of its value: a savings-like line in the base currency.
  let cash: string | null = null;
  if (input.view.simulationId) {
    const line = await loadSimulationCash(db, input.view.simulationId);
    if (line) {
      cash = line.balance;
      holdings.push({
        id: cashLineId(input.view.simulationId),
        class: 'savings_account',
        currency: input.baseCurrency,
        savings: { flows: line.flows },
      });
    }
  }

  const fx = { base: 'EUR', rates: await keptRates(db, currencies, fxVersion) };
  const piecesKey = `${input.currency}:${input.baseCurrency}:${input.range}`;
  const engineInput = {
    currency: input.currency,
    baseCurrency: input.baseCurrency,
    asOf: input.asOf,
    range: input.range,
    holdings,
    fx,
    fxVersion: String(fxVersion),
  };
  const pieces = kept.pieces.get(piecesKey);
  let result: ValuationResult;
  if (pieces) {
    result = computePortfolioValuation(engineInput, pieces);
  } else {
    // A first valuation answers straight away (walking into the totals, nothing kept), and keeps
    // each holding's work for the next one once its answer has gone (the next task waits for it).
    result = computePortfolioValuation(engineInput);
    const kept2 = kept;
    setImmediate(() => {
      const fresh: HoldingPieces = new Map();
      computePortfolioValuation(engineInput, fresh);
      kept2.pieces.set(piecesKey, fresh);
    });
  }

  const heldOnly = valueInOwnCurrencies(engineInput, result);
  const rates = ratesOfAsOf(fx, meta, input.baseCurrency, input.asOf);

  const lastCloseDay = new Map<string, number>();
  for (const holding of holdings) {
    const days = holding.closes && 'days' in holding.closes ? holding.closes.days : null;
    if (!days?.length) continue;
    let last = -1;
    for (let i = days.length - 1; i >= 0; i -= 1) {
      if ((days[i] as number) <= asOfDay) {
        last = days[i] as number;
        break;
      }
    }
    if (last >= 0) lastCloseDay.set(holding.id, last);
  }
  return { result, meta, lastCloseDay, manual, cash, heldOnly, rates };
}

/**
 * Holdings the view's currency cannot value for want of a rate, valued in their own currency
 * (one computation per currency, nothing converted): what they are worth there is known, only
 * not in the view's currency. Those that still need a rate (closes in another currency than
 * theirs) stay without figures.
 */
function valueInOwnCurrencies(
  input: Parameters<typeof computePortfolioValuation>[0],
  result: ValuationResult,
): Map<string, HoldingValuation['held']> {
  const found = new Map<string, HoldingValuation['held']>();
  const missing = new Set(
    result.unpriced.filter((item) => item.reason === 'missing-rate').map((item) => item.id),
  );
  if (!missing.size) return found;
  const byCurrency = new Map<string, HoldingInput[]>();
  for (const holding of input.holdings) {
    if (!missing.has(holding.id)) continue;
    const currency = normaliseCurrency(holding.ledgerCurrency ?? holding.currency).currency;
    // Its sales' tax rows are in the portfolio's currency, which has no rate here: not needed.
    const alone: HoldingInput = { ...holding, realized: undefined, version: undefined };
    const group = byCurrency.get(currency);
    if (group) group.push(alone);
    else byCurrency.set(currency, [alone]);
  }
  for (const [currency, group] of byCurrency) {
    const own = computePortfolioValuation({
      ...input,
      currency,
      baseCurrency: currency,
      holdings: group,
      fxVersion: undefined,
    });
    for (const holding of own.holdings) found.set(holding.id, holding.held);
  }
  return found;
}

/** The day's rate into `base` of each own currency of the view's holdings, and its date. */
function ratesOfAsOf(
  fx: { base: string; rates: Record<string, { dates: string[]; values: number[] }> },
  meta: Map<string, HoldingMeta>,
  base: string,
  asOf: string,
): ComputedView['rates'] {
  const day = toDay(asOf);
  const table = new FxTable(fx, day, day);
  const currencies = [...new Set([...meta.values()].map((info) => info.currency))]
    .filter((currency) => currency !== base)
    .sort();
  /** The date of the rate in force on asOf (the first one when asOf is before it). */
  const dateOf = (currency: string) => {
    if (currency === fx.base) return asOf;
    const dates = fx.rates[currency]?.dates;
    if (!dates?.length) return asOf;
    let found = dates[0] as string;
    for (const date of dates) {
      if (date > asOf) break;
      found = date;
    }
    return found;
  };
  const rates: ComputedView['rates'] = [];
  for (const currency of currencies) {
    if (!table.has(currency, base)) continue;
    const from = dateOf(currency);
    const to = dateOf(base);
    rates.push({
      currency,
      rate: table.exact(currency, base, day).toFixed(),
      rateDate: from < to ? from : to,
    });
  }
  return rates;
}

/**
 * A made-up portfolio for `warmValuationTask`: holdings with daily closes and trades, built in the
 * shapes a stored portfolio reaches the engine in (the engine's compiled code is kept only for the
 * shapes it has seen: typed-array closes, the ledger's lots and tax rows).
 */
function warmUpInput(): Parameters<typeof computePortfolioValuation>[0] {
  const first = toDay('2022-01-03');
  const days = 730;
  const holdings: HoldingInput[] = [];
  for (let h = 0; h < 40; h += 1) {
    const closeDays: number[] = [];
    const closeValues: number[] = [];
    let price = 50 + h;
    for (let d = 0; d < days; d += 1) {
      price = Math.max(1, price + (((d * 31 + h * 17) % 11) - 5) / 10);
      closeDays.push(first + d);
      closeValues.push(Math.round(price * 100) / 100);
    }
    // Shaped as loadHoldings reads them (the same fields in the same order), with the ledger's
    // open lots and tax rows (FIFO) on most holdings, as stored holdings have them.
    const currency = h % 2 ? 'USD' : 'EUR';
    const transactions: ValuationTransaction[] = [];
    const lots: { date: string; remaining: number; price: number; fees: number }[] = [];
    const realized: RealizedInput[] = [];
    for (let k = 0; k < 30; k += 1) {
      const day = first + k * 20 + (h % 7);
      const type = k % 5 === 4 ? 'sell' : k % 5 === 3 ? 'dividend' : 'buy';
      const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
      const quantity = type === 'dividend' ? 1 : 1 + (k % 3);
      const price = closeValues[day - first] ?? 10;
      const fees = Math.round((0.5 + (k % 9) * 0.83) * 100) / 100;
      transactions.push({
        id: `warm-${h}-${k}`,
        date,
        type,
        quantity: String(quantity),
        price: String(price),
        fees: String(fees),
        currency,
        costBasisMethod: type === 'sell' ? 'fifo' : null,
      });
      if (type === 'buy') lots.push({ date, remaining: quantity, price, fees });
      if (type === 'sell') {
        let left = quantity;
        let cost = 0;
        for (const lot of lots) {
          const taken = Math.min(lot.remaining, left);
          cost += taken * lot.price;
          lot.remaining -= taken;
          left -= taken;
        }
        const proceeds = quantity * price - fees;
        realized.push({
          date,
          proceeds: proceeds.toFixed(2),
          costBasis: cost.toFixed(2),
          gainLoss: (proceeds - cost).toFixed(2),
        });
      }
    }
    const openLots: OpenLotInput[] = lots
      .filter((lot) => lot.remaining > 0)
      .map((lot) => ({
        acquisitionDate: lot.date,
        remainingQuantity: String(lot.remaining),
        acquisitionPrice: String(lot.price),
        exchangeRateToBase: currency === 'EUR' ? '1' : '0.92',
        feesRemaining: String(lot.fees),
        pooledUnitCost: null,
      }));
    // Built as valueViewTask builds a stored holding's input: what loadHoldings read, then its
    // quote currency and closes (typed arrays, as read from the packed series), then its version.
    const loaded: HoldingInput = {
      id: `warm-${h}`,
      class: 'market_investment',
      currency,
      symbol: `WARM${h}`,
      transactions,
      // One in four without: valued by the engine's own replay of the trades.
      ...(h % 4 === 3 ? {} : { openLots, realized }),
    };
    const holding: HoldingInput = {
      ...loaded,
      currency,
      closes: { days: Int32Array.from(closeDays), values: Float64Array.from(closeValues) },
    };
    holding.version = '1';
    holdings.push(holding);
  }
  const rateDates = Array.from({ length: days }, (_, d) =>
    new Date((first + d) * 86_400_000).toISOString().slice(0, 10),
  );
  return {
    currency: 'EUR',
    baseCurrency: 'EUR',
    asOf: rateDates[rateDates.length - 1] as string,
    range: 'MAX',
    holdings,
    fx: {
      base: 'EUR',
      rates: { USD: { dates: rateDates, values: rateDates.map((_, d) => 1.05 + (d % 9) / 100) } },
    },
    fxVersion: 'warm',
  };
}

/** How many holdings (of short histories) and series a worker reads while it warms up (twice). */
const WARM_UP_ROWS = 64;

/**
 * Readies a worker for its first valuation (run when the server starts): opens its database
 * connections and prepares the view's reads (on a view that does not exist), reads a sample of
 * real holdings and series (the row parsing is then compiled; nothing read is kept, so a first
 * valuation still reads everything it values) and runs the engine on a made-up portfolio, so that
 * the hot paths are compiled before a user waits on them.
 */
export async function warmValuationTask(
  _input: Record<string, never>,
  env: TaskEnv,
): Promise<void> {
  const db = (await env.database()).db(false);
  const nowhere: ViewRef = {
    portfolioId: '00000000-0000-0000-0000-000000000000',
    simulationId: null,
  };
  await Promise.all([
    loadViewStamps(db, nowhere),
    loadHoldings(db, [nowhere.portfolioId]),
    readPriceSeries(db, ['']),
    loadFxRates(db, ['']),
  ]);
  const sample = await loadWarmUpSample(db, WARM_UP_ROWS);
  for (let round = 0; round < 2; round += 1) {
    await Promise.all([loadHoldings(db, sample.holdingIds), readPriceSeries(db, sample.symbols)]);
  }
  const input = warmUpInput();
  for (let round = 0; round < 3; round += 1) computePortfolioValuation(input, new Map());
  computePortfolioValuation(input);
}

declare module '../../context' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging
  interface ComputeTasks {
    /** A portfolio's or simulation's valuation, read and computed on the worker. */
    valueView: typeof valueViewTask;
    /** A portfolio's or simulation's performance answer and holdings summary, built on the worker. */
    viewAnswers: typeof viewAnswersTask;
    /** Readies a worker for its first valuation (at start). */
    warmValuation: typeof warmValuationTask;
  }
}
