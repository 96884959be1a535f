import { useCallback, useRef } from 'react';
import type { PageLoaders } from '../nav-config';

/**
 * Returns `preload(path)`: starts loading that page's code the first time a link to it is
 * hovered or focused, and never again (a failed attempt may be retried).
 */
export function usePagePreload(pages: PageLoaders) {
  const started = useRef(new Set<string>());
  return useCallback(
    (path: string) => {
      const load = pages.get(path);
      if (!load || started.current.has(path)) return;
      started.current.add(path);
      load().catch(() => {
        started.current.delete(path);
      });
    },
    [pages],
  );
}
