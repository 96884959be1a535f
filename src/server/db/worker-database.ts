import type { MessagePort } from 'node:worker_threads';
import type { Db } from './types';
import { PortSocket } from './port-socket';
import * as schema from './schema';

/**
 * How a worker thread of the server reaches the database itself (a compute worker loading what
 * it values, so that no row is read or copied on the request thread): PostgreSQL's address, or,
 * for the embedded database, one message port per connection to its thread.
 */
export type WorkerConnection =
  { kind: 'postgres'; url: string } | { kind: 'port'; port: MessagePort };

/** Asks the request thread for a connection (a new port each call for the embedded database). */
export type ConnectionSource = (readers: boolean) => Promise<WorkerConnection>;

export type WorkerDatabase = {
  /**
   * The database for reads; `passBulk` names reads that may pass a bulk write on the embedded
   * database (the request thread decided it: access-context.ts), PostgreSQL ignores it.
   */
  db(passBulk: boolean): Db;
  close(): Promise<void>;
};

/**
 * Opens a worker's own small pools (four connections each: a worker runs one task at a time, and
 * a task's reads go in parallel). The first connection tells which database it is.
 */
export async function openWorkerDatabase(source: ConnectionSource): Promise<WorkerDatabase> {
  const [{ default: pgModule }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const first = await source(false);
  const common = { max: 4, idleTimeoutMillis: 0, connectionTimeoutMillis: 30_000 };
  let pools: InstanceType<typeof pgModule.Pool>[];
  if (first.kind === 'postgres') {
    pools = [
      new pgModule.Pool({ ...common, connectionString: first.url, statement_timeout: 30_000 }),
    ];
  } else {
    // The first port is used by the first connection; later ones are asked for.
    let spare: MessagePort | null = first.port;
    const portOf = (readers: boolean) => async () => {
      if (spare && !readers) {
        const port = spare;
        spare = null;
        return port;
      }
      const connection = await source(readers);
      return connection.kind === 'port' ? connection.port : new Error('not the embedded database');
    };
    const config = (readers: boolean) =>
      ({
        ...common,
        user: 'postgres',
        database: 'postgres',
        stream: () => new PortSocket(portOf(readers)),
      }) as ConstructorParameters<typeof pgModule.Pool>[0];
    pools = [new pgModule.Pool(config(false)), new pgModule.Pool(config(true))];
  }
  // A lost idle connection is replaced by its pool; it must not end the worker.
  for (const pool of pools) pool.on('error', () => {});
  const dbs = pools.map((pool) => drizzle({ client: pool, schema }) as unknown as Db);
  return {
    db: (passBulk) => (passBulk ? (dbs[1] ?? dbs[0]) : dbs[0]) as Db,
    async close() {
      await Promise.all(pools.map((pool) => pool.end()));
    },
  };
}
