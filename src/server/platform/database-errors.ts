/**
 * What a failed query tells the API, and what it may tell the log.
 *
 * A database that cannot be reached (a PostgreSQL server down or restarting, a connection that
 * broke, a pool that waited too long for a connection) is not the caller's fault nor a bug: the
 * API answers 503 DATABASE_UNAVAILABLE with Retry-After, and the next request tries again (the
 * pool opens new connections by itself).
 *
 * Query errors carry the values of the query (Drizzle puts its parameters in the message; a
 * PostgreSQL error's detail quotes the row): user text and token hashes must not reach the logs.
 */

/** Seconds a client should wait before trying again when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures reaching the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's own: class 08 (connection exception) but 08P01 (a protocol violation, such as a
 * statement with too many parameters: a bug, not an outage), 57P01-57P03 (shutting down, crashed,
 * cannot connect now), 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08(?!P01)...|57P0[123]|53300)$/;

/**
 * 55000 (object not in prerequisite state) is an outage only when it refuses the connection: a
 * database not accepting connections (ALLOW_CONNECTIONS false, or while it is being set up or
 * dropped). Elsewhere it is a bug and stays one.
 */
const REFUSED_CONNECTION = { state: '55000', message: /is not currently accepting connections/ };

/** What node-postgres and its pool say when there is no usable connection. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'the embedded database',
  'database is closed',
];

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** True when the error (or what caused it) is the database being out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) {
    const code = cause.code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) {
      return true;
    }
    const message = cause.message;
    if (
      code === REFUSED_CONNECTION.state &&
      typeof message === 'string' &&
      REFUSED_CONNECTION.message.test(message)
    ) {
      return true;
    }
    if (
      typeof message === 'string' &&
      UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known))
    ) {
      return true;
    }
  }
  return false;
}

/** Fields of a PostgreSQL error that describe it without quoting data. */
const PG_SAFE_FIELDS = [
  'severity',
  'constraint',
  'table',
  'column',
  'dataType',
  'schema',
  'routine',
];

/** The first PostgreSQL error in the chain, described without its data. */
function databaseSummary(error: unknown): Record<string, unknown> | null {
  for (const cause of causes(error)) {
    if (!isPgError(cause)) continue;
    const summary: Record<string, unknown> = { sqlState: cause.code };
    for (const field of PG_SAFE_FIELDS)
      if (cause[field] !== undefined) summary[field] = cause[field];
    return summary;
  }
  return null;
}

const isQueryError = (error: Record<string, unknown>) =>
  typeof error.query === 'string' && 'params' in error;
const isPgError = (error: Record<string, unknown>) =>
  typeof error.severity === 'string' && typeof error.code === 'string';

/** A PostgreSQL message without the value it quotes ('invalid input syntax for type uuid: "x"'). */
function withoutQuotedValue(message: string): string {
  return message.replace(/: ".*"$/s, ': [value]').replace(/"[^"]*" at character \d+/, '[value]');
}

/**
 * A copy of an error fit for the log: a query error keeps its SQL text (parameterised: no
 * values) but not its parameters; a PostgreSQL error keeps its SQLSTATE, constraint, table and
 * column (as `database`) but not its detail, hint or context, and its message loses the value
 * it quotes.
 * Other errors are returned as they are.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const record = error as unknown as Record<string, unknown>;
  const query = isQueryError(record);
  const pgError = isPgError(record);
  const cause = record.cause === undefined ? undefined : loggableError(record.cause);
  if (!query && !pgError && cause === record.cause) return error;

  const message = query
    ? `Failed query: ${String(record.query)}`
    : pgError
      ? withoutQuotedValue(error.message)
      : error.message;
  const copy = new Error(message) as Error & Record<string, unknown>;
  copy.name = error.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  copy.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  if (query) copy.query = record.query;
  const database = databaseSummary(error);
  if (database) copy.database = database;
  if (cause !== undefined) copy.cause = cause;
  return copy;
}
