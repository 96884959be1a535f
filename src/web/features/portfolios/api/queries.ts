import { useQuery } from '@tanstack/react-query';
import type {
  Invitation,
  Portfolio,
  PortfolioContents,
  Share,
  Simulation,
  SimulationStats,
} from '@/contracts/portfolios';
import { portfolioScopedKeys } from '@/web/lib/active-scope';
import { api } from '@/web/lib/api-client';
import { CACHE } from '@/web/lib/query-client';

export type InvitationPreview = Invitation & { invitedEmail: string };

/**
 * Query keys of portfolios, sharing and simulations; invalidate by prefix (`portfolioKeys.all`).
 * Data inside a portfolio (holdings...) lives under `portfolioScopedKeys` (web/lib/active-scope).
 */
export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: () => [...portfolioKeys.all, 'list'] as const,
  detail: (id: string) => [...portfolioKeys.all, 'detail', id] as const,
  contents: (id: string) => [...portfolioKeys.all, 'contents', id] as const,
  shares: (id: string) => [...portfolioKeys.all, 'shares', id] as const,
  simulationStats: (id: string) => [...portfolioKeys.all, 'simulation-stats', id] as const,
  invitations: () => [...portfolioKeys.all, 'invitations'] as const,
  /** Outside `all`: answering the invitation must not re-ask what it offered. */
  preview: (token: string) => ['invitation-preview', token] as const,
};

export const fetchPortfolios = (signal?: AbortSignal) =>
  api<{ portfolios: Portfolio[] }>('/portfolios', { signal }).then((data) => data.portfolios);

/** Every portfolio the user can see, with their simulations (spec: 5 minutes fresh). */
export function usePortfolios(enabled = true) {
  return useQuery({
    queryKey: portfolioKeys.list(),
    queryFn: ({ signal }) => fetchPortfolios(signal),
    enabled,
    ...CACHE.default,
  });
}

export function usePortfolio(id: string) {
  return useQuery({
    queryKey: portfolioKeys.detail(id),
    queryFn: ({ signal }) =>
      api<{ portfolio: Portfolio }>(`/portfolios/${encodeURIComponent(id)}`, { signal }),
    select: (data) => data.portfolio,
    ...CACHE.default,
  });
}

/** What deleting a portfolio removes (asked only when the confirmation opens). */
export function usePortfolioContents(id: string | null) {
  return useQuery({
    queryKey: portfolioKeys.contents(id ?? ''),
    queryFn: ({ signal }) =>
      api<PortfolioContents>(`/portfolios/${encodeURIComponent(id ?? '')}/contents`, { signal }),
    enabled: !!id,
    ...CACHE.instant,
  });
}

export function useShares(portfolioId: string, enabled = true) {
  return useQuery({
    queryKey: portfolioKeys.shares(portfolioId),
    queryFn: ({ signal }) =>
      api<{ shares: Share[] }>(`/portfolios/${encodeURIComponent(portfolioId)}/shares`, {
        signal,
      }),
    select: (data) => data.shares,
    enabled,
    ...CACHE.instant,
  });
}

export function useSimulationStats(simulationId: string) {
  return useQuery({
    queryKey: portfolioKeys.simulationStats(simulationId),
    queryFn: ({ signal }) =>
      api<{ stats: SimulationStats }>(`/simulations/${encodeURIComponent(simulationId)}/stats`, {
        signal,
      }),
    select: (data) => data.stats,
    ...CACHE.realtime,
  });
}

/**
 * A simulation as the server answers it now (its cash): keyed inside the simulation's scope, so
 * every change to its holdings or transactions (which invalidates the scope) refetches it.
 */
export function useLiveSimulation(simulation: Pick<Simulation, 'id' | 'portfolioId'> | null) {
  return useQuery({
    queryKey: simulation
      ? [...portfolioScopedKeys.scope(simulation.portfolioId, simulation.id), 'simulation']
      : ['simulation', 'none'],
    enabled: !!simulation,
    queryFn: ({ signal }) =>
      api<{ simulation: Simulation }>(`/simulations/${encodeURIComponent(simulation?.id ?? '')}`, {
        signal,
      }),
    select: (data) => data.simulation,
    ...CACHE.realtime,
  });
}

/** Invitations waiting for the user's answer. */
export function useInvitations() {
  return useQuery({
    queryKey: portfolioKeys.invitations(),
    queryFn: ({ signal }) => api<{ invitations: Invitation[] }>('/invitations', { signal }),
    select: (data) => data.invitations,
    ...CACHE.instant,
  });
}

/** What an emailed invitation link offers (read once: the answer does not change). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: portfolioKeys.preview(token),
    queryFn: ({ signal }) =>
      api<{ invitation: InvitationPreview }>(
        `/invitations/preview?token=${encodeURIComponent(token)}`,
        { signal },
      ),
    select: (data) => data.invitation,
    enabled: token.length > 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
