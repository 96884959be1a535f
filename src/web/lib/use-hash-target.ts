import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The element id a search result points at: `#holding-<id>` gives `holding-<id>`. */
export function hashTargetId(prefix: string, id: string) {
  return `${prefix}-${id}`;
}

/**
 * The id the URL's hash names for `prefix` (`#holding-<id>`: a search result's destination), or
 * null; once `ready` (the rows rendered) its element is scrolled into view.
 */
export function useHashTarget(prefix: string, ready = true): string | null {
  const { hash } = useLocation();
  const id = hash.startsWith(`#${prefix}-`)
    ? decodeURIComponent(hash.slice(prefix.length + 2))
    : null;
  useEffect(() => {
    if (!id || !ready) return;
    document.getElementById(hashTargetId(prefix, id))?.scrollIntoView?.({ block: 'center' });
  }, [id, ready, prefix]);
  return id;
}
