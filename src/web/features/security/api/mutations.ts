import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChallengeResponse,
  EnrollResponse,
  SecuritySettings,
  SessionResponse,
} from '@/contracts/auth';
import { api } from '@/web/lib/api-client';
import { useInvalidateFactors } from '@/web/lib/factors';
import { IDEMPOTENT_RETRY } from '@/web/lib/query-client';
import { sessionKeys } from '@/web/lib/session';
import { settingsKeys } from '@/web/lib/settings';
import { securityKeys } from './queries';

const factorPath = (id: string) => `/auth/mfa/factors/${encodeURIComponent(id)}`;

/**
 * Starts adding an authenticator: creates the factor (the server replaces a leftover unverified
 * one), then a challenge to verify it with.
 */
export function useStartEnrollment() {
  const invalidateFactors = useInvalidateFactors();
  return useMutation({
    mutationFn: async (friendlyName: string | undefined) => {
      const factor = await api<EnrollResponse>('/auth/mfa/factors', {
        method: 'POST',
        body: friendlyName ? { friendlyName } : {},
      });
      const challenge = await api<ChallengeResponse>(`${factorPath(factor.id)}/challenge`, {
        method: 'POST',
      });
      return { factor, challenge };
    },
    onSettled: invalidateFactors,
  });
}

/** A new challenge for a factor (the previous one expired). */
export function useNewChallenge() {
  return useMutation({
    mutationFn: (factorId: string) =>
      api<ChallengeResponse>(`${factorPath(factorId)}/challenge`, { method: 'POST' }),
  });
}

/**
 * Verifies a new factor with its first code; the answer is the session, now at aal2. Every
 * screen's factor list (security settings, the dashboard's checklist) refreshes.
 */
export function useVerifyNewFactor() {
  const queryClient = useQueryClient();
  const invalidateFactors = useInvalidateFactors();
  return useMutation({
    mutationFn: (body: { factorId: string; challengeId: string; code: string }) =>
      api<SessionResponse>('/auth/mfa/verify', { method: 'POST', body }),
    onSuccess: async (session) => {
      queryClient.setQueryData(sessionKeys.all, session);
      await Promise.all([
        invalidateFactors(),
        queryClient.invalidateQueries({ queryKey: securityKeys.all }),
      ]);
    },
  });
}

export function useDeleteFactor() {
  const queryClient = useQueryClient();
  const invalidateFactors = useInvalidateFactors();
  return useMutation({
    mutationFn: (factorId: string) => api<{ ok: true }>(factorPath(factorId), { method: 'DELETE' }),
    onSuccess: async () => {
      await invalidateFactors();
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

export function useClearFactors() {
  const queryClient = useQueryClient();
  const invalidateFactors = useInvalidateFactors();
  return useMutation({
    mutationFn: () => api<{ ok: true; removed: number }>('/auth/mfa/factors', { method: 'DELETE' }),
    onSuccess: async () => {
      await invalidateFactors();
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

/** Signs another device out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api<{ ok: true }>(`/auth/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api<{ ok: true }>('/auth/password/change', { method: 'POST', body }),
    // The server may end the other sessions.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions() }),
  });
}

/**
 * Saves the settings, showing the change at once and rolling it back on failure. Setting a value
 * is idempotent: it may be retried.
 */
export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  const key = securityKeys.settings();
  return useMutation({
    ...IDEMPOTENT_RETRY,
    mutationFn: (patch: Partial<SecuritySettings>) =>
      api<SecuritySettings>('/auth/security-settings', { method: 'PATCH', body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SecuritySettings>(key);
      if (previous) queryClient.setQueryData<SecuritySettings>(key, { ...previous, ...patch });
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (settings) => {
      if (settings && typeof settings.loginNotifications === 'boolean') {
        queryClient.setQueryData(key, settings);
      }
    },
    // The same setting is the notifications' `loginNotifications` in the user settings.
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
