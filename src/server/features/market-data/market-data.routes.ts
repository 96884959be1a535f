import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@/contracts/errors';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@/contracts/import-export';
import {
  adminMarketDataResponseSchema,
  CLOSES_MAX,
  closeOnQuerySchema,
  closeOnResponseSchema,
  fxQuerySchema,
  fxResponseSchema,
  instrumentsQuerySchema,
  instrumentsResponseSchema,
  marketDataImportBodySchema,
  marketDataImportCommitSchema,
  marketDataImportPreviewSchema,
  priceHistoriesQuerySchema,
  priceHistoriesResponseSchema,
  priceHistoryQuerySchema,
  priceHistoryResponseSchema,
  putPricesBodySchema,
  putPricesResponseSchema,
  quotesQuerySchema,
  quotesResponseSchema,
  symbolParamsSchema,
} from '@/contracts/market-data';
import type { ServerContext } from '../../context';
import { requireAdmin, requireAuth } from '../session';
import { MINUTE } from '../../platform/clock';
import { createLimiter } from '../../platform/rate-limit';
import { closeOn } from './close-on.service';
import { fxRate } from './fx.service';
import { commitMarketDataImport, previewMarketDataImport } from './import.service';
import { lookupInstruments, marketDataOverview } from './overview.service';
import { priceHistories, priceHistory } from './price-history.service';
import { putPrices } from './prices.service';
import type { Providers } from './providers';
import type { HttpOptions } from './providers/http';
import { getQuotes, QuoteCache } from './quotes.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  429: errorResponseSchema,
};

export type MarketDataOptions = {
  ctx: ServerContext;
  /** The providers, the composition root's (app.ts: the same the scheduled refreshes use). */
  providers: Providers;
};

/** How the composition root sets market data up (tests pass fakes or short timeouts). */
export type MarketDataSetup = {
  /** The providers (tests pass fakes); built from the configuration when absent. */
  providers?: Providers;
  /** HTTP settings of the configured providers (tests shorten timeouts and backoff). */
  http?: Omit<HttpOptions, 'log'>;
  /** Run the daily and market-hours jobs when providers are on (default true). */
  schedule?: boolean;
};

/**
 * Market data (issue 13). Reads for every signed-in user (market data belongs to no one): quotes,
 * price histories, instrument lookup, exchange rates. Writes for admins: one symbol's closes, a CSV file of closes and rates. The admin page's
 * overview. The scheduled refreshes are registered by the composition root (refresh.service.ts:
 * `scheduleMarketDataJobs`).
 */
