import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePortfolioBody,
  CreateShareBody,
  CreateSimulationBody,
  InvitationAnswer,
  Portfolio,
  Share,
  Simulation,
  UpdatePortfolioBody,
  UpdateShareBody,
  UpdateSimulationBody,
} from '@/contracts/portfolios';
import { api } from '@/web/lib/api-client';
import { IDEMPOTENT_RETRY } from '@/web/lib/query-client';
import { portfolioKeys } from './queries';

type Snapshot = [QueryKey, unknown][];
type Shares = { shares: Share[] };
type Detail = { portfolio: Portfolio };

const path = (id: string) => encodeURIComponent(id);

/** Every cached entry under a prefix, to put back if a change fails. */
function useSnapshots() {
  const queryClient = useQueryClient();
  return {
    take: async (prefix: QueryKey): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: prefix });
      return queryClient.getQueriesData({ queryKey: prefix });
    },
    restore: (snapshot: Snapshot | undefined) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
    },
  };
}

/** Applies `change` to each cached portfolio (the list and the detail pages). */
function useEditCachedPortfolios() {
  const queryClient = useQueryClient();
  return (change: (portfolio: Portfolio) => Portfolio | null) => {
    queryClient.setQueryData<Portfolio[]>(portfolioKeys.list(), (list) =>
      list?.flatMap((portfolio) => {
        const next = change(portfolio);
        return next ? [next] : [];
      }),
    );
    queryClient.setQueriesData<Detail>({ queryKey: [...portfolioKeys.all, 'detail'] }, (data) => {
      if (!data) return data;
      const next = change(data.portfolio);
      return next ? { portfolio: next } : data;
    });
  };
}

/** After any change: the lists and details refetch (the server decides defaults and counts). */
function useRefreshPortfolios() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
}

// Portfolios ------------------------------------------------------------------------------------

/** The new portfolio joins the cached list at once, so it can be switched to straight away. */
export function useCreatePortfolio() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPortfolios();
  return useMutation({
    mutationFn: (body: CreatePortfolioBody) => api<Detail>('/portfolios', { method: 'POST', body }),
    onSuccess: async ({ portfolio }) => {
      queryClient.setQueryData<Portfolio[]>(portfolioKeys.list(), (list) =>
        list
          ? [...list.map((p) => (portfolio.isDefault ? { ...p, isDefault: false } : p)), portfolio]
          : list,
      );
      await refresh();
    },
  });
}

export type PortfolioChange = { id: string; body: UpdatePortfolioBody };

/** Shown at once (name, description, default), put back on error, refreshed after. */
export function useUpdatePortfolio() {
  const snapshots = useSnapshots();
  const edit = useEditCachedPortfolios();
  const refresh = useRefreshPortfolios();
  return useMutation({
    ...IDEMPOTENT_RETRY,
    mutationFn: ({ id, body }: PortfolioChange) =>
      api<Detail>(`/portfolios/${path(id)}`, { method: 'PATCH', body }),
    onMutate: async ({ id, body }) => {
      const snapshot = await snapshots.take(portfolioKeys.all);
      edit((portfolio) => {
        if (portfolio.id !== id) {
          return body.isDefault && portfolio.isOwner
            ? { ...portfolio, isDefault: false }
            : portfolio;
        }
        return {
          ...portfolio,
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.description !== undefined
            ? { description: body.description?.trim() || null }
            : {}),
          ...(body.isDefault ? { isDefault: true } : {}),
        };
      });
      return { snapshot };
    },
    onError: (_error, _change, context) => snapshots.restore(context?.snapshot),
    onSettled: refresh,
  });
}

export function useDeletePortfolio() {
  const edit = useEditCachedPortfolios();
  const refresh = useRefreshPortfolios();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (portfolio: Portfolio) =>
      api<null>(`/portfolios/${path(portfolio.id)}`, { method: 'DELETE' }),
    onSuccess: async (_answer, portfolio) => {
      edit((p) => (p.id === portfolio.id ? null : p));
      queryClient.removeQueries({ queryKey: portfolioKeys.detail(portfolio.id) });
      await refresh();
    },
  });
}

// Sharing ---------------------------------------------------------------------------------------

export function useCreateShare(portfolioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareBody) =>
      api<{ share: Share }>(`/portfolios/${path(portfolioId)}/shares`, { method: 'POST', body }),
    onSuccess: async ({ share }) => {
      queryClient.setQueryData<Shares>(portfolioKeys.shares(portfolioId), (data) =>
        data ? { shares: [share, ...data.shares.filter((s) => s.id !== share.id)] } : data,
      );
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.shares(portfolioId) });
    },
  });
}

export type ShareChange = { share: Share; body: UpdateShareBody };

