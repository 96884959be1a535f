import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@/contracts/settings';
import { api } from './api-client';
import { CACHE } from './query-client';

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

export const fetchSettings = () => api<SettingsAnswer>('/settings');

/** The settings (static data: kept 30 minutes; every change writes the cache). */
export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKeys.me(),
    queryFn: fetchSettings,
    select: (data: SettingsAnswer) => data.settings,
    enabled,
    ...CACHE.static,
  });
}
