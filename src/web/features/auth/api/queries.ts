import { useQuery } from '@tanstack/react-query';
import type { ActivateResponse, ChallengeResponse, InstanceStatus } from '@/contracts/auth';
import { api } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';

/** Query keys of the sign-in area; invalidate by prefix (`authKeys.all` covers the session too). */
export const authKeys = {
  all: ['auth'] as const,
  beta: () => [...authKeys.all, 'beta'] as const,
  instance: () => [...authKeys.all, 'instance'] as const,
  resetLink: (token: string) => [...authKeys.all, 'reset-link', token] as const,
  emailConfirmation: (token: string) => [...authKeys.all, 'email-confirmation', token] as const,
  activation: (token: string) => [...authKeys.all, 'activation', token] as const,
  challenge: (factorId: string) => [...authKeys.all, 'challenge', factorId] as const,
  invite: (code: string) => [...authKeys.all, 'invite', code] as const,
};

/** Runs once per key: these calls act on a one-time token or create a challenge. */
const ONCE = {
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/** Whether registration needs an invite code (beta mode). */
export function useBetaStatus() {
  return useQuery({
    queryKey: authKeys.beta(),
    queryFn: () => api<{ enabled: boolean }>('/beta'),
    ...CACHE.semiStatic,
  });
}

/**
 * Whether the server waits for its first account (then /login and /register lead to /setup) and
 * whether it sends email (without it the check-your-email screens say who has the link).
 */
export function useInstanceStatus() {
  return useQuery({
    queryKey: authKeys.instance(),
    queryFn: () => api<InstanceStatus>('/instance'),
    ...CACHE.semiStatic,
    // Read again on each page that asks: setup ends once, perhaps in another browser.
    staleTime: 0,
  });
}

/**
 * What an invitation link's code is for: the address it is reserved for and, for a code sent to a
 * waitlist entry, the name given there (both null otherwise). An unknown code answers an error,
 * which the form leaves to the registration's own check.
 */
export function useInviteDetails(code: string) {
  return useQuery({
    queryKey: authKeys.invite(code),
    queryFn: () =>
      api<{ valid: true; email: string | null; fullName: string | null }>('/invites/validate', {
        method: 'POST',
        body: { code },
      }),
    enabled: code !== '',
    ...ONCE,
  });
}

/** Checks a password-recovery link before showing the new-password form. */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: () =>
      api<{ ok: true }>('/auth/password/reset/verify', { method: 'POST', body: { token } }),
    enabled: token !== '',
    ...ONCE,
  });
}

/** Confirms the e-mail address of a confirmation link. */
export function useEmailConfirmation(token: string) {
  return useQuery({
    queryKey: authKeys.emailConfirmation(token),
    queryFn: () => api<{ ok: true }>('/auth/email/confirm', { method: 'POST', body: { token } }),
    enabled: token !== '',
    ...ONCE,
  });
}

/** Opens an activation link once (the account is created; the user then signs in). */
export function useAccountActivation(token: string) {
  return useQuery({
    queryKey: authKeys.activation(token),
    queryFn: () => api<ActivateResponse>('/auth/activate', { method: 'POST', body: { token } }),
    enabled: token !== '',
    ...ONCE,
  });
}

/** A challenge for one authenticator; `refetch()` creates a new one (an expired challenge). */
export function useChallenge(factorId: string | null) {
  return useQuery({
    queryKey: authKeys.challenge(factorId ?? ''),
    queryFn: () =>
      api<ChallengeResponse>(`/auth/mfa/factors/${encodeURIComponent(factorId ?? '')}/challenge`, {
        method: 'POST',
      }),
    enabled: factorId !== null,
    gcTime: 0,
    ...ONCE,
  });
}