export async function marketDataRoutes(app: FastifyInstance, options: MarketDataOptions) {
  const { ctx, providers } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cache = new QuoteCache();
  const readsPerUser = createLimiter(app, {
    name: 'market-data-read',
    max: 600,
    timeWindowMs: MINUTE,
    key: (r) => r.auth?.user.id ?? r.ip,
  });
  const writesPerUser = createLimiter(app, {
    name: 'market-data-write',
    max: 120,
    timeWindowMs: 10 * MINUTE,
    key: (r) => r.auth?.user.id ?? r.ip,
  });

  routes.put(
    '/api/v1/market-data/prices/:symbol',
    {
      // 20,000 closes with volumes fit in 4 MB of JSON.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['market data'],
        summary: `Admin: create the instrument if missing and write its daily closes (at most ${CLOSES_MAX.toLocaleString('en')}; a known day is replaced), in one transaction.`,
        params: symbolParamsSchema,
        body: putPricesBodySchema,
        response: { 200: putPricesResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      await writesPerUser(request);
      return putPrices(ctx, request.params.symbol, request.body);
    },
  );

  routes.post(
    '/api/v1/market-data/import',
    {
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags: ['market data'],
        summary: `Admin: import a CSV file of closes (symbol,date,close,currency[,volume,name]) and exchange rates (symbol a pair such as EURUSD; close the rate), at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en')} rows. commit false previews; commit true saves every row in one transaction, or none (400 IMPORT_INVALID with the errors).`,
        body: marketDataImportBodySchema,
        response: {
          200: marketDataImportPreviewSchema,
          201: marketDataImportCommitSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      await writesPerUser(request);
      if (!request.body.commit) return previewMarketDataImport(ctx, request.body);
      const saved = await commitMarketDataImport(ctx, request.body);
      request.log.info(saved, 'market data import saved');
      return reply.status(201).send(saved);
    },
  );

  routes.get(
    '/api/v1/market-data/quotes',
    {
      schema: {
        tags: ['market data'],
        summary:
          "Each symbol's latest stored close, the close before and the day change (at most 50 symbols; unknown symbols listed apart). Cached 60 s per process; any write of prices or rates refreshes it.",
        querystring: quotesQuerySchema,
        response: { 200: quotesResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAuth(request);
      await readsPerUser(request);
      return getQuotes(ctx, cache, request.query.symbols);
    },
  );

  routes.get(
    '/api/v1/market-data/prices/:symbol',
    {
      schema: {
        tags: ['market data'],
        summary:
          "One instrument's daily closes over a range ending today (1W ... MAX, 1Y when absent), ascending: daily up to a year, thinned beyond to at most 400 closes (the first, last, lowest and highest always kept). An instrument without closes answers none; 404 INSTRUMENT_NOT_FOUND for an unknown symbol.",
        params: symbolParamsSchema,
        querystring: priceHistoryQuerySchema,
        response: { 200: priceHistoryResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAuth(request);
      await readsPerUser(request);
      return priceHistory(ctx, request.params.symbol, request.query.range);
    },
  );

  routes.get(
    '/api/v1/market-data/prices/:symbol/close',
    {
      schema: {
        tags: ['market data'],
        summary:
          "One instrument's stored close of a day (or of the latest day before it within a week), and that close in a holding's currency at the rate published for its day: a purchase price to prefill. close null when there is none; price null when converting needs a rate nobody published; 404 INSTRUMENT_NOT_FOUND for an unknown symbol.",
        params: symbolParamsSchema,
        querystring: closeOnQuerySchema,
        response: { 200: closeOnResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAuth(request);
      await readsPerUser(request);
      return closeOn(ctx, request.params.symbol, request.query.date, request.query.currency);
    },
  );

  routes.get(
    '/api/v1/market-data/prices',
    {
      schema: {
        tags: ['market data'],
        summary:
          'The closes of up to 50 symbols over a range ending today (1Y when absent), each thinned to at most 60 closes (for sparklines; the first, last, lowest and highest kept), in the order asked; symbols without an instrument or a close listed apart.',
        querystring: priceHistoriesQuerySchema,
        response: { 200: priceHistoriesResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAuth(request);
      await readsPerUser(request);
      return priceHistories(ctx, request.query.symbols, request.query.range);
    },
  );

  routes.get(
    '/api/v1/market-data/instruments',
    {
      schema: {
        tags: ['market data'],
        summary:
          'Instruments whose symbol starts with the query or whose name contains it (case and accents ignored), at most 20, with their latest close; a provider, when on, suggests more.',
        querystring: instrumentsQuerySchema,
        response: { 200: instrumentsResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAuth(request);
      await readsPerUser(request);
      return {
        instruments: await lookupInstruments(
          ctx,
          providers.prices,
          request.query.query,
          request.log,
        ),
      };
    },
  );

  routes.get(
    '/api/v1/market-data/fx',
    {
      schema: {
        tags: ['market data'],
        summary:
          'The exchange rate of a pair on a date or the latest day before (euro reference rates; other pairs crossed through the euro), with the day it is from. 404 FX_RATE_NOT_FOUND when none.',
        querystring: fxQuerySchema,
        response: { 200: fxResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAuth(request);
      await readsPerUser(request);
      const { base, quote, date } = request.query;
      return fxRate(ctx, base, quote, date);
    },
  );

  routes.get(
    '/api/v1/admin/market-data',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Admin: providers (on or off, last run, last success, last error), counts of instruments, closes and exchange-rate days, and symbols of active holdings without a close in the last 5 days.',
        response: { 200: adminMarketDataResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return marketDataOverview(ctx);
    },
  );
}
