import { type ReactNode, useMemo, useState } from 'react';
import { DeletePortfolioDialog } from './delete-portfolio-dialog';
import { DeleteSimulationDialog } from './delete-simulation-dialog';
import { DialogsContext, type DialogsValue, type OpenDialog } from './portfolio-dialogs-context';
import { PortfolioDialog } from './portfolio-dialog';
import { SimulationDialog } from './simulation-dialog';

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
