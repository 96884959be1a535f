import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isPendingSession,
  type PendingSession,
  type SessionResponse,
  type SignedInSession,
} from '@/contracts/auth';
import { api, ApiError } from './api-client';
import { clearErrors } from './error-capture';
import { CACHE } from './query-client';
import { safeStorage, STORAGE_KEYS } from './storage';

export type { PendingSession, SessionResponse, SignedInSession };

/** The signed-in session, shared by every feature (route guards, menus, security settings). */
export const sessionKeys = {
  all: ['auth', 'session'] as const,
};

/** The session (signed in, or waiting for its second step), or null when signed out (401). */
export async function fetchSession(): Promise<SessionResponse | null> {
  try {
    const session = await api<SessionResponse>('/auth/session');
    safeStorage.set(STORAGE_KEYS.signedIn, '1');
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      safeStorage.remove(STORAGE_KEYS.signedIn);
      return null;
    }
    throw error;
  }
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

/**
 * Signs out: the server session ends, then the whole cache is dropped (spec: on sign-out the
 * cache is cleared) with the signed-in hint and the local error log (it can hold the previous
 * user's pages and messages). A session that had already ended counts as signed out. Cancelling
 * the second step is a sign-out too.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api<{ ok: true }>('/auth/logout', { method: 'POST' });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSettled: () => {
      safeStorage.remove(STORAGE_KEYS.signedIn);
      clearErrors();
      queryClient.clear();
    },
  });
}

/** Sends the email-confirmation link again (the server allows one a minute). */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/auth/email/resend', { method: 'POST' }),
  });
}
