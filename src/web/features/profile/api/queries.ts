import { useQuery } from '@tanstack/react-query';
import type { User } from '@/contracts/auth';
import { api } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';

/** Query keys of the profile; invalidate by prefix (`profileKeys.all`). */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};

/** The signed-in user's profile (static data: kept 30 minutes). */
export function useProfile() {
  return useQuery({
    queryKey: profileKeys.me(),
    queryFn: () => api<{ user: User }>('/profile'),
    select: (data) => data.user,
    ...CACHE.static,
  });
}
