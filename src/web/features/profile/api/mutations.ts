import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@/contracts/auth';
import { api } from '@/web/lib/api-client';
import { IDEMPOTENT_RETRY } from '@/web/lib/query-client';
import { sessionKeys } from '@/web/lib/session';
import { settingsKeys } from '@/web/lib/settings';
import { profileKeys } from './queries';

type ProfileAnswer = { user: User };

/** Stores the new profile and refreshes the copies of the session and the settings. */
function useStoreProfile() {
  const queryClient = useQueryClient();
  return async (answer: ProfileAnswer) => {
    queryClient.setQueryData(profileKeys.me(), answer);
    // The settings' account carries the avatar too.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
    ]);
  };
}

/** Setting the name is idempotent: it may be retried. */
export function useUpdateProfile() {
  const store = useStoreProfile();
  return useMutation({
    ...IDEMPOTENT_RETRY,
    mutationFn: (body: { fullName: string | null }) =>
      api<ProfileAnswer>('/profile', { method: 'PATCH', body }),
    onSuccess: store,
  });
}

/** POST /profile/avatar as multipart/form-data (one `file` field). */
export function uploadAvatar(file: File): Promise<ProfileAnswer> {
  const body = new FormData();
  body.append('file', file);
  return api<ProfileAnswer>('/profile/avatar', { method: 'POST', body });
}

export function useUploadAvatar() {
  const store = useStoreProfile();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: store });
}

export function useRemoveAvatar() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: () => api<ProfileAnswer>('/profile/avatar', { method: 'DELETE' }),
    onSuccess: store,
  });
}
