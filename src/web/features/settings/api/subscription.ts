import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@/contracts/subscription';
import { api } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';
import { useRealtime } from '@/web/lib/realtime';
import { useSession } from '@/web/lib/session';

export const subscriptionKeys = { me: () => ['subscription'] as const };

/** The caller's plan, limits and usage; refreshed when an admin changes it (user topic). */
export function useSubscription() {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user.id ?? null;
  useRealtime(userId ? `user:${userId}` : null, (payload) => {
    if ((payload as { type?: unknown } | null)?.type === 'subscription')
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.me() });
  });
  return useQuery({
    queryKey: subscriptionKeys.me(),
    queryFn: ({ signal }) =>
      api<{ subscription: Subscription }>('/subscription', { signal }).then(
        (data) => data.subscription,
      ),
    ...CACHE.semiStatic,
  });
}
