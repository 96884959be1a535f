import { useSyncExternalStore } from 'react';

/** Under 640 px (Tailwind's `sm`) the sidebar becomes a slide-in sheet. */
export const MOBILE_QUERY = '(max-width: 639px)';

function mediaQuery() {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_QUERY)
    : null;
}

function subscribe(onChange: () => void) {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const getSnapshot = () => mediaQuery()?.matches ?? false;
const getServerSnapshot = () => false;

/** Whether the viewport is phone-sized; follows resizes and rotations. */
export function useIsMobile() {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
