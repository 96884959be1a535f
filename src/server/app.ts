import { Agent as HttpsAgent } from 'node:https';
import path from 'node:path';
import cookie from '@fastify/cookie';
import underPressure from '@fastify/under-pressure';
import Fastify, { type RouteOptions } from 'fastify';
import { isLanguage } from '@/contracts/i18n';
import { LANGUAGE_QUERY_PARAM } from '@/contracts/public-pages';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { ComputeTasks, ServerContext } from './context';
import { runAsRequest } from './db/access-context';
import type { Database } from './db/client';
import { adminRoutes } from './features/admin/admin.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { apiKeyRoutes } from './features/api-keys/api-keys.routes';
import { consentRoutes } from './features/consent/consent.routes';
import { accountRoutes } from './features/auth/account.routes';
import { authRoutes } from './features/auth/auth.routes';
import { mfaRoutes } from './features/auth/mfa.routes';
import { devRoutes } from './features/dev/dev.routes';
import { deviceLocationRoutes } from './features/device-location/device-location.routes';
import type { IpLocator } from './features/device-location/device-location.service';
import { holdingRoutes } from './features/holdings/holdings.routes';
import { importExportRoutes } from './features/import-export/import-export.routes';
import { ledgerRoutes } from './features/ledger/ledger.routes';
import { marketDataRoutes, type MarketDataSetup } from './features/market-data/market-data.routes';
import { createProviders } from './features/market-data/providers';
import { scheduleMarketDataJobs } from './features/market-data/refresh.service';
import { portfolioRoutes } from './features/portfolios/portfolios.routes';
import { privacyRoutes } from './features/privacy/privacy.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { savingsRoutes } from './features/savings/savings.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { subscriptionRoutes } from './features/subscription/subscription.routes';
import { healthRoutes } from './features/health/health.routes';
import { HOUSEKEEPING, runHousekeeping } from './housekeeping';
import { loadPrerendered, loadSeoStrings, renderIndexHead } from './features/seo/seo-head';
import { seoRoutes } from './features/seo/seo.routes';
import { isApiKeyRoute, registerApiKeyAuth } from './features/api-keys/api-key-auth';
import { clientConfigOf, injectClientConfig } from './platform/client-config';
import { realtimeSessions, registerAuth } from './features/session/session';
import { type Clock, systemClock } from './platform/clock';
import { ComputePool } from './platform/compute';
import { valuationRoutes } from './features/valuation/valuation.routes';
import { planningRoutes } from './features/planning/planning.routes';
import { createCounterStore } from './platform/counters';
import { AppError, handleFrameworkError, registerErrorHandling } from './platform/errors';
import { Jobs } from './platform/jobs';
import { languageOf } from './platform/language';
import { generateRequestId, type LogDestination, loggerOptions } from './platform/logging';
import { Mailer } from './platform/mail';
import {
  DELIVERY_JOB,
  DELIVERY_SCHEDULE,
  sendDueDeliveries,
} from './features/notifications/notification-delivery';
import { guardedLookup } from './platform/remote-fetch';
import { Scheduler, sqlExecutor } from './platform/scheduler';
import { PushSender } from './platform/web-push';
import {
  INSIGHTS_JOB,
  INSIGHTS_SCHEDULE,
  sendWeeklyInsights,
} from './features/valuation/insights.service';
import { registerOpenApi } from './platform/openapi';
import { registerRateLimit } from './platform/rate-limit';
import { isApiRequest } from './platform/request-path';
import { ReadCache } from './platform/read-cache';
import { Realtime } from './platform/realtime';
import { registerRealtimeRoutes } from './platform/realtime.routes';
import { allowedOrigins, registerSecurity } from './platform/security';
import { type IndexRenderer, registerSpa } from './platform/spa';
import { LocalStorage, registerUploads } from './platform/storage';
import { loadVapidKeys, type Secrets, type VapidKeys } from './secrets';
import { APP_VERSION } from './version';
import { computeWorkerEntry } from './workers/compute-entry';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    realtime: Realtime;
    /** The shared services features use (tests reach the mailer, jobs and clock through it). */
    ctx: ServerContext;
  }
}

