import type { TFunction } from 'i18next';
import type { SearchDocument } from '@/domain/search';
import type { Formatters } from '@/web/lib/preferences';
import enSearch from '@/web/locales/en/search.json';
import frSearch from '@/web/locales/fr/search.json';

/** The active portfolio or simulation whose content is searched. */
export type SearchScope = {
  portfolioId: string;
  simulationId: string | null;
  /** The root of the scope's query keys (web/lib/active-scope.ts `portfolioScopedKeys`). */
  key: readonly unknown[];
};

/** What a source needs to turn its data into documents. */
export type SourceContext = {
  /** The search namespace in the current language. */
  t: TFunction<'search'>;
  /** A search text in both languages (a French user finds "Buy" by "achat" and by "buy"). */
  both: (key: string) => string[];
  format: Formatters;
  /** Pages that exist in this build (the app's page list). */
  hasPage: (path: string) => boolean;
};

/**
 * One kind of searchable thing. Adding one (crowdfunding projects) is one file in this
 * folder and one line in `registry.ts` (docs/decisions.md, "Global search").
 */
export type SearchSource<T = unknown> = {
  /** Unique; also the React Query key's last part when `load` is given. */
  name: string;
  /**
   * How to read the data, through the list endpoints the pages already use (the server checks
   * read access on the portfolio there). Omitted: the documents need no data (pages, settings).
   */
  load?: {
    queryKey: (scope: SearchScope) => readonly unknown[];
    fetch: (scope: SearchScope, signal: AbortSignal) => Promise<T>;
  };
  documents: (data: T | undefined, context: SourceContext) => SearchDocument[];
};

/** Keeps each source's data type while the registry holds them side by side. */
export function defineSource<T>(source: SearchSource<T>): SearchSource<T> {
  return source;
}

const DICTIONARIES = [enSearch, frSearch] as const;

function lookup(dictionary: unknown, key: string): string | undefined {
  let node = dictionary;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A search-namespace text in English and in French (both are searchable whatever the language). */
export function inBothLanguages(key: string): string[] {
  const texts = DICTIONARIES.map((dictionary) => lookup(dictionary, key));
  return [...new Set(texts.filter((text): text is string => !!text))];
}

/** `?sim=` and other parameters for the list endpoints. */
export function scopeQuery(scope: SearchScope, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  if (scope.simulationId) params.set('sim', scope.simulationId);
  const text = params.toString();
  return text ? `?${text}` : '';
}
