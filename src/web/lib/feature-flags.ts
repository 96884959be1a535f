import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { useRealtime } from './realtime';

export type FlagStates = Record<string, boolean>;

export const flagKeys = { all: ['feature-flags'] as const };

const toStates = (flags: { key: string; enabled: boolean }[]): FlagStates =>
  Object.fromEntries(flags.map((flag) => [flag.key, flag.enabled]));

/**
 * What the UI obeys when the flags could not be read: spec 002's check answers false for the
 * search bar on a failure; everything else shows, as while they load.
 */
export const FLAGS_ON_FAILURE: FlagStates = Object.freeze({ search_bar: false });

/**
 * The feature flags the UI obeys (undefined while they load: then everything shows; after a
 * failure, `FLAGS_ON_FAILURE`). They follow
 * the server at once: an admin's change arrives over the realtime channel.
 * Cache per spec 000, section 9: stale 5 minutes, kept 10, 2 retries, refetched on focus.
 */
export function useFeatureFlags(enabled = true): FlagStates | undefined {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: flagKeys.all,
    queryFn: async () =>
      toStates((await api<{ flags: { key: string; enabled: boolean }[] }>('/feature-flags')).flags),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: 2,
    refetchOnWindowFocus: true,
    enabled,
  });
  useRealtime(enabled ? 'feature-flags' : null, (payload) => {
    const flags = (payload as { flags?: { key: string; enabled: boolean }[] }).flags;
    if (flags) queryClient.setQueryData(flagKeys.all, toStates(flags));
  });
  if (query.data) return query.data;
  return query.isError ? FLAGS_ON_FAILURE : undefined;
}
