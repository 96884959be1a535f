import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach its server. The browser's `navigator.onLine` says only that a network
 * is up: the server may still be out of reach (a captive portal, a tunnel, the server down). So a
 * request that cannot reach the server marks the network down, any answer marks it up again, and
 * while it is down the server's health is asked every `PROBE_MS` until it answers.
 */

/** How often a down network is probed (GET /api/v1/health). */
export const PROBE_MS = 10_000;

let down = false;
let probe: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** A request could not reach the server. */
export function reportNetworkFailure() {
  if (down) return;
  down = true;
  probe = setInterval(() => {
    fetch('/api/v1/health', { cache: 'no-store' }).then(reportNetworkSuccess, () => undefined);
  }, PROBE_MS);
  notify();
}

/** The server answered (whatever the answer). */
export function reportNetworkSuccess() {
  if (!down) return;
  down = false;
  if (probe) clearInterval(probe);
  probe = null;
  notify();
}

/** The browser has a network and the server answered the last request. */
export function isOnline() {
  return (typeof navigator === 'undefined' || navigator.onLine) && !down;
}

/** Calls `listener` whenever `isOnline()` may have changed. */
export function onNetworkChange(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline() {
  return useSyncExternalStore(onNetworkChange, isOnline, () => true);
}

/** For tests: the network is up again and no probe runs. */
export function resetNetwork() {
  reportNetworkSuccess();
}
