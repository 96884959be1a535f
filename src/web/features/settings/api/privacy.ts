import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody, DeletionPreview, PrivacyExport } from '@/contracts/privacy';
import { api } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';

/** Query keys of "Your data"; invalidate by prefix (`privacyKeys.all`). */
export const privacyKeys = {
  all: ['privacy'] as const,
  latestExport: () => [...privacyKeys.all, 'export', 'latest'] as const,
  deletionPreview: () => [...privacyKeys.all, 'deletion-preview'] as const,
};

/** How often the export's progress is asked while it is being built. */
export const EXPORT_POLL_MS = 1_000;

/** The export is still being built (queued or running). */
export const inProgress = (value: PrivacyExport | null | undefined) =>
  value?.status === 'queued' || value?.status === 'running';

/** The caller's latest data export (null: none, or expired), asked again every second while it builds. */
export function useLatestExport() {
  return useQuery({
    queryKey: privacyKeys.latestExport(),
    queryFn: ({ signal }) =>
      api<{ export: PrivacyExport | null }>('/privacy/export', { signal }).then(
        (data) => data.export,
      ),
    ...CACHE.instant,
    refetchOnMount: 'always',
    refetchInterval: (query) => (inProgress(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** POST /privacy/export: starts an export (or answers the one in progress), then follows it. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ id: string }>('/privacy/export', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.latestExport() }),
  });
}

/** What deleting the account removes (asked when the dialog opens). */
export function useDeletionPreview(enabled: boolean) {
  return useQuery({
    queryKey: privacyKeys.deletionPreview(),
    queryFn: ({ signal }) => api<DeletionPreview>('/account/deletion-preview', { signal }),
    ...CACHE.instant,
    enabled,
    refetchOnMount: 'always',
  });
}

/** DELETE /account: the deletion date (the session has ended on the server). Not retried. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api<{ scheduledFor: string }>('/account', { method: 'DELETE', body }),
  });
}
