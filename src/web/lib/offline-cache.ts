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

/** The last kept copy read, with its text (reading 3 MB again for each page costs). */
let parsed: { text: string; kept: Kept } | null = null;

/** Removes whatever is kept (sign-out, ended session, another user). */
export function forgetOfflineData() {
  parsed = null;
  const userId = safeStorage.get(OFFLINE_USER_KEY);
  if (userId) safeStorage.remove(dataKey(userId));
  safeStorage.remove(OFFLINE_USER_KEY);
}

type DehydratedQuery = Kept['state']['queries'][number];

/** The kept copy as stored (parsed once per stored text), or null. */
function readKept(userId: string): Kept | null {
  const text = safeStorage.get(dataKey(userId));
  if (!text) return null;
  if (parsed?.text === text) return parsed.kept;
  try {
    const kept = JSON.parse(text) as Kept;
    parsed = { text, kept };
    return kept;
  } catch {
    return null;
  }
}

const isRecent = (query: DehydratedQuery, now: number) =>
  now - query.state.dataUpdatedAt <= OFFLINE_MAX_AGE_MS;

/**
 * A read that must never be written to the browser's storage: `meta: { persist: false }` (an
 * email's body read by an administrator holds someone's reset or activation link).
 */
const isPrivate = (meta: Record<string, unknown> | undefined) => meta?.persist === false;

/**
 * Saves the cache's successful reads for `userId` now, over what earlier page loads kept: a read
 * this page load has not made (another page, one the cache has let go) keeps its last answer for
 * 24 hours, so every page visited opens offline on what it last showed, not only the last one.
 * Newest first, as many as fit in `OFFLINE_MAX_CHARS` (a read too large alone is not kept).
 */
export function saveOfflineData(queryClient: QueryClient, userId: string) {
  const previous = safeStorage.get(OFFLINE_USER_KEY);
  if (previous && previous !== userId) forgetOfflineData();
  const now = Date.now();
  const current = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && !isPrivate(query.meta),
  });
  const byHash = new Map<string, DehydratedQuery>();
  for (const query of readKept(userId)?.state.queries ?? []) {
    if (isRecent(query, now) && !isPrivate(query.meta)) byHash.set(query.queryHash, query);
  }
  for (const query of current.queries) byHash.set(query.queryHash, query);
  const queries: DehydratedQuery[] = [];
  let size = 0;
  for (const query of [...byHash.values()].sort(
    (a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt,
  )) {
    const length = JSON.stringify(query).length + 1;
    if (size + length > OFFLINE_MAX_CHARS) continue;
    size += length;
    queries.push(query);
  }
  const text = JSON.stringify({
    savedAt: now,
    state: { mutations: [], queries },
  } satisfies Kept);
  safeStorage.set(OFFLINE_USER_KEY, userId);
  safeStorage.set(dataKey(userId), text);
}

/**
 * Puts the kept data back into the cache (the network is down). True when there was some: the
 * session among it, the app opens signed in as that user, read-only. Reads older than 24 hours
 * are left out (and all of it goes when nothing recent is left).
 */
export function restoreOfflineData(queryClient: QueryClient): boolean {
  const userId = safeStorage.get(OFFLINE_USER_KEY);
  const kept = userId ? readKept(userId) : null;
  if (!kept) {
    if (userId) forgetOfflineData();
    return false;
  }
  const now = Date.now();
  const recent = kept.state.queries.filter((query) => isRecent(query, now));
  if (!(now - kept.savedAt <= OFFLINE_MAX_AGE_MS) || !recent.length) {
    forgetOfflineData();
    return false;
  }
  hydrate(queryClient, { ...kept.state, queries: recent });
  return true;
}

/**
 * While the server cannot be reached, a read the cache does not hold (a page not opened since
 * the app started, or one whose data the cache let go) gets its kept answer as soon as a page
 * asks for it, instead of waiting for the network in a skeleton. Returns the unsubscribe.
 */
export function restoreKeptReads(queryClient: QueryClient, isOffline: () => boolean) {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'observerAdded') return;
    const { query } = event;
    if (query.state.data !== undefined || !isOffline()) return;
    const userId = safeStorage.get(OFFLINE_USER_KEY);
    const kept = userId ? readKept(userId) : null;
    const found = kept?.state.queries.find(
      (candidate) => candidate.queryHash === query.queryHash && isRecent(candidate, Date.now()),
    );
    if (found) hydrate(queryClient, { mutations: [], queries: [found] });
  });
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
    // Leaving the page (a reload, another address typed, the tab closed) runs no timer: what
    // arrived in the last moments is saved then, or that page would open offline empty.
    const flush = () => {
      if (!timer) return;
      clearTimeout(timer);
      save();
    };
    window.addEventListener('pagehide', flush);
    save();
    // The user changes, signs out or their session is being read again: a save still pending
    // is dropped, not written. Written, it brought back what a sign-out had just removed (the
    // cache, cleared by then, under the user who left) until the session read said who is here.
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, userId]);
}
