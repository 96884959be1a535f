import { useEffect } from 'react';
import { hasCommandModifier, isInEditableField } from '../keyboard';

/** Ctrl+K (Cmd+K on a Mac) opens search, unless the user is typing somewhere. */
export function useSearchShortcut(enabled: boolean, onOpenSearch: (() => void) | undefined) {
  useEffect(() => {
    if (!enabled || !onOpenSearch) return;
    const open = onOpenSearch;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== 'k' || !hasCommandModifier(event) || event.defaultPrevented)
        return;
      if (isInEditableField(event.target)) return;
      event.preventDefault();
      open();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, onOpenSearch]);
}
