import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { ConsentBody, ConsentHistoryResponse, ConsentResponse } from '@/contracts/consent';
import { isPendingSession } from '@/contracts/auth';
import { ConsentManager } from '@/web/components/consent/consent-manager';
import { ApiError, api } from '../api-client';
import { i18n } from '../i18n';
import { CACHE } from '../query-client';
import { useAuthState } from '../session';
import { getConsent, setConsent, subscribeConsent } from './consent-store';
import { mergeConsent } from './merge';

/** Query keys of the signed-in user's consent record; invalidate by prefix. */
export const consentKeys = {
  all: ['privacy-consent'] as const,
  record: (userId: string) => [...consentKeys.all, userId, 'record'] as const,
  history: (userId: string) => [...consentKeys.all, userId, 'history'] as const,
};

export function useConsentRecord(userId: string | null) {
  return useQuery({
    queryKey: consentKeys.record(userId ?? ''),
    queryFn: ({ signal }) => api<ConsentResponse>('/privacy/consent', { signal }),
    enabled: userId !== null,
    ...CACHE.instant,
  });
}

export function useConsentHistory(userId: string | null) {
  return useQuery({
    queryKey: consentKeys.history(userId ?? ''),
    queryFn: ({ signal }) => api<ConsentHistoryResponse>('/privacy/consent/history', { signal }),
    enabled: userId !== null,
    ...CACHE.instant,
  });
}

/** The spec's texts for a failed save (non-fatal: the choice still applies on this browser). */
export function consentSaveErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
    return i18n.t('consent:errors.noUser');
  }
  if (error instanceof ApiError) return i18n.t('consent:errors.saveFailed');
  return i18n.t('consent:errors.unexpected');
}

/** The signed-in user's id, null when signed out (or the second step is pending), undefined while loading. */
function useSignedInUserId(): string | null | undefined {
  const session = useAuthState();
  if (session.data === undefined) return session.isError ? null : undefined;
  if (!session.data || isPendingSession(session.data)) return null;
  return session.data.user.id;
}

/**
 * The app's consent: the banner and panel, and the signed-in user's record kept in step with this
 * browser (mergeConsent). Each choice made while signed in is recorded on the account; a failed
 * save shows a toast and the choice still applies here (recorded at the next sign-in merge).
 */
export function AppConsent() {
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  const record = useConsentRecord(userId ?? null);
  const save = useMutation({
    mutationFn: (body: ConsentBody) =>
      api<ConsentResponse>('/privacy/consent', { method: 'PUT', body }),
    onSuccess: (answer, _body) => {
      if (userId) queryClient.setQueryData(consentKeys.record(userId), answer);
      return queryClient.invalidateQueries({ queryKey: consentKeys.all });
    },
  });
  const saveRef = useRef(save.mutate);
  const userRef = useRef(userId);
  useEffect(() => {
    saveRef.current = save.mutate;
    userRef.current = userId;
  });

  // Choices made on this browser (banner, panel, settings) go to the account when signed in.
  useEffect(
    () =>
      subscribeConsent((consent, origin) => {
        if (origin !== 'user' || !consent || !userRef.current) return;
        saveRef.current(
          { analytics: consent.analytics, errorMonitoring: consent.errorMonitoring },
          {
            onSuccess: () => toast.success(i18n.t('consent:saved')),
            onError: (error) =>
              toast.error(consentSaveErrorText(error), {
                description: i18n.t('consent:errors.appliedLocally'),
              }),
          },
        );
      }),
    [],
  );

  // Once per signed-in user: the account's record and this browser's cookie meet.
  const merged = useRef<string | null>(null);
  const account = record.data?.consent;
  useEffect(() => {
    if (!userId || !record.isSuccess || merged.current === userId) return;
    merged.current = userId;
    const decision = mergeConsent(getConsent(), account ?? null);
    if (decision.action === 'apply') setConsent(decision.choice, 'account', decision.date);
    else if (decision.action === 'save') saveRef.current(decision.choice);
  }, [userId, record.isSuccess, account]);
  useEffect(() => {
    if (userId === null) merged.current = null;
  }, [userId]);

  // No banner while it is unknown whether the account already holds a choice.
  const canAsk = userId === null || (userId !== undefined && (record.isSuccess || record.isError));
  return <ConsentManager canAsk={canAsk} />;
}
