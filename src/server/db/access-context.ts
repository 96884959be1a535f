import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './types';
import { BULK_WRITE_MARK } from './read-only-sql';

/**
 * Who a query runs for, so the embedded database can let reads pass a long write safely.
 *
 * PGlite is one session: a transaction holds it until it ends. A bulk write (a 20,000-row
 * import) runs in a `bulkTransaction`, naming the users who can see what it writes
 * (the portfolio's owner and the people it is shared with). While it runs, the read-only queries
 * of any other request may run between its statements: those requests cannot see the rows it
 * writes, so they read exactly what they would read without it. Requests of the named users,
 * writes, and background jobs wait for it to finish, as they would behind any transaction.
 *
 * PostgreSQL has real concurrency and ignores all this.
 */

type Context =
  | { kind: 'request'; userId: () => string | null }
  | { kind: 'bulk'; seesWrites: ReadonlySet<string> };

const storage = new AsyncLocalStorage<Context>();
/** The users each running bulk write hides from until it ends. */
const running = new Set<ReadonlySet<string>>();

/** Runs `fn` (a request's lifecycle) as a request of the user `userId()` names once known. */
export function runAsRequest<T>(userId: () => string | null, fn: () => T): T {
  return storage.run({ kind: 'request', userId }, fn);
}

/**
 * Runs `fn` in a transaction that is a bulk write whose rows only `seesWrites` may see: while it
 * runs, the reads of other requests may pass it on the embedded database (PostgreSQL ignores
 * the mark, having real concurrency).
 *
 * A long read-only snapshot (an export) is one too, with nobody in `seesWrites`: it writes
 * nothing, and while it holds the embedded database nothing else can commit, so a read run
 * inside its snapshot sees exactly what it would see outside.
 */
export async function bulkTransaction<T>(
  db: Db,
  seesWrites: ReadonlySet<string>,
  fn: (tx: Tx) => Promise<T>,
  config?: Parameters<Db['transaction']>[1],
): Promise<T> {
  running.add(seesWrites);
  try {
    return await storage.run({ kind: 'bulk', seesWrites }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`select '${BULK_WRITE_MARK}'`));
        return fn(tx);
      }, config),
    );
  } finally {
    running.delete(seesWrites);
  }
}

/**
 * Whether a query made now may pass a running bulk write: it comes from a request (not a
 * background job) whose user, if signed in, sees none of the rows bulk writes are writing.
 */
export function mayPassBulkWrites(): boolean {
  const context = storage.getStore();
  if (context?.kind !== 'request') return false;
  const userId = context.userId();
  if (userId === null) return true;
  for (const seesWrites of running) if (seesWrites.has(userId)) return false;
  return true;
}

/** A read-only snapshot: every read in it sees one state of the database. */
export const READ_SNAPSHOT = {
  isolationLevel: 'repeatable read',
  accessMode: 'read only',
} as const;

/**
 * Reads in one read-only snapshot (`READ_SNAPSHOT`): consistent across pages, and on the embedded
 * database it runs beside another request's bulk write as any read would (a `bulkTransaction`
 * naming nobody).
 */
export const inSnapshot = <T>(db: Db, read: (tx: Tx) => Promise<T>) =>
  bulkTransaction(db, new Set(), read, READ_SNAPSHOT);
