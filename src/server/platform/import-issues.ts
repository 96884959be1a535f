import { IMPORT_MAX_ERRORS, type ImportIssue } from '@/contracts/import-export';

/**
 * The row-numbered issues of a CSV import (the portfolio's and the market data's) as they cross
 * from a compute worker: only the first `IMPORT_MAX_ERRORS` (an answer shows no more) and how many
 * there are, then joined with those the request thread finds afterwards (what needs the database).
 */

/** Issues sorted by row: the first `IMPORT_MAX_ERRORS`, and how many there are in all. */
export type IssueList = { issues: ImportIssue[]; issueCount: number };

const byRow = (a: ImportIssue, b: ImportIssue) => a.row - b.row;

/** The first issues by row (a stable sort: one row's issues keep the order they were found in). */
export function issueList(all: readonly ImportIssue[]): IssueList {
  const sorted = [...all].sort(byRow);
  return { issues: sorted.slice(0, IMPORT_MAX_ERRORS), issueCount: sorted.length };
}

/**
 * The errors an answer shows: a worker's first issues, then those found after them on the request
 * thread (what needs the database), sorted by row as if found in one list: a row's issues from the
 * worker come first, as they were found first.
 */
export function errorsOf(list: IssueList, later: readonly ImportIssue[] = []) {
  const all = [...list.issues, ...later].sort(byRow);
  return { errors: all.slice(0, IMPORT_MAX_ERRORS), errorCount: list.issueCount + later.length };
}
