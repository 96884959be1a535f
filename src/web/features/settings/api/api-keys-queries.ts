import { useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@/contracts/api-keys';
import { api } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';

/** Query keys of the personal API keys; invalidate by prefix (`apiKeyKeys.all`). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

/**
 * The caller's keys that are not revoked (expired ones included). Each key's last use changes as
 * scripts call the API: fresh for 30 s, asked again on each visit.
 */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) =>
      api<{ apiKeys: ApiKey[] }>('/api-keys', { signal }).then((data) => data.apiKeys),
    ...CACHE.instant,
    refetchOnMount: 'always',
  });
}
