import { createContext, useContext } from 'react';
import type { Portfolio, Simulation } from '@/contracts/portfolios';

export type OpenDialog =
  | { kind: 'create-portfolio' }
  | { kind: 'edit-portfolio'; portfolio: Portfolio }
  | { kind: 'delete-portfolio'; portfolio: Portfolio }
  /** `portfolioId` preselects (and, with `fixed`, locks) the portfolio. */
  | { kind: 'create-simulation'; portfolioId?: string; fixed?: boolean }
  | { kind: 'edit-simulation'; simulation: Simulation }
  | { kind: 'delete-simulation'; simulation: Simulation };

export type DialogsValue = { open: (dialog: OpenDialog) => void };

/**
 * The opener of the portfolio and simulation dialogs, apart from their host
 * (portfolio-dialogs.tsx) so that a dialog can open another without an import circle.
 */
export const DialogsContext = createContext<DialogsValue | null>(null);

/** Opens the portfolio and simulation dialogs from anywhere in the signed-in area. */
export function usePortfolioDialogs(): DialogsValue {
  const value = useContext(DialogsContext);
  if (!value) throw new Error('usePortfolioDialogs must be used inside <PortfolioDialogsHost>');
  return value;
}
