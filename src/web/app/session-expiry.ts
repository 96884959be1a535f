import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSessionEnded } from '@/web/lib/api-client';
import { expireSession, fetchSession } from '@/web/lib/session';

/**
 * Signs the app out as soon as any API call answers a 401 that means the session has ended
 * (not the sign-in form's or the two-factor step's own answers: see `unauthorizedEndsSession`).
 * The cache goes and the session reads as signed out, so the signed-in area's guard sends the
 * user to /login?next=<the page they were on>, where signing in (two-factor step included)
 * brings them back.
 *
 * The session is asked first: a request sent just before the session was renewed (the two-factor
 * step and a password change give the browser a new session cookie) carries the old cookie and
 * meets a 401 while the browser already holds the new session. Then nothing ends: the requests
 * that failed are made again. Several 401s at once share one question.
 */
export function useSessionExpiry(queryClient: QueryClient) {
  useEffect(() => {
    let asking: Promise<void> | null = null;
    const unsubscribe = onSessionEnded(() => {
      asking ??= endUnlessRenewed(queryClient).finally(() => {
        asking = null;
      });
    });
    return unsubscribe;
  }, [queryClient]);
}

async function endUnlessRenewed(queryClient: QueryClient) {
  const session = await fetchSession().catch(() => null);
  if (session) {
    await queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
    return;
  }
  expireSession(queryClient);
}
