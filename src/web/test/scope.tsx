import type { ReactElement } from 'react';
import { Toaster } from 'sonner';
import type { Portfolio, PermissionLevel } from '@/contracts/portfolios';
import { ActiveScopeContext, type ActiveScope, portfolioScopedKeys } from '@/web/lib/active-scope';
import { renderWithProviders } from '@/web/test/render';

export const PORTFOLIO_ID = '00000000-0000-4000-8000-0000000000aa';
export const SIM_ID = '00000000-0000-4000-8000-0000000000bb';

/**
 * Renders `ui` with an active portfolio (and simulation) at the given permission level, without
 * the portfolio list behind it: for pages that read data inside the active scope.
 */
export function renderWithScope(
  ui: ReactElement,
  {
    level = 'owner',
    simulation = false,
    route = '/',
    path,
    baseCurrency,
  }: {
    level?: PermissionLevel;
    simulation?: boolean;
    route?: string;
    /** The route's pattern, for a page that reads its parameters ('/goals/:goalId'). */
    path?: string;
    baseCurrency?: Portfolio['baseCurrency'];
  } = {},
) {
  const portfolio = {
    id: PORTFOLIO_ID,
    name: 'My Portfolio',
    permissionLevel: level,
    ...(baseCurrency ? { baseCurrency } : {}),
  } as Portfolio;
  const simulationId = simulation ? SIM_ID : null;
  const scope: ActiveScope = {
    status: 'ready',
    portfolios: [portfolio],
    portfolio,
    simulation: simulation
      ? ({ id: SIM_ID, portfolioId: PORTFOLIO_ID } as ActiveScope['simulation'])
      : null,
    permission: level,
    scopeKey: portfolioScopedKeys.scope(PORTFOLIO_ID, simulationId),
    switchPortfolio: () => {},
    switchSimulation: () => {},
  };
  return renderWithProviders(
    <ActiveScopeContext.Provider value={scope}>
      {ui}
      <Toaster />
    </ActiveScopeContext.Provider>,
    { route, ...(path ? { path } : {}) },
  );
}
