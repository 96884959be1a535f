import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Holding } from '@/contracts/holdings';
import { ApiErrorAlert, useErrorText } from '@/web/components/ui/api-error-alert';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api-client';
import { useDeleteHolding, useUpdateHolding } from '../api/holdings';

/** The value field a class edits: the unit price, or the whole value for one-unit classes. */
function valueField(holding: Holding): 'currentPrice' | 'currentValue' | 'valuation' | null {
  if (holding.class === 'real_estate') return 'currentValue';
  if (holding.class === 'crowdfunding') return 'valuation';
  if (holding.class === 'savings') return null;
  return 'currentPrice';
}

function EditHoldingDialog({ holding, onClose }: { holding: Holding; onClose: () => void }) {
  const { t } = useTranslation('holdings');
  const validationText = useValidationText();
  const update = useUpdateHolding();
  const field = valueField(holding);
  const [name, setName] = useState(holding.name);
  const [value, setValue] = useState(holding.currentPrice);
  const issues =
    update.error instanceof ApiError && update.error.code === 'VALIDATION_ERROR'
      ? ((update.error.details?.issues as { path: string; message: string }[] | undefined) ?? [])
      : [];
  const errorOf = (path: string) =>
    validationText(issues.find((issue) => issue.path.split('.').includes(path))?.message);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = value.replace(/\s/g, '').replace(',', '.');
    const body =
      field === 'currentPrice'
        ? { name, currentPrice: amount }
        : field
          ? { name, details: { [field]: amount } }
          : { name };
    update.mutate(
      { id: holding.id, body },
      {
        onSuccess: () => {
          toast.success(t('toasts.updated'));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-md" closeLabel={t('form.close')}>
        <DialogHeader>
          <DialogTitle>{t('edit.title', { name: holding.name })}</DialogTitle>
          <DialogDescription>{t('edit.description')}</DialogDescription>
        </DialogHeader>
        <form id="edit-holding" noValidate onSubmit={submit} className="grid gap-4">
          <FormField id="edit-holding-name" label={t('fields.name')} error={errorOf('name')}>
            {(props) => (
              <Input {...props} value={name} onChange={(event) => setName(event.target.value)} />
            )}
          </FormField>
          {field ? (
            <FormField id="edit-holding-value" label={t(`fields.${field}`)} error={errorOf(field)}>
              {(props) => (
                <Input
                  {...props}
                  inputMode="decimal"
                  className="tabular"
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                />
              )}
            </FormField>
          ) : null}
        </form>
        {issues.length ? null : <ApiErrorAlert error={update.error} />}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form="edit-holding" disabled={update.isPending}>
            {t('form.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function DeleteHoldingDialog({ holding, onClose }: { holding: Holding; onClose: () => void }) {
  const { t } = useTranslation('holdings');
  const errorText = useErrorText();
  const remove = useDeleteHolding();
  return (
    <AlertDialog open onOpenChange={(open) => (open ? null : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('delete.title', { name: holding.name })}</AlertDialogTitle>
          <AlertDialogDescription>
            {holding.class === 'savings' ? t('delete.savings') : t('delete.description')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ApiErrorAlert error={remove.error} />
        <AlertDialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(holding.id, {
                onSuccess: () => {
                  toast.success(t('toasts.deleted'));
                  onClose();
                },
                onError: (error) => toast.error(errorText(error)),
              })
            }
          >
            {t('delete.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The row menu of a holding: edit its name and value, delete it (edit permission only). */
export function HoldingActions({ holding }: { holding: Holding }) {
  const { t } = useTranslation('holdings');
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('actions.for', { name: holding.name })}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDialog('edit')}>
            <Pencil aria-hidden="true" />
            {t('actions.edit')}
          </DropdownMenuItem>
          <DropdownMenuItem
            className="text-destructive focus:text-destructive"
            onSelect={() => setDialog('delete')}
          >
            <Trash2 aria-hidden="true" />
            {t('actions.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog === 'edit' ? (
        <EditHoldingDialog holding={holding} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteHoldingDialog holding={holding} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
