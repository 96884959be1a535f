import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Factor } from '@/contracts/auth';
import { api } from './api-client';
import { CACHE } from './query-client';

/**
 * The user's authenticators, one cache entry for every screen that shows them (security
 * settings, the dashboard's checklist): every change invalidates `factorKeys.all`.
 */
export const factorKeys = {
  all: ['factors'] as const,
};

type FactorsAnswer = { factors: Factor[] };

const fetchFactors = () => api<FactorsAnswer>('/auth/mfa/factors');

export function useFactors() {
  return useQuery({
    queryKey: factorKeys.all,
    queryFn: fetchFactors,
    select: (data: FactorsAnswer) => data.factors,
    ...CACHE.instant,
  });
}

/** Whether the user has a verified authenticator (same cache entry as `useFactors`). */
export function useHasVerifiedFactor() {
  return useQuery({
    queryKey: factorKeys.all,
    queryFn: fetchFactors,
    select: (data: FactorsAnswer) => data.factors.some((factor) => factor.status === 'verified'),
    ...CACHE.instant,
  });
}

/** Marks the factor list stale everywhere (after adding, verifying or removing one). */
export function useInvalidateFactors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: factorKeys.all });
}
