import { useEffect, useState } from 'react';

/** Search debounce of the admin lists (spec: 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return debounced;
}
