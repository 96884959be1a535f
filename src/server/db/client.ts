import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { workerEntry } from '../platform/worker-entry';
import { mayPassBulkWrites } from './access-context';
import { isReadOnlySql } from './read-only-sql';
import { PortSocket } from './port-socket';
import type { WorkerConnection } from './worker-database';
import type { ConnectMessage, PgliteWorkerData } from './pglite-worker';
import * as schema from './schema';
import type { Db } from './types';

export type { Db, DbOrTx, Schema, Tx } from './types';

export type DbKind = 'pglite' | 'postgres';

export type ListenState = 'listening' | 'lost';

export type Database = {
  kind: DbKind;
  /**
   * How `db` talks to the database: node-postgres over the wire protocol (the server, on either
   * database), or PGlite's own driver on this thread (tooling only).
   */
  driver: 'pg' | 'pglite';
  db: Db;
  /** Round trip to the database; rejects when it is unreachable. */
  ping(): Promise<void>;
  /**
   * A connection for another thread of this process (a compute worker reading on its own):
   * PostgreSQL's address, or a message port to the embedded database's thread. Absent for
   * PGlite on this thread (tooling).
   */
  workerConnection?(readers: boolean): WorkerConnection | Error;
  /**
   * LISTEN on a channel; resolves to a function that stops listening. `onState` hears when the
   * listening connection is lost ('lost': notifications may be missed until it is back) and when
   * it listens again ('listening').
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (state: ListenState) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type Logger = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const silentLogger: Logger = { warn() {}, error() {} };

/**
 * Wraps a PGlite running on this thread. Only tooling uses it (building the tests' migrated
 * snapshot, migration tests): the server reaches PGlite on its own thread (`openPglite`).
 */
export function pgliteDatabase(client: PGlite, options: { owned?: boolean } = {}): Database {
  const owned = options.owned ?? true;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    driver: 'pglite',
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

type WorkerReply = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'closed' };

/**
 * The embedded database on a thread of its own (pglite-worker.ts). Each `socket()` is one
 * wire-protocol connection to it.
 */
class PgliteThread {
  private readonly worker: Worker;
  private readonly sockets = new Set<PortSocket>();
  private exited: Error | null = null;
  private readonly ready: Promise<void>;
  private closing: Promise<void> | null = null;

  constructor(data: PgliteWorkerData, builtFile?: string) {
    const entry = workerEntry(
      new URL('./pglite-worker.js', import.meta.url),
      new URL('./pglite-worker.ts', import.meta.url),
      builtFile,
    );
    this.worker = new Worker(entry.script, {
      eval: entry.eval,
      workerData: data,
      // The snapshot is copied into the worker, not shared.
      transferList: data.snapshot ? [data.snapshot.buffer as ArrayBuffer] : [],
    });
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (message: WorkerReply) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(new Error(message.message));
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', reject);
      this.worker.once('exit', (code) =>
        reject(new Error(`the embedded database stopped while opening (exit ${code})`)),
      );
    });
    this.worker.on('error', (error) => {
      this.exited = error;
    });
    this.worker.on('exit', (code) => {
      this.exited ??= new Error(`the embedded database stopped (exit ${code})`);
      for (const socket of this.sockets) socket.destroy(this.exited);
    });
  }

  opened() {
    return this.ready;
  }

  /** A new connection: a socket-like stream node-postgres writes the protocol to. */
  socket(readers: boolean): PortSocket {
    const socket = new PortSocket(() => this.port(readers));
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    return socket;
  }

  /**
   * A new connection's end: the database's thread takes the other. A compute worker's
   * connections are made this way too (`Database.workerConnection`).
   */
  port(readers: boolean): MessagePort | Error {
    if (this.exited || this.closing) return this.exited ?? new Error('database is closed');
    const { port1, port2 } = new MessageChannel();
    const message: ConnectMessage = { type: 'connect', port: port2, readers };
    this.worker.postMessage(message, [port2]);
    return port1;
  }

  get isOpen() {
    return !this.exited && !this.closing;
  }

  /** Closes the database (its files are consistent on disk afterwards) and ends the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.exited) {
        await new Promise<void>((resolve) => {
          const onMessage = (message: WorkerReply) => {
            if (message.type === 'closed') resolve();
          };
          this.worker.on('message', onMessage);
          this.worker.once('exit', () => resolve());
          this.worker.postMessage({ type: 'close' });
        });
      }
      await this.worker.terminate();
    })();
    return this.closing;
  }
}

export type PgliteSource = { dataDir: string } | { snapshot: Uint8Array } | { memory: true };

export type PgliteOptions = {
  /** How long a query may wait for the connection before failing as an overload. */
  queueTimeoutMs?: number;
  logger?: Logger;
  /** The worker, built to JavaScript (tests build it once); by default found beside this file. */
  workerFile?: string;
  /** Connections in the pool (default 4). */
  connections?: number;
};

/**
 * Starts the embedded database on its own thread and connects a pool to it. PGlite is one
 * session: the worker runs one statement group at a time and keeps transactions apart, so
 * queries queue there (or, beyond the pool's size, for a connection) instead of being refused.
 */
