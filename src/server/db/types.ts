import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The database handle types, apart from client.ts so that what client.ts imports (the access
 * context, the worker database) can name them without importing it back.
 */
export type Schema = typeof schema;
/** The Drizzle database every query function takes first; PGlite and node-postgres both fit. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
