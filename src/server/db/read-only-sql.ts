/**
 * A statement that only reads: SELECT (or WITH ... SELECT) taking no row locks and calling
 * nothing that writes or signals. Deliberately strict: a false "no" only means waiting.
 */
const WRITES =
  /\b(insert|update|delete|merge|into|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|nextval|setval|pg_notify|pg_advisory\w*|set_config|lo_\w+|copy|lock|vacuum|analyze|refresh)\b/i;
export function isReadOnlySql(sql: string): boolean {
  const text = sql.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  return /^(select|with)\b/i.test(text) && !WRITES.test(text);
}

/**
 * Run inside a transaction (as `select '<mark>'`), it tells the embedded database's worker that
 * the transaction is a bulk write that reads of other users may pass (access-context.ts).
 */
export const BULK_WRITE_MARK = 'cairn:bulk-write';
