import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import {
  isPendingSession,
  type PendingSession,
  type SessionResponse,
  type SignedInSession,
} from '@/contracts/auth';
import { api, ApiError } from './api-client';
import { clearErrors } from './error-capture';
import { forgetOfflineData } from './offline-cache';
import { CACHE } from './query-client';
import { safeStorage, STORAGE_KEYS } from './storage';
import { forgetBrowserPush } from './web-push';

export type { PendingSession, SessionResponse, SignedInSession };

/** The signed-in session, shared by every feature (route guards, menus, security settings). */
export const sessionKeys = {
  all: ['auth', 'session'] as const,
};

/**
 * The session (signed in, or waiting for its second step), or null when signed out. Asked with
 * `?optional=1`, the server answers a signed-out visitor 200 `null` rather than 401, so public
 * pages leave no failed request in the browser's console (a 401 still counts as signed out).
 */
export async function fetchSession(): Promise<SessionResponse | null> {
  try {
    const session = await api<SessionResponse | null>('/auth/session?optional=1');
    if (session) safeStorage.set(STORAGE_KEYS.signedIn, '1');
    else safeStorage.remove(STORAGE_KEYS.signedIn);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      safeStorage.remove(STORAGE_KEYS.signedIn);
      return null;
    }
    throw error;
  }
}

/**
 * Whether this browser was signed in at its last session check (a hint kept in storage, not a
 * proof): what to show while the session loads, and whether the public site asks at all.
 */
export function hasSignedInHint() {
  return safeStorage.get(STORAGE_KEYS.signedIn) === '1';
}

const signedInOnly = (session: SessionResponse | null): SignedInSession | null =>
  session && !isPendingSession(session) ? session : null;
const pendingOnly = (session: SessionResponse | null): PendingSession | null =>
  session && isPendingSession(session) ? session : null;

/**
 * Whether there is a session at all, signed in or waiting for its second step: what the route
 * guards need (a pending session goes to the signed-in area, where the two-factor screen holds it).
 */
export function useAuthState() {
  return useQuery({ queryKey: sessionKeys.all, queryFn: fetchSession, ...CACHE.default });
}

/**
 * The signed-in session, or null when signed out or while the second step is pending (spec 000,
 * section 4: the session is not exposed then; the server does not send the user either).
 */
export function useSession() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: fetchSession,
    ...CACHE.default,
    select: signedInOnly,
  });
}

/** The second step waiting to be completed (the factors to verify with), or null. */
export function usePendingSecondStep() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: fetchSession,
    ...CACHE.default,
    select: pendingOnly,
  });
}

const isSessionKey = (key: readonly unknown[]) =>
  key.length === sessionKeys.all.length && sessionKeys.all.every((part, i) => key[i] === part);

/**
 * The signed-in user's id as the cache holds it now: undefined while unknown, null when signed
 * out or while the second step is pending. For what watches the session from outside the pages
 * (the keeper of the offline copy): it follows the cache's own events rather than a query
 * observer, because a sign-out empties the cache (`queryClient.clear()`), which tells no
 * observer, and one left on the old user kept saving what came next under that user's name.
 */
export function useSignedInUserId(queryClient: QueryClient): string | null | undefined {
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (isSessionKey(event.query.queryKey)) onChange();
      }),
    [queryClient],
  );
  const current = () => {
    const session = queryClient.getQueryData<SessionResponse | null>(sessionKeys.all);
    return session === undefined ? undefined : (signedInOnly(session)?.user.id ?? null);
  };
  return useSyncExternalStore(subscribe, current, current);
}

/**
 * Signs out: the server session ends, then the whole cache is dropped (spec: on sign-out the
 * cache is cleared) with the signed-in hint and the local error log (it can hold the previous
 * user's pages and messages), and this browser's push subscription. A session that had already
 * ended counts as signed out. Cancelling the second step is a sign-out too.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // This browser stops receiving the account's push notifications.
      await forgetBrowserPush({ server: true });
      try {
        await api<{ ok: true }>('/auth/logout', { method: 'POST' });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSettled: () => {
      safeStorage.remove(STORAGE_KEYS.signedIn);
      clearErrors();
      forgetOfflineData();
      queryClient.clear();
    },
  });
}

/**
 * The session ended on the server (expired, revoked, signed out elsewhere): the app signs out
 * here too. Everything cached for the previous session goes (queries and mutations, the
 * signed-in hint, the local error log) and the session reads as signed out at once, so the
 * signed-in area's guard sends the user to /login with the page they were on as ?next=.
 * In-flight requests are cancelled first so none writes into the cache afterwards.
 */
export function expireSession(queryClient: QueryClient) {
  void forgetBrowserPush({ server: false });
  safeStorage.remove(STORAGE_KEYS.signedIn);
  clearErrors();
  forgetOfflineData();
  void queryClient.cancelQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
  queryClient.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
  queryClient.getMutationCache().clear();
  queryClient.setQueryData(sessionKeys.all, null);
}

/** Sends the email-confirmation link again (the server allows one a minute). */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/auth/email/resend', { method: 'POST' }),
  });
}
