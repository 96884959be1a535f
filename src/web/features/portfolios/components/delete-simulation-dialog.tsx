import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Simulation } from '@/contracts/portfolios';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { useActiveScope } from '@/web/lib/active-scope';
import { useDeleteSimulation } from '../api/mutations';

/** Deleting the active simulation goes back to the real portfolio. */
export function DeleteSimulationDialog({
  simulation,
  onClose,
}: {
  simulation: Simulation;
  onClose: () => void;
}) {
  const { t } = useTranslation('portfolios');
  const scope = useActiveScope();
  const remove = useDeleteSimulation();
  const wasActive = scope.simulation?.id === simulation.id;

  const onConfirm = () =>
    remove.mutate(simulation, {
      onSuccess: () => {
        if (wasActive) scope.switchSimulation(null, { silent: true });
        toast.success(t('toasts.simulationDeleted', { name: simulation.name }), {
          description: wasActive ? t('toasts.backToReal') : undefined,
        });
        onClose();
      },
    });

  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {t('deleteSimulation.title', { name: simulation.name })}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {wasActive
              ? t('deleteSimulation.descriptionActive')
              : t('deleteSimulation.description')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ApiErrorAlert
          error={remove.error}
          situation={{ wrap: (message) => t('simulationFailed.delete', { message }) }}
        />
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
          <Button change variant="destructive" disabled={remove.isPending} onClick={onConfirm}>
            {remove.isPending ? t('common.deleting') : t('deleteSimulation.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
