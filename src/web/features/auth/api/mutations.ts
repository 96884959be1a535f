import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LoginBody,
  LoginResponse,
  RegisterBody,
  SessionResponse,
  SetupBody,
} from '@/contracts/auth';
import { api } from '@/web/lib/api-client';
import { fetchSession, sessionKeys } from '@/web/lib/session';
import { authKeys } from './queries';

/**
 * Reads the new session into the cache before the caller moves on, so the guards of the next page
 * see the signed-in user at once (not the stale 'signed out').
 */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () =>
    queryClient
      .fetchQuery({ queryKey: sessionKeys.all, queryFn: fetchSession, staleTime: 0 })
      // Signed in either way: the next page's guard reads the session again.
      .catch(() => undefined);
}

export function useLogin() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (body: LoginBody) => api<LoginResponse>('/auth/login', { method: 'POST', body }),
    onSuccess: () => refreshSession(),
  });
}

/** The first account of an empty server: an administrator, signed in at once. */
export function useSetup() {
  const refreshSession = useRefreshSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody) => api<LoginResponse>('/auth/setup', { method: 'POST', body }),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: authKeys.instance() });
      await refreshSession();
    },
    // Set up meanwhile by someone else (SETUP_COMPLETE): the sign-in pages must stop leading here.
    onError: () => void queryClient.invalidateQueries({ queryKey: authKeys.instance() }),
  });
}

/** Sign-up answers 'check your email' (the same for a new and a taken address); nobody is signed in. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      api<{ ok: true }>('/auth/register', { method: 'POST', body }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ ok: true }>('/auth/password/forgot', { method: 'POST', body: { email } }),
  });
}

export function useResetPassword() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api<LoginResponse>('/auth/password/reset', { method: 'POST', body }),
    onSuccess: () => refreshSession(),
  });
}

/** Completes the two-factor step with an authenticator code; the answer is the new session. */
export function useVerifyFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { factorId: string; challengeId: string; code: string }) =>
      api<SessionResponse>('/auth/mfa/verify', { method: 'POST', body }),
    onSuccess: (session) => queryClient.setQueryData(sessionKeys.all, session),
  });
}

/** E-mails a recovery code for the pending two-factor step. */
export function useSendRecoveryCode() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ ok: true; resendAfterSeconds: number }>('/auth/otp/send', {
        method: 'POST',
        body: { email },
      }),
  });
}

/** Completes the two-factor step with an e-mailed code; the answer is the new session. */
export function useVerifyRecoveryCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      api<SessionResponse>('/auth/otp/verify', { method: 'POST', body }),
    onSuccess: (session) => queryClient.setQueryData(sessionKeys.all, session),
  });
}
