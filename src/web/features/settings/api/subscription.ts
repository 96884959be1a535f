import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PaidTier, Subscription } from '@/contracts/subscription';
import { api } from '@/web/lib/api-client';
import { browserLocation } from '@/web/lib/browser-location';
import { CACHE } from '@/web/lib/query-client';
import { useRealtime } from '@/web/lib/realtime';
import { useSession } from '@/web/lib/session';

export const subscriptionKeys = { me: () => ['subscription'] as const };

/**
 * The caller's plan, limits and usage; refreshed when an admin or the payment provider changes it
 * (user topic). `awaitingChange` (back from a checkout) also refetches whenever the tab regains
 * focus.
 */
export function useSubscription({ awaitingChange = false }: { awaitingChange?: boolean } = {}) {
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
    ...(awaitingChange ? { refetchOnWindowFocus: 'always' as const } : {}),
  });
}

export type BillingTarget = { kind: 'checkout'; tier: PaidTier } | { kind: 'portal' };

/**
 * Asks the server where to pay or manage the plan, then leaves for it. The buttons stay pending
 * until the page is gone; coming back with the browser's Back button (a page restored from the
 * back-forward cache) makes them usable again.
 */
export function useBillingRedirect() {
  const mutation = useMutation({
    mutationFn: (target: BillingTarget) =>
      target.kind === 'checkout'
        ? api<{ url: string }>('/subscription/checkout', {
            method: 'POST',
            body: { tier: target.tier },
          })
        : api<{ url: string }>('/subscription/portal', { method: 'POST' }),
    onSuccess: ({ url }) => browserLocation.assign(url),
  });
  const { reset } = mutation;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
  return mutation;
}
