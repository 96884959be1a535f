import { useEffect } from 'react';
import { isInEditableField } from '../keyboard';

/** "?" opens the keyboard shortcuts help, unless the user is typing somewhere. */
export function useHelpShortcut(onOpenHelp: () => void) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isInEditableField(event.target)) return;
      // Not over another dialog (the palette, a form): "?" is the user's there.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      onOpenHelp();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onOpenHelp]);
}
