import { createContext, useContext } from 'react';
import type { PermissionLevel, Portfolio, Simulation } from '@/contracts/portfolios';

/**
 * The root of every query that reads data inside a portfolio (holdings, transactions, lots,
 * goals...): `[...portfolioScopedKeys.scope(portfolioId, simulationId), 'market', ...]`.
 * Switching portfolio or simulation invalidates everything under `portfolioScopedKeys.all`
 * (docs/decisions.md, "Portfolio-scoped queries").
 */
export const portfolioScopedKeys = {
  all: ['portfolio-scoped'] as const,
  portfolio: (portfolioId: string) => [...portfolioScopedKeys.all, portfolioId] as const,
  /** `simulationId` null: the real portfolio. */
  scope: (portfolioId: string, simulationId: string | null) =>
    [...portfolioScopedKeys.portfolio(portfolioId), simulationId] as const,
};

export type ScopeStatus =
  /** The portfolio list is loading, or an unknown ?portfolio= is being checked. */
  | 'loading'
  | 'ready'
  /** The user has no portfolio at all (the server normally creates one at first sign-in). */
  | 'empty'
  | 'error';

export type ActiveScope = {
  status: ScopeStatus;
  /** Every portfolio the user can see: owned first (default first), then shared. */
  portfolios: Portfolio[];
  portfolio: Portfolio | null;
  /** The active simulation (simulation mode), or null for the real portfolio. */
  simulation: Simulation | null;
  /** The caller's level on the active portfolio. */
  permission: PermissionLevel | null;
  /** The key root of the active scope's data; null while there is no active portfolio. */
  scopeKey: ReturnType<typeof portfolioScopedKeys.scope> | null;
  /** Makes a portfolio active (its real view): sets ?portfolio=, drops ?sim=. null: the default. */
  switchPortfolio: (portfolioId: string | null, options?: SwitchOptions) => void;
  /** Makes a simulation of a visible portfolio active (sets both parameters); null: the real view. */
  switchSimulation: (simulationId: string | null, options?: SwitchOptions) => void;
};

export type SwitchOptions = {
  /** No 'switched' toast (the caller shows its own, e.g. 'Simulation created'). */
  silent?: boolean;
  /** The simulation's portfolio when it is not in the cached list yet. */
  portfolioId?: string;
};

export const ActiveScopeContext = createContext<ActiveScope | null>(null);

/** The active portfolio and simulation (spec 001, section 4). Inside the signed-in area only. */
export function useActiveScope(): ActiveScope {
  const scope = useContext(ActiveScopeContext);
  if (!scope) throw new Error('useActiveScope must be used inside <ActiveScopeProvider>');
  return scope;
}

/** Like useActiveScope, or null outside the provider (shared components that also render elsewhere). */
export function useOptionalActiveScope(): ActiveScope | null {
  return useContext(ActiveScopeContext);
}
