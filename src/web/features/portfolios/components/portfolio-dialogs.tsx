import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import type { Portfolio, Simulation } from '@/contracts/portfolios';
import { DeletePortfolioDialog } from './delete-portfolio-dialog';
import { DeleteSimulationDialog } from './delete-simulation-dialog';
import { PortfolioDialog } from './portfolio-dialog';
import { SimulationDialog } from './simulation-dialog';

export type OpenDialog =
  | { kind: 'create-portfolio' }
  | { kind: 'edit-portfolio'; portfolio: Portfolio }
  | { kind: 'delete-portfolio'; portfolio: Portfolio }
  /** `portfolioId` preselects (and, with `fixed`, locks) the portfolio. */
  | { kind: 'create-simulation'; portfolioId?: string; fixed?: boolean }
  | { kind: 'edit-simulation'; simulation: Simulation }
  | { kind: 'delete-simulation'; simulation: Simulation };

type DialogsValue = { open: (dialog: OpenDialog) => void };

const DialogsContext = createContext<DialogsValue | null>(null);

/** Opens the portfolio and simulation dialogs from anywhere in the signed-in area. */
export function usePortfolioDialogs(): DialogsValue {
  const value = useContext(DialogsContext);
  if (!value) throw new Error('usePortfolioDialogs must be used inside <PortfolioDialogsHost>');
  return value;
}

/** Holds one dialog at a time (the switcher closes as a dialog opens from it). */
export function PortfolioDialogsHost({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // A new key per opening: forms start fresh each time.
  const [openCount, setOpenCount] = useState(0);
  const value = useMemo<DialogsValue>(
    () => ({
      open: (next) => {
        setOpenCount((count) => count + 1);
        setDialog(next);
      },
    }),
    [],
  );
  const close = () => setDialog(null);
  const key = `${dialog?.kind ?? 'none'}-${openCount}`;

  return (
    <DialogsContext.Provider value={value}>
      {children}
      {dialog?.kind === 'create-portfolio' ? <PortfolioDialog key={key} onClose={close} /> : null}
      {dialog?.kind === 'edit-portfolio' ? (
        <PortfolioDialog key={key} portfolio={dialog.portfolio} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete-portfolio' ? (
        <DeletePortfolioDialog key={key} portfolio={dialog.portfolio} onClose={close} />
      ) : null}
      {dialog?.kind === 'create-simulation' ? (
        <SimulationDialog
          key={key}
          portfolioId={dialog.portfolioId}
          fixedPortfolio={dialog.fixed}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'edit-simulation' ? (
        <SimulationDialog key={key} simulation={dialog.simulation} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete-simulation' ? (
        <DeleteSimulationDialog key={key} simulation={dialog.simulation} onClose={close} />
      ) : null}
    </DialogsContext.Provider>
  );
}
