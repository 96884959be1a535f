import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSessionEnded } from '@/web/lib/api-client';
import { expireSession } from '@/web/lib/session';

/**
 * Signs the app out as soon as any API call answers a 401 that means the session has ended
 * (not the sign-in form's or the two-factor step's own answers: see `unauthorizedEndsSession`).
 * The cache goes and the session reads as signed out, so the signed-in area's guard sends the
 * user to /login?next=<the page they were on>, where signing in (two-factor step included)
 * brings them back.
 */
export function useSessionExpiry(queryClient: QueryClient) {
  useEffect(() => onSessionEnded(() => expireSession(queryClient)), [queryClient]);
}
