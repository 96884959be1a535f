import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@/contracts/settings';
import { api, ApiError } from './api-client';
import { backoff, CACHE } from './query-client';

/**
 * The signed-in user's settings (account, preferences, notifications, theme): one cache entry
 * read by the settings pages, the user menu and the code that applies preferences and theme.
 * Invalidate by prefix (`settingsKeys.all`).
 */
export const settingsKeys = {
  all: ['settings'] as const,
  me: () => [...settingsKeys.all, 'me'] as const,
};

export type SettingsAnswer = { settings: Settings };

/**
 * Answers that mean "no settings" (spec 001, section 8: a 401 or a 406 is an auth-state change):
 * the query succeeds with null, so it is never retried. A 401 also signs the app out (api-client).
 */
export const NO_SETTINGS_STATUSES: readonly number[] = [401, 406];

/** GET /settings, or null for "no settings". */
export async function fetchSettings(): Promise<SettingsAnswer | null> {
  try {
    return await api<SettingsAnswer>('/settings');
  } catch (error) {
    if (error instanceof ApiError && NO_SETTINGS_STATUSES.includes(error.status)) return null;
    throw error;
  }
}

/**
 * The settings query's retries (spec 001, section 8: "otherwise up to 3 tries"): 2 retries after
 * the first try, none on a 4xx answer (401 and 406 do not even fail: they are "no settings").
 */
export function settingsRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 2;
}

const selectSettings = (data: SettingsAnswer | null): Settings | null => data?.settings ?? null;

/**
 * The settings (static data: kept 30 minutes; every change writes the cache): null when there are
 * none (401, 406). Readers fall back to the defaults; the settings pages say they are unavailable.
 */
export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKeys.me(),
    queryFn: fetchSettings,
    select: selectSettings,
    enabled,
    retry: settingsRetry,
    retryDelay: backoff(30_000),
    ...CACHE.static,
  });
}