/** Permission, simulations and expiry changes show at once and are put back on error. */
export function useUpdateShare() {
  const queryClient = useQueryClient();
  const snapshots = useSnapshots();
  return useMutation({
    ...IDEMPOTENT_RETRY,
    mutationFn: ({ share, body }: ShareChange) =>
      api<{ share: Share }>(`/shares/${path(share.id)}`, { method: 'PATCH', body }),
    onMutate: async ({ share, body }) => {
      const key = portfolioKeys.shares(share.portfolioId);
      const snapshot = await snapshots.take(key);
      queryClient.setQueryData<Shares>(key, (data) =>
        data
          ? {
              shares: data.shares.map((s) =>
                s.id === share.id
                  ? {
                      ...s,
                      ...body,
                      sharedSimulationIds:
                        body.simulationSharingMode && body.simulationSharingMode !== 'specific'
                          ? []
                          : (body.sharedSimulationIds ?? s.sharedSimulationIds),
                    }
                  : s,
              ),
            }
          : data,
      );
      return { snapshot };
    },
    onError: (_error, _change, context) => snapshots.restore(context?.snapshot),
    onSettled: (_answer, _error, { share }) =>
      queryClient.invalidateQueries({ queryKey: portfolioKeys.shares(share.portfolioId) }),
  });
}

/** Revoking shows the share as revoked at once (put back on error). */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  const snapshots = useSnapshots();
  return useMutation({
    mutationFn: (share: Share) => api<null>(`/shares/${path(share.id)}`, { method: 'DELETE' }),
    onMutate: async (share) => {
      const key = portfolioKeys.shares(share.portfolioId);
      const snapshot = await snapshots.take(key);
      queryClient.setQueryData<Shares>(key, (data) =>
        data
          ? {
              shares: data.shares.map((s) =>
                s.id === share.id ? { ...s, status: 'revoked' as const } : s,
              ),
            }
          : data,
      );
      return { snapshot };
    },
    onError: (_error, _share, context) => snapshots.restore(context?.snapshot),
    onSettled: (_answer, _error, share) =>
      queryClient.invalidateQueries({ queryKey: portfolioKeys.shares(share.portfolioId) }),
  });
}

export function useAcceptInvitation() {
  const refresh = useRefreshPortfolios();
  return useMutation({
    mutationFn: (answer: InvitationAnswer) =>
      api<Detail>('/invitations/accept', { method: 'POST', body: answer }),
    onSuccess: refresh,
  });
}

export function useRejectInvitation() {
  const refresh = useRefreshPortfolios();
  return useMutation({
    mutationFn: (answer: InvitationAnswer) =>
      api<{ ok: true }>('/invitations/reject', { method: 'POST', body: answer }),
    onSuccess: refresh,
  });
}

// Simulations -----------------------------------------------------------------------------------

export type NewSimulation = { portfolioId: string; body: CreateSimulationBody };

/** The new simulation joins its portfolio in the cached list, so it can be switched to at once. */
export function useCreateSimulation() {
  const edit = useEditCachedPortfolios();
  const refresh = useRefreshPortfolios();
  return useMutation({
    mutationFn: ({ portfolioId, body }: NewSimulation) =>
      api<{ simulation: Simulation }>(`/portfolios/${path(portfolioId)}/simulations`, {
        method: 'POST',
        body,
      }),
    onSuccess: async ({ simulation }) => {
      edit((portfolio) =>
        portfolio.id === simulation.portfolioId
          ? {
              ...portfolio,
              simulations: [
                simulation,
                ...portfolio.simulations.filter((s) => s.id !== simulation.id),
              ],
            }
          : portfolio,
      );
      await refresh();
    },
  });
}

export type SimulationChange = { simulation: Simulation; body: UpdateSimulationBody };

export function useUpdateSimulation() {
  const snapshots = useSnapshots();
  const edit = useEditCachedPortfolios();
  const refresh = useRefreshPortfolios();
  return useMutation({
    ...IDEMPOTENT_RETRY,
    mutationFn: ({ simulation, body }: SimulationChange) =>
      api<{ simulation: Simulation }>(`/simulations/${path(simulation.id)}`, {
        method: 'PATCH',
        body,
      }),
    onMutate: async ({ simulation, body }) => {
      const snapshot = await snapshots.take(portfolioKeys.all);
      edit((portfolio) =>
        portfolio.id === simulation.portfolioId
          ? {
              ...portfolio,
              simulations: portfolio.simulations.map((s) =>
                s.id === simulation.id
                  ? {
                      ...s,
                      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
                      ...(body.description !== undefined
                        ? { description: body.description?.trim() || null }
                        : {}),
                      ...(body.backgroundTheme ? { backgroundTheme: body.backgroundTheme } : {}),
                    }
                  : s,
              ),
            }
          : portfolio,
      );
      return { snapshot };
    },
    onError: (_error, _change, context) => snapshots.restore(context?.snapshot),
    onSettled: refresh,
  });
}

export function useDeleteSimulation() {
  const edit = useEditCachedPortfolios();
  const refresh = useRefreshPortfolios();
  return useMutation({
    mutationFn: (simulation: Simulation) =>
      api<null>(`/simulations/${path(simulation.id)}`, { method: 'DELETE' }),
    onSuccess: async (_answer, simulation) => {
      edit((portfolio) =>
        portfolio.id === simulation.portfolioId
          ? {
              ...portfolio,
              simulations: portfolio.simulations.filter((s) => s.id !== simulation.id),
            }
          : portfolio,
      );
      await refresh();
    },
  });
}
