import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isInEditableField } from '../keyboard';
import type { PageLoaders } from '../nav-config';
import { withScopeParams } from '@/web/lib/scope-params';

/** Alt+1 … Alt+9, in order (spec 002, section 2). */
export const NAVIGATION_SHORTCUTS = [
  '/dashboard',
  '/assets',
  '/assets/market',
  '/assets/crypto',
  '/assets/real-estate',
  '/assets/crowdfunding',
  '/assets/savings',
  '/goals',
  '/settings/account',
] as const;

/** "Alt+3" for /assets/market, for aria-keyshortcuts; undefined when the path has none. */
export function navigationShortcutFor(path: string) {
  const index = (NAVIGATION_SHORTCUTS as readonly string[]).indexOf(path);
  return index === -1 ? undefined : `Alt+${index + 1}`;
}

/**
 * The digit of Alt+digit. `code` is layout-independent: on a Mac Alt+1 types "¡", and on a
 * French keyboard the top row gives "&é\"'…" without Shift.
 */
function shortcutDigit(event: KeyboardEvent) {
  const fromCode = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1];
  const digit = fromCode ?? (/^[1-9]$/.test(event.key) ? event.key : undefined);
  return digit ? Number(digit) : undefined;
}

/** Alt+1 … Alt+9 go to the main pages that exist, keeping the portfolio and simulation. */
export function useNavigationShortcuts(pages: PageLoaders) {
  const navigate = useNavigate();
  const { search } = useLocation();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // Ctrl+Alt is AltGr on Windows layouts: leave it to typing.
      if (
        !event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        event.shiftKey ||
        event.defaultPrevented
      )
        return;
      if (isInEditableField(event.target)) return;
      const digit = shortcutDigit(event);
      const path = digit === undefined ? undefined : NAVIGATION_SHORTCUTS[digit - 1];
      if (!path || !pages.has(path)) return;
      event.preventDefault();
      // Settings pages carry only the simulation (spec 001, section 2).
      void navigate(
        withScopeParams(path, search, { keepPortfolio: !path.startsWith('/settings') }),
      );
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, pages, search]);
}
