import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildSearchIndex,
  search,
  SEARCH_DEBOUNCE_MS,
  type SearchAnswer,
  type SearchDocument,
  type SearchIndex,
} from '@/domain/search';
import { useOptionalActiveScope } from '@/web/lib/active-scope';
import { useFormatters } from '@/web/lib/preferences';
import { inBothLanguages, type SearchScope, type SearchSource } from '../sources/source';

/** One answer for all sources' queries (stable: re-run only when a query's state changes). */
function combine(
  results: {
    data: unknown;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    fetchStatus: string;
  }[],
) {
  return {
    data: results.map((result) => result.data),
    // A disabled query is pending but not fetching: only a fetch in flight is loading.
    loading: results.some((result) => result.isPending && result.fetchStatus === 'fetching'),
    errors: results.filter((result) => result.isError).map((result) => result.error),
  };
}

/** The active scope's ids and key root; null without an active portfolio. */
function useSearchScope(): SearchScope | null {
  const scope = useOptionalActiveScope();
  const portfolioId = scope?.portfolio?.id ?? null;
  const simulationId = scope?.simulation?.id ?? null;
  const key = scope?.scopeKey ?? null;
  return useMemo(
    () => (portfolioId && key ? { portfolioId, simulationId, key } : null),
    [portfolioId, simulationId, key],
  );
}

/**
 * Every source's documents in one index, rebuilt when a source's data, the language or the
 * formats change (not per keystroke). `loading` while a source's first answer is awaited.
 */
export function useSearchIndex(
  sources: readonly SearchSource<never>[],
  hasPage: (path: string) => boolean,
) {
  const { t } = useTranslation('search');
  const format = useFormatters();
  const scope = useSearchScope();
  const { data, loading, errors } = useQueries({
    queries: sources.map((source) => ({
      queryKey:
        source.load && scope ? source.load.queryKey(scope) : ['search', 'static', source.name],
      enabled: !!source.load && !!scope,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        source.load && scope ? source.load.fetch(scope, signal) : Promise.resolve(null),
    })),
    combine,
  });

  useEffect(() => {
    // A source that cannot load is logged; the others are still searched (spec 002, section 8).
    for (const error of errors) console.warn('A search source failed to load', error);
  }, [errors]);

  const index = useMemo(() => {
    const context = { t, both: inBothLanguages, format, hasPage };
    const documents: SearchDocument[] = [];
    sources.forEach((source, i) => {
      try {
        documents.push(...source.documents(data[i] as never, context));
      } catch (error) {
        // One source's bug must not take the others' results away.
        console.warn('A search source failed', source.name, error);
      }
    });
    return buildSearchIndex(documents);
  }, [sources, data, t, format, hasPage]);

  return { index, loading };
}

export type SearchState = {
  /** The query being searched (the typed one, 300 ms after the last keystroke). */
  searched: string;
  answer: SearchAnswer | null;
  /** How long the last search took, in milliseconds. */
  elapsedMs: number | null;
  /** Typing (debounce pending) or a source still loading. */
  pending: boolean;
  failed: boolean;
};

type Outcome = Omit<SearchState, 'pending'>;

const NOTHING: Outcome = { searched: '', answer: null, elapsedMs: null, failed: false };

/** One search, timed; a failure is logged and clears the results (spec 002, section 8). */
function run(index: SearchIndex, query: string): Outcome {
  const started = performance.now();
  try {
    const answer = search(index, query);
    return { searched: query, answer, elapsedMs: performance.now() - started, failed: false };
  } catch (error) {
    console.error('Search failed', error);
    return { searched: query, answer: null, elapsedMs: null, failed: true };
  }
}

/**
 * The palette's search: 300 ms after the last keystroke (spec 002, section 9), again when a
 * source's data arrives. A blank query answers nothing.
 */
export function useGlobalSearch(
  query: string,
  sources: readonly SearchSource<never>[],
  hasPage: (path: string) => boolean,
): SearchState {
  const { index, loading } = useSearchIndex(sources, hasPage);
  const [outcome, setOutcome] = useState<Outcome>(NOTHING);
  const blank = query.trim() === '';
  useEffect(() => {
    if (!query.trim()) return;
    const id = setTimeout(() => setOutcome(run(index, query)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [query, index]);
  if (blank) return { ...NOTHING, pending: false };
  const current = outcome.searched === query;
  return {
    ...outcome,
    // Until the typed query is searched, the previous results stay (they do not flicker away).
    pending: !current || loading,
  };
}
