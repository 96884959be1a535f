import { useCallback, useRef } from 'react';
import { canPrefetch } from '@/web/lib/prefetch';
import type { PageLoaders } from '../nav-config';

/**
 * Returns `preload(path)`: starts loading that page's code the first time a link to it is
 * hovered or focused, and never again (a failed attempt may be retried). Not on a slow or
 * metered connection, nor on a small device (`canPrefetch`): the page loads when opened.
 */
export function usePagePreload(pages: PageLoaders) {
  const started = useRef(new Set<string>());
  return useCallback(
    (path: string) => {
      const load = pages.get(path);
      if (!load || started.current.has(path) || !canPrefetch()) return;
      started.current.add(path);
      load().catch(() => {
        started.current.delete(path);
      });
    },
    [pages],
  );
}
