import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App, type AppDeps } from './app';
import { type Config, describeConfig } from './config';
import type { Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import { openConfiguredDatabase } from './db/open';
import { setupRequired } from './features/auth/auth.service';
import { loadSecrets } from './secrets';

/** The repository root: main.ts (source) and main.js (dist/server) are both two levels down. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIST = path.join(PROJECT_ROOT, 'dist', 'web');

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 25_000;

export type StartOptions = {
  config: Config;
  webRoot?: string | null;
  /** Runs after the app is built and before it listens (tests add routes here). */
  beforeListen?: (app: App) => void | Promise<void>;
  overload?: AppDeps['overload'];
  /** The database, already opening (main.ts opens it while the server's modules load). */
  database?: Promise<Database>;
};

export type Running = {
  app: App;
  database: Database;
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  shutdown(reason: string): Promise<void>;
};

/** Opens and migrates the database, builds the app and listens. */
export async function startServer(options: StartOptions): Promise<Running> {
  const { config } = options;
  const opening = options.database ?? openConfiguredDatabase(config);
  let secrets;
  try {
    secrets = await loadSecrets(config.dataDir, {
      cookieSecret: config.cookieSecret,
      dataKey: config.dataKey,
    });
  } catch (error) {
    await opening.then((database) => database.close()).catch(() => undefined);
    throw error;
  }
  const database = await opening;
  let app: App;
  try {
    await migrateDatabase(database, { databaseUrl: config.databaseUrl });
    app = await buildApp({
      config,
      database,
      secrets,
      webRoot: options.webRoot === undefined ? WEB_DIST : options.webRoot,
      overload: options.overload,
    });
    await options.beforeListen?.(app);
  } catch (error) {
    await database.close();
    throw error;
  }
  app.log.info({ config: describeConfig(config) }, 'starting');
  const url = await app.listen({ port: config.port, host: config.host });
  // A new install: say where its first account is made (the log is what a newcomer reads). Not
  // awaited: the signal handlers below must be in place as soon as the server listens.
  const setupUrl = new URL('/setup', config.publicUrl).toString();
  void setupRequired(app.ctx)
    .then((required) => {
      if (required) {
        app.log.info(
          { setup: setupUrl },
          `no account yet: open ${setupUrl} to create the administrator account`,
        );
      }
    })
    .catch(() => undefined);
  // The valuation workers boot now, and ready themselves (connections, compiled engine), not
  // when the first valuation waits for one. The others start with the first task given them.
  app.ctx.valuations.warm();
  for (let i = 0; i < app.ctx.valuations.threads; i += 1) {
    app.ctx.valuations
      .run('warmValuation', {})
      .catch((error: unknown) => app.log.warn({ err: error }, 'compute worker warm-up failed'));
  }

  let closing: Promise<void> | null = null;
  const shutdown = (reason: string) => {
    closing ??= (async () => {
      app.log.info({ reason }, 'shutting down: finishing in-flight requests');
      await app.close();
      await database.close();
      app.log.info('stopped');
    })();
    return closing;
  };
  return { app, database, url, shutdown };
}

/** Wires SIGTERM/SIGINT to a graceful shutdown, forcing exit if it takes too long. */
export function handleSignals(running: Running) {
  const onSignal = (signal: NodeJS.Signals) => {
    const force = setTimeout(() => {
      running.app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    running.shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        running.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