export type OverloadLimits = {
  /** Answer 503 when the event loop lags more than this. */
  maxEventLoopDelayMs: number;
  /** Answer 503 when the event loop is busier than this fraction. */
  maxEventLoopUtilization: number;
};

export type AppDeps = {
  config: Config;
  database: Database;
  secrets: Secrets;
  /**
   * Reads kept in memory wait, before they are answered, until every announcement committed so
   * far is heard (tests: their fixtures write to the database directly, not through a request).
   */
  strictReadCache?: boolean;
  /** The built SPA (dist/web); null serves the API only (development, tests). */
  webRoot?: string | null;
  /** Where log lines go (stdout when absent); tests capture them. */
  logDestination?: LogDestination;
  /** Overload protection; false turns it off (tests whose machine is busy by design). */
  overload?: OverloadLimits | false;
  /** The time (tests pass a fake clock). */
  clock?: Clock;
  /** IP geolocation (tests pass one over a small database). */
  locator?: IpLocator;
  /** The periodic purge of expired data; false turns it off (tests run it by hand). */
  housekeeping?: boolean;
  /** Told of every route as it is registered, with its schemas (the fuzz test's catalogue). */
  onRoute?: (route: RouteOptions) => void;
  /** Market data providers and scheduling (tests pass fakes or short timeouts). */
  marketData?: MarketDataSetup;
  /** Web Push keys (by default from VAPID_* or DATA_DIR/vapid.json). */
  vapid?: VapidKeys;
  /** The HTTPS agent push goes through (tests trust their local push service's certificate). */
  pushAgent?: HttpsAgent;
  /**
   * The delivery and weekly insights jobs (on by default); false turns them off (tests run
   * `sendDueDeliveries` and `sendWeeklyInsights` by hand).
   */
  notificationJobs?: boolean;
  /** The compute workers' module built to JavaScript (tests build it once for the whole run). */
  computeWorkerFile?: string;
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const DEFAULT_OVERLOAD: OverloadLimits = {
  maxEventLoopDelayMs: 1_000,
  maxEventLoopUtilization: 0.98,
};

/**
 * Builds the Fastify app with every platform piece and feature route. It does not listen and
 * does not own the database: main.ts opens and closes that; tests inject their own.
 */
export async function buildApp(deps: AppDeps) {
  const { config, database, secrets } = deps;

  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logDestination),
    genReqId: generateRequestId,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    connectionTimeout: 120_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // The router's own refusals (an over-long path id, an undecodable URL) in our envelope.
    frameworkErrors: (error, request, reply) => void handleFrameworkError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  // Every request's queries run as that request (the embedded database lets reads of other
  // users pass a bulk write: db/access-context.ts).
  app.addHook('onRequest', (request, _reply, done) =>
    runAsRequest(() => request.auth?.user.id ?? null, done),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // JSON only: without the text/plain parser, any other body type answers 415.
  app.removeContentTypeParser('text/plain');

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // API answers are private and change: never let a browser or proxy cache them.
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  const clock = deps.clock ?? systemClock;
  await registerSecurity(app, config);
  await app.register(cookie, { secret: secrets.cookieSecret, hook: 'onRequest' });
  const reads = new ReadCache({ database, logger: app.log, strict: deps.strictReadCache ?? false });
  registerAuth(app, { database, config, clock, reads });
  // A request that wrote answers once its writes' announcements are heard: its next read, from
  // memory or not, sees them (platform/read-cache.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!WRITE_METHODS.has(request.method) || !isApiRequest(request)) return payload;
    try {
      await reads.barrier();
    } catch (error) {
      request.log.warn({ err: error }, 'read cache barrier failed');
    }
    return payload;
  });
  await registerRateLimit(app, config.redisUrl);
  registerApiKeyAuth(app, { database, config, clock });

  const overload = deps.overload === undefined ? DEFAULT_OVERLOAD : deps.overload;
  if (overload) {
    await app.register(underPressure, {
      maxEventLoopDelay: overload.maxEventLoopDelayMs,
      maxEventLoopUtilization: overload.maxEventLoopUtilization,
      retryAfter: 10,
      pressureHandler: (request, reply, type, value) => {
        request.log.warn({ type, value }, 'overloaded: refusing request');
        void reply.header('retry-after', '10');
        throw new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: 10 });
      },
    });
  }

  await registerOpenApi(app, {
    version: APP_VERSION,
    publicUrl: config.publicUrl.origin,
    apiKeyRateLimit: config.apiKeyRateLimit,
    isApiKeyRoute,
  });

  // A client told of a change refetches: the read cache must have heard of it first.
  const realtime = new Realtime(database, app.log, { beforeDispatch: () => reads.barrier() });
  const mailer = new Mailer(
    database,
    // Email bodies (links, codes) reach the log only on a developer's machine.
    {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      logBodies: config.env === 'development',
      // Administrators' open outgoing-mail lists follow what is kept for them to pass on.
      onStored: (db) => realtime.publish('admin', { entity: 'mail' }, db),
    },
    app.log,
    clock,
  );
  const jobs = new Jobs(app.log);
  const vapid = deps.vapid ?? (await loadVapidKeys(config.dataDir, config.vapid));
  const push = new PushSender(vapid, {
    // Push endpoints are addresses users give: public ones only, unless allowed (like any fetch).
    agent:
      deps.pushAgent ??
      new HttpsAgent(config.allowPrivateNetworkFetch ? {} : { lookup: guardedLookup }),
    allowPrivateNetworks: config.allowPrivateNetworkFetch,
  });
  const storage = new LocalStorage(path.join(config.dataDir, 'uploads'));
  const counters = await createCounterStore(config.redisUrl, clock, app.log);
  // Reached lazily: tooling may build the app on a database without the node-postgres driver.
  const scheduler = new Scheduler(
    { executeSql: (text, values) => sqlExecutor(database.db).executeSql(text, values) },
    clock,
    app.log,
  );
  const ctx: ServerContext = {
    config,
    database,
    clock,
    mailer,
    jobs,
    storage,
    realtime,
    reads,
    secrets,
    counters,
    scheduler,
    compute: new ComputePool<ComputeTasks>({ entry: computeWorkerEntry(deps.computeWorkerFile) }),
    valuations: new ComputePool<ComputeTasks>({
      entry: computeWorkerEntry(deps.computeWorkerFile),
      connect: (readers) =>
        database.workerConnection?.(readers) ??
        new Error('this database gives no worker connections'),
    }),
    dataKey: Buffer.from(secrets.dataKey, 'base64url'),
    push,
  };
  app.decorate('realtime', realtime);
  app.decorate('ctx', ctx);
  app.addHook('onReady', async () => {
    await realtime.start();
    await reads.start();
    await mailer.start();
    if (deps.housekeeping !== false) {
      jobs.every(
        'housekeeping',
        HOUSEKEEPING.intervalMs,
        () => runHousekeeping(ctx),
        HOUSEKEEPING.firstAfterMs,
      );
      // The job queue's workers and periodic jobs (tests start it on their first job instead).
      await scheduler.start();
    }
    if (config.env === 'production' && !config.smtpUrl) {
      app.log.warn(
        'SMTP_URL is not set: emails are kept, not sent; an administrator passes their links on from /admin/mail (or `npm run admin -- mail`)',
      );
    }
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    jobs.stop();
    await jobs.idle();
    await mailer.stop();
    await realtime.stop();
    await reads.stop();
    await counters.close();
    await ctx.compute.close();
    await ctx.valuations.close();
  });
  await registerRealtimeRoutes(app, {
    realtime,
    origins: allowedOrigins(config),
    sessions: realtimeSessions(database, clock),
  });
  // A user's own topic (role changes, notifications, session events).
  realtime.registerTopic({
    name: 'user',
    matches: (topic) => topic.startsWith('user:'),
    authorize: (request, topic) =>
      !!request.auth && !request.auth.mfaPending && topic === `user:${request.auth.user.id}`,
  });

  await app.register(healthRoutes, { database });
  await app.register(seoRoutes, { origin: config.publicUrl.origin });
  await app.register(authRoutes, { ctx });
  await app.register(mfaRoutes, { ctx });
  await app.register(accountRoutes, { ctx });
  await app.register(privacyRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(portfolioRoutes, { ctx });
  await app.register(holdingRoutes, { ctx });
  await app.register(ledgerRoutes, { ctx });
  await app.register(savingsRoutes, { ctx });
  await app.register(importExportRoutes, { ctx });
  const marketDataProviders =
    deps.marketData?.providers ??
    createProviders(config.marketData, { ...deps.marketData?.http, log: app.log }, clock, (xml) =>
      ctx.compute.run('ecbRates', xml),
    );
  await app.register(marketDataRoutes, { ctx, providers: marketDataProviders });
  // The daily and market-hours refreshes, on the one job queue, when providers are on.
  if (
    deps.marketData?.schedule !== false &&
    scheduleMarketDataJobs(scheduler, ctx, marketDataProviders)
  ) {
    app.addHook('onReady', () => scheduler.start());
  }
  await app.register(settingsRoutes, { ctx });
  await app.register(subscriptionRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(apiKeyRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  await app.register(consentRoutes, { ctx });
  if (deps.notificationJobs !== false) {
    // Email and push deliveries every minute, the weekly insights email every quarter hour: each
    // run once across processes, on the shared job queue (platform/scheduler.ts).
    scheduler.schedule(DELIVERY_JOB, DELIVERY_SCHEDULE, async () => {
      await sendDueDeliveries(ctx, app.log);
    });
    scheduler.schedule(INSIGHTS_JOB, INSIGHTS_SCHEDULE, async () => {
      await sendWeeklyInsights(ctx, app.log);
    });
    app.addHook('onReady', () => scheduler.start());
  }
  await app.register(valuationRoutes, { ctx });
  await app.register(planningRoutes, { ctx });
  await app.register(deviceLocationRoutes, deps.locator ? { locator: deps.locator } : {});
  if (config.env !== 'production') await app.register(devRoutes, { ctx });
  await registerUploads(app, storage);
  const webRoot = deps.webRoot ?? null;
  const seoStrings = webRoot ? await loadSeoStrings(webRoot) : null;
  const prerendered = webRoot ? await loadPrerendered(webRoot) : null;
  const renderIndex: IndexRenderer | undefined = seoStrings
    ? (template, request, page) => {
        const url = new URL(request.url, config.publicUrl);
        const urlLanguage = url.searchParams.get(LANGUAGE_QUERY_PARAM);
        return renderIndexHead(template, {
          origin: config.publicUrl.origin,
          pathname: url.pathname,
          language: languageOf(request),
          urlLanguage: isLanguage(urlLanguage) ? urlLanguage : null,
          strings: seoStrings,
          prerendered,
          notFound: page.notFound,
        });
      }
    : undefined;
  // Production pages carry the analytics id and error-reporting DSN the browser needs (after consent).
  const clientConfig = clientConfigOf(config);
  await registerSpa(
    app,
    webRoot,
    renderIndex || clientConfig
      ? (template, request, page) =>
          injectClientConfig(
            renderIndex ? renderIndex(template, request, page) : template,
            clientConfig,
          )
      : undefined,
  );

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
