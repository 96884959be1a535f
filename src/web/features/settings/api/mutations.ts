import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings, UpdateSettingsBody } from '@/contracts/settings';
import { api } from '@/web/lib/api-client';
import { IDEMPOTENT_RETRY } from '@/web/lib/query-client';
import { type SettingsAnswer, settingsKeys } from '@/web/lib/settings';

/**
 * The query key of the security page's settings (features/security/api/queries.ts
 * `securityKeys.settings()`): its sign-in e-mail switch is the notifications' `loginNotifications`.
 */
const SECURITY_SETTINGS_KEY = ['security', 'settings'] as const;

/** The settings with a change applied (what the screen shows until the server answers). */
export function applyPatch(settings: Settings, patch: UpdateSettingsBody): Settings {
  return {
    account: { ...settings.account, ...patch.account },
    preferences: { ...settings.preferences, ...patch.preferences },
    notifications: { ...settings.notifications, ...patch.notifications },
    theme: { ...settings.theme, ...patch.theme },
  };
}

/**
 * PATCH /settings with the fields that changed. The change shows at once (language, formats and
 * theme apply from the cache) and is rolled back if saving fails; the answer (the whole
 * settings) replaces the cache. Setting values is idempotent: it may be retried.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  const key = settingsKeys.me();
  return useMutation({
    ...IDEMPOTENT_RETRY,
    mutationFn: (patch: UpdateSettingsBody) =>
      api<SettingsAnswer>('/settings', { method: 'PATCH', body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SettingsAnswer>(key);
      if (previous) {
        queryClient.setQueryData<SettingsAnswer>(key, {
          settings: applyPatch(previous.settings, patch),
        });
      }
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer) => {
      if (answer?.settings) queryClient.setQueryData<SettingsAnswer>(key, answer);
    },
    onSettled: async (_answer, _error, patch) => {
      if (patch.notifications?.loginNotifications !== undefined) {
        await queryClient.invalidateQueries({ queryKey: SECURITY_SETTINGS_KEY });
      }
    },
  });
}
