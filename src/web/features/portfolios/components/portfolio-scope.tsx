import type { ReactNode } from 'react';
import { ActiveScopeProvider } from './active-scope-provider';
import { PortfolioDialogsHost } from './portfolio-dialogs';

/**
 * Everything the signed-in area needs from portfolios: the active scope (useActiveScope) and
 * the portfolio and simulation dialogs. Key it by user: another account starts afresh.
 */
export function PortfolioScope({ userId, children }: { userId: string; children: ReactNode }) {
  return (
    <ActiveScopeProvider userId={userId}>
      <PortfolioDialogsHost>{children}</PortfolioDialogsHost>
    </ActiveScopeProvider>
  );
}
