import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateHoldingBody,
  Holding,
  HoldingClass,
  Summary,
  UpdateHoldingBody,
} from '@/contracts/holdings';
import type { CreateValuationBody, HoldingValuation } from '@/contracts/holding-valuations';
import type { ChangeRateBody, SavingsDetail, SavingsMovementBody } from '@/contracts/savings';
import { portfolioScopedKeys, useActiveScope } from '@/web/lib/active-scope';
import { api } from '@/web/lib/api-client';

/** `?sim=<id>` when a simulation is active (every holdings call acts in the active scope). */
export function simQuery(
  simulationId: string | null | undefined,
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams(extra);
  if (simulationId) params.set('sim', simulationId);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The active scope's ids and its query key root (null without an active portfolio). */
export function useScopeIds() {
  const scope = useActiveScope();
  const portfolioId = scope.portfolio?.id ?? null;
  const simulationId = scope.simulation?.id ?? null;
  return {
    scope,
    portfolioId,
    simulationId,
    key: portfolioId ? portfolioScopedKeys.scope(portfolioId, simulationId) : null,
  };
}

export const holdingKeys = {
  list: (root: readonly unknown[], holdingClass?: HoldingClass) =>
    [...root, 'holdings', 'list', holdingClass ?? 'all'] as const,
  summary: (root: readonly unknown[]) => [...root, 'holdings', 'summary'] as const,
  savings: (root: readonly unknown[], id: string) => [...root, 'holdings', 'savings', id] as const,
  valuations: (root: readonly unknown[], id: string) =>
    [...root, 'holdings', 'valuations', id] as const,
};

export function useHoldings(holdingClass?: HoldingClass) {
  const { portfolioId, simulationId, key } = useScopeIds();
  return useQuery({
    queryKey: holdingKeys.list(key ?? [], holdingClass),
    enabled: !!portfolioId,
    queryFn: ({ signal }) =>
      api<{ holdings: Holding[] }>(
        `/portfolios/${portfolioId}/holdings${simQuery(simulationId, holdingClass ? { class: holdingClass } : {})}`,
        { signal },
      ).then((data) => data.holdings),
  });
}

export function useSummary() {
  const { portfolioId, simulationId, key } = useScopeIds();
  return useQuery({
    queryKey: holdingKeys.summary(key ?? []),
    enabled: !!portfolioId,
    queryFn: ({ signal }) =>
      api<Summary>(`/portfolios/${portfolioId}/summary${simQuery(simulationId)}`, { signal }),
  });
}

/** A savings account's detail, in the active view (by-id paths answer only in their own view). */
export function useSavingsDetail(holdingId: string) {
  const { key, simulationId } = useScopeIds();
  return useQuery({
    queryKey: holdingKeys.savings(key ?? [], holdingId),
    queryFn: ({ signal }) =>
      api<SavingsDetail>(`/holdings/${holdingId}/savings${simQuery(simulationId)}`, { signal }),
  });
}

/** After any change inside the scope: holdings, summary, savings, lots and transactions refetch. */
function useInvalidateScope() {
  const queryClient = useQueryClient();
  const { key } = useScopeIds();
  return () => (key ? queryClient.invalidateQueries({ queryKey: key }) : Promise.resolve());
}

export function useCreateHolding() {
  const { portfolioId, simulationId } = useScopeIds();
  const invalidate = useInvalidateScope();
  return useMutation({
    mutationFn: (body: CreateHoldingBody) =>
      api<{ holding: Holding }>(`/portfolios/${portfolioId}/holdings${simQuery(simulationId)}`, {
        method: 'POST',
        body,
      }).then((data) => data.holding),
    onSuccess: invalidate,
  });
}

/** Changes a holding of the active view (fields named as GET answers them; `?sim=` with it). */
export function useUpdateHolding() {
  const { simulationId } = useScopeIds();
  const invalidate = useInvalidateScope();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateHoldingBody }) =>
      api<{ holding: Holding }>(`/holdings/${id}${simQuery(simulationId)}`, {
        method: 'PATCH',
        body,
      }).then((data) => data.holding),
    onSuccess: invalidate,
  });
}

export function useDeleteHolding() {
  const { simulationId } = useScopeIds();
  const invalidate = useInvalidateScope();
  return useMutation({
    mutationFn: (id: string) =>
      api<null>(`/holdings/${id}${simQuery(simulationId)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useChangeRate(holdingId: string) {
  const { simulationId } = useScopeIds();
  const invalidate = useInvalidateScope();
  return useMutation({
    mutationFn: (body: ChangeRateBody) =>
      api(`/holdings/${holdingId}/savings/rate${simQuery(simulationId)}`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useSavingsMovement(holdingId: string) {
  const { simulationId } = useScopeIds();
  const invalidate = useInvalidateScope();
  return useMutation({
    mutationFn: (body: SavingsMovementBody) =>
      api<{ balance: string }>(
        `/holdings/${holdingId}/savings/transactions${simQuery(simulationId)}`,
        {
          method: 'POST',
          body,
        },
      ),
    onSuccess: invalidate,
  });
}

export function useAcknowledgeAlert() {
  const { simulationId } = useScopeIds();
  const invalidate = useInvalidateScope();
  return useMutation({
    mutationFn: (alertId: string) =>
      api(`/savings-alerts/${alertId}/acknowledge${simQuery(simulationId)}`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/** A holding's value history (real estate, crowdfunding, other assets), newest first. */
export function useValuations(holdingId: string) {
  const { key, simulationId } = useScopeIds();
  return useQuery({
    queryKey: holdingKeys.valuations(key ?? [], holdingId),
    queryFn: ({ signal }) =>
      api<{ valuations: HoldingValuation[]; currency: string }>(
        `/holdings/${holdingId}/valuations${simQuery(simulationId)}`,
        { signal },
      ),
  });
}

/** Records the value of a day (replaces that day's point); the holding's value follows. */
export function useAddValuation(holdingId: string) {
  const { simulationId } = useScopeIds();
  const invalidate = useInvalidateScope();
  return useMutation({
    mutationFn: (body: CreateValuationBody) =>
      api<{ valuation: HoldingValuation }>(
        `/holdings/${holdingId}/valuations${simQuery(simulationId)}`,
        { method: 'POST', body },
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteValuation(holdingId: string) {
  const { simulationId } = useScopeIds();
  const invalidate = useInvalidateScope();
  return useMutation({
    mutationFn: (valuationId: string) =>
      api<null>(`/holdings/${holdingId}/valuations/${valuationId}${simQuery(simulationId)}`, {
        method: 'DELETE',
      }),
    onSuccess: invalidate,
  });
}