export async function openPgliteThread(
  source: PgliteSource,
  options: PgliteOptions = {},
): Promise<Database> {
  const thread = await startPgliteThread(source, options.workerFile);
  const database = await connectPgliteThread(thread, options);
  return {
    ...database,
    async close() {
      await database.close();
      await thread.close();
    },
  };
}

/**
 * The embedded database's thread alone, for a caller that connects to it more than once one
 * after another (the server tests reuse one per test worker; see testing/test-db.ts).
 */
export type PgliteThreadHandle = Pick<PgliteThread, 'socket' | 'port' | 'isOpen' | 'close'>;

/** Starts the embedded database's thread and waits until it is open. */
export async function startPgliteThread(
  source: PgliteSource,
  workerFile?: string,
): Promise<PgliteThreadHandle> {
  const thread = new PgliteThread(
    'dataDir' in source
      ? { dataDir: source.dataDir }
      : 'snapshot' in source
        ? { snapshot: source.snapshot }
        : {},
    workerFile,
  );
  try {
    await thread.opened();
  } catch (error) {
    await thread.close();
    throw error;
  }
  return thread;
}

/**
 * What node-postgres needs to connect to the embedded database's thread: a port of its own as the
 * socket, and PGlite's own role and database (a missing role would end its session, fatally).
 */
export function pgliteConnection(thread: PgliteThreadHandle, readers: boolean): pg.ClientConfig {
  return {
    user: 'postgres',
    database: 'postgres',
    stream: () => thread.socket(readers),
  } as pg.ClientConfig;
}

/**
 * Connects pools to an open embedded database's thread. Closing the result ends its connections
 * (rolling back what they left open) and leaves the thread running.
 */
export async function connectPgliteThread(
  thread: PgliteThreadHandle,
  options: Omit<PgliteOptions, 'workerFile'> = {},
): Promise<Database> {
  const logger = options.logger ?? silentLogger;
  const [{ default: pgModule }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const poolConfig = {
    // Connections are kept: a new one would cost a start-up round for nothing.
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: options.queueTimeoutMs ?? 30_000,
  };
  // Connections are cheap here (a port each); the worker runs their statements one at a time.
  const pool = new pgModule.Pool({
    ...pgliteConnection(thread, false),
    ...poolConfig,
    max: options.connections ?? 8,
  });
  // Reads that may pass a bulk write have connections of their own, so that requests waiting
  // for it (its portfolio's readers, writes) never hold every connection (access-context.ts).
  const readers = new pgModule.Pool({
    ...pgliteConnection(thread, true),
    ...poolConfig,
    max: 4,
  });
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const read = readers.query.bind(readers) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    return mayPassBulkWrites() && isReadOnlySql(text) ? read(...args) : query(...args);
  }) as typeof pool.query;

  // LISTEN is a setting of the session, and PGlite has one: notifications arrive on whichever
  // connection's answer was being written when they were sent.
  const channels = new Map<string, Set<(payload: string) => void>>();
  for (const each of [pool, readers]) {
    each.on('error', (error) => logger.warn({ err: error }, 'embedded database connection lost'));
    each.on('connect', (client) => {
      client.on('notification', (message) => {
        for (const onPayload of channels.get(message.channel) ?? [])
          onPayload(message.payload ?? '');
      });
    });
  }

  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    driver: 'pg',
    db,
    workerConnection(readers) {
      const port = thread.port(readers);
      return port instanceof Error ? port : { kind: 'port', port };
    },
    async ping() {
      if (!thread.isOpen) throw new Error('database is closed');
      await pool.query('select 1');
    },
    async listen(channel, onPayload) {
      let callbacks = channels.get(channel);
      if (!callbacks) {
        callbacks = new Set();
        channels.set(channel, callbacks);
        await pool.query(`LISTEN ${pgModule.escapeIdentifier(channel)}`);
      }
      callbacks.add(onPayload);
      return async () => {
        const current = channels.get(channel);
        current?.delete(onPayload);
        if (current?.size === 0) {
          channels.delete(channel);
          if (thread.isOpen) {
            await pool.query(`UNLISTEN ${pgModule.escapeIdentifier(channel)}`).catch(() => {});
          }
        }
      };
    },
    async close() {
      await Promise.all([pool.end(), readers.end()]);
    },
  };
}

/**
 * Opens (creating it when missing) the embedded database kept in `dataDir`, for this process
 * only, on its own thread.
 */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const unlock = await lockDataDir(dataDir);
  let database: Database;
  try {
    database = await openPgliteThread({ dataDir }, options);
  } catch (error) {
    await unlock();
    throw error;
  }
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
    driver: 'pg',
    db,
    workerConnection: () => ({ kind: 'postgres', url }),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, onPayload, onState) {
      const listener = new PgListener(pgModule, url, channel, onPayload, logger, onState);
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
const INITIAL_RETRY_MS = 250;

class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryDelayMs = INITIAL_RETRY_MS;
  private lost = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pgModule: typeof pg,
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly logger: Logger,
    private readonly onState?: (state: ListenState) => void,
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
    const reconnected = this.lost;
    this.client = client;
    this.retryDelayMs = INITIAL_RETRY_MS;
    if (reconnected) {
      this.lost = false;
      this.onState?.('listening');
    }
  }

  private onConnectionLost(client: pg.Client) {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    this.lost = true;
    client.end().catch(() => {});
    this.onState?.('lost');
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
