import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database every query function takes first; PGlite and node-postgres both fit. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DbKind = 'pglite' | 'postgres';

export type Database = {
  kind: DbKind;
  db: Db;
  /** Round trip to the database; rejects when it is unreachable. */
  ping(): Promise<void>;
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type Logger = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const silentLogger: Logger = { warn() {}, error() {} };

/**
 * Wraps an open PGlite. `owned` means close() closes it too; tests that share one PGlite between
 * two app instances pass false.
 */
export function pgliteDatabase(client: PGlite, options: { owned?: boolean } = {}): Database {
  const owned = options.owned ?? true;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async ping() {
      if (client.closed) throw new Error('database is closed');
      await client.query('select 1');
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      if (owned && !client.closed) await client.close();
    },
  };
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        'Stop that process, or use PostgreSQL (DATABASE_URL) to run several processes.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file beside the folder holds the owner's pid; a lock left by a dead process is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  await mkdir(path.dirname(lockFile), { recursive: true });
  try {
    await writeFile(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number((await readFile(lockFile, 'utf8')).trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      throw new DataDirInUseError(dataDir, owner);
    }
    await writeFile(lockFile, String(process.pid));
  }
  return async () => {
    await unlink(lockFile).catch(() => {});
  };
}

/** Opens (creating it when missing) the embedded database kept in `dataDir`, for this process only. */
export async function openPglite(dataDir: string): Promise<Database> {
  const unlock = await lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir });
  } catch (error) {
    await unlock();
    throw error;
  }
  const database = pgliteDatabase(client);
  return {
    ...database,
    async close() {
      await database.close();
      await unlock();
    },
  };
}

export type PostgresOptions = {
  /** Pool size per process. */
  max?: number;
  logger?: Logger;
};

/** Connects a node-postgres pool to a PostgreSQL server. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const logger = options.logger ?? silentLogger;
  // Loaded only when a PostgreSQL server is configured: the embedded default starts faster.
  const [{ default: pgModule }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pgModule.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A query that runs longer than this is cancelled by the server.
    statement_timeout: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection lost'));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  const listeners = new Set<PgListener>();

  return {
    kind: 'postgres',
    db,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, onPayload) {
      const listener = new PgListener(pgModule, url, channel, onPayload, logger);
      listeners.add(listener);
      await listener.start();
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * A dedicated connection holding one LISTEN. When the connection drops it reconnects with a
 * growing delay (up to 10 s) and listens again.
 */
class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryDelayMs = 250;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pgModule: typeof pg,
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const client = new this.pgModule.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5_000,
    });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onPayload(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error, channel: this.channel }, 'realtime listener connection lost');
      this.onConnectionLost(client);
    });
    client.on('end', () => this.onConnectionLost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.pgModule.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryDelayMs = 250;
  }

  private onConnectionLost(client: pg.Client) {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.start().catch((error: unknown) => {
        this.logger.error(
          { err: error, channel: this.channel },
          'realtime listener cannot reconnect',
        );
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, 10_000);
        this.scheduleReconnect();
      });
    }, this.retryDelayMs);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }
}
