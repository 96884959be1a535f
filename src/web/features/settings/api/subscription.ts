import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PaidTier } from '@/contracts/subscription';
import { api } from '@/web/lib/api-client';
import { browserLocation } from '@/web/lib/browser-location';

export { useSubscription } from '@/web/lib/plan';

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
