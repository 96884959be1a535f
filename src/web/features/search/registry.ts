import { goalsSource } from './sources/goals';
import { holdingsSource } from './sources/holdings';
import { pagesSource } from './sources/pages';
import type { SearchSource } from './sources/source';
import { transactionsSource } from './sources/transactions';

/**
 * Everything the palette searches, in the order its categories show. A new kind (crowdfunding
 * projects) is a source file beside these (see sources/source.ts) and one line
 * here; its category title goes in locales/{en,fr}/search.json under `categories`.
 */
export const SEARCH_SOURCES: readonly SearchSource<never>[] = [
  holdingsSource,
  transactionsSource,
  goalsSource,
  pagesSource,
] as unknown as readonly SearchSource<never>[];
