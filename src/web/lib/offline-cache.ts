import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { safeStorage, STORAGE_KEYS } from './storage';

/**
 * The signed-in user's last data, kept in this browser so that the app opens offline and shows
 * what it last showed (spec 002: offline mode). Only the signed-in user's successful reads are
 * kept, under their id; a sign-out, an ended session or another user's session removes them.
 * They are read back only when the network is down: online, the app always asks the server.
 * Writes are never queued (api-client refuses them offline).
 */

const OFFLINE_USER_KEY = STORAGE_KEYS.offlineUser;
/** Kept data older than this is not used, and goes (the cookie policy says 24 hours at most). */
export const OFFLINE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Above this size the data is not kept (browsers allow about 5 MB per site). */
export const OFFLINE_MAX_CHARS = 3_000_000;
/** Changes are saved at most this often. */
export const OFFLINE_SAVE_DELAY_MS = 2_000;

const dataKey = (userId: string) => `${STORAGE_KEYS.offlineData}${userId}`;

type Kept = { savedAt: number; state: ReturnType<typeof dehydrate> };

/** Removes whatever is kept (sign-out, ended session, another user). */
export function forgetOfflineData() {
  const userId = safeStorage.get(OFFLINE_USER_KEY);
  if (userId) safeStorage.remove(dataKey(userId));
  safeStorage.remove(OFFLINE_USER_KEY);
}

/** Saves the cache's successful reads for `userId` now. */
export function saveOfflineData(queryClient: QueryClient, userId: string) {
  const previous = safeStorage.get(OFFLINE_USER_KEY);
  if (previous && previous !== userId) forgetOfflineData();
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success',
  });
  const text = JSON.stringify({ savedAt: Date.now(), state } satisfies Kept);
  if (text.length > OFFLINE_MAX_CHARS) {
    safeStorage.remove(dataKey(userId));
    return;
  }
  safeStorage.set(OFFLINE_USER_KEY, userId);
  safeStorage.set(dataKey(userId), text);
}

/**
 * Puts the kept data back into the cache (the network is down). True when there was some: the
 * session among it, the app opens signed in as that user, read-only.
 */
export function restoreOfflineData(queryClient: QueryClient): boolean {
  const userId = safeStorage.get(OFFLINE_USER_KEY);
  const text = userId ? safeStorage.get(dataKey(userId)) : null;
  if (!text) return false;
  try {
    const kept = JSON.parse(text) as Kept;
    if (!(Date.now() - kept.savedAt <= OFFLINE_MAX_AGE_MS)) {
      forgetOfflineData();
      return false;
    }
    hydrate(queryClient, kept.state);
    return true;
  } catch {
    forgetOfflineData();
    return false;
  }
}

/**
 * Keeps the signed-in user's reads while the app runs: saved a moment after they change
 * (`OFFLINE_SAVE_DELAY_MS`), under `userId`. Null (signed out, second step pending) removes them.
 */
export function useOfflineData(queryClient: QueryClient, userId: string | null | undefined) {
  useEffect(() => {
    if (userId === undefined) return;
    if (userId === null) {
      forgetOfflineData();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | null = null;
    const save = () => {
      timer = null;
      saveOfflineData(queryClient, userId);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      timer ??= setTimeout(save, OFFLINE_SAVE_DELAY_MS);
    });
    save();
    return () => {
      unsubscribe();
      if (timer) {
        clearTimeout(timer);
        save();
      }
    };
  }, [queryClient, userId]);
}
