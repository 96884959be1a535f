import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { Button } from './button';

export type ConfirmDialogProps = {
  /** The button that opens it; without one, the page opens it with `open` and `onOpenChange`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Shown under the description: warnings, an error. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** "Cancel" unless the page says otherwise. */
  cancelLabel?: ReactNode;
  /** The confirm button in the destructive colour (delete, revoke, sign out a device). */
  destructive?: boolean;
  onConfirm: () => void;
  /**
   * Give it while the confirmed action runs: the dialog then stays open after Confirm (the page
   * closes it when the action is done), both buttons are disabled meanwhile and the confirm
   * button says `pendingLabel`. Without it, Confirm closes the dialog at once and the result
   * shows on the page (a toast, the list). A dialog that waits is opened by the page (`open`).
   */
  pending?: boolean;
  pendingLabel?: ReactNode;
};

/**
 * Asks before an action: nothing happens until Confirm. Focus is trapped in the dialog and
 * Cancel has it first (the safe choice); Escape or Cancel closes it. One component for every
 * confirmation of the app, built on the AlertDialog primitives.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  pending,
  pendingLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const waits = pending !== undefined;
  return (
    <AlertDialog
      open={open}
      // While the action runs, Escape does not close the dialog either.
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange?.(next);
      }}
    >
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>
            {cancelLabel ?? t('confirmDialog.cancel')}
          </AlertDialogCancel>
          {waits ? (
            <Button
              change
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending}
              onClick={onConfirm}
            >
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          ) : (
            <AlertDialogAction destructive={destructive} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialogAction>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
