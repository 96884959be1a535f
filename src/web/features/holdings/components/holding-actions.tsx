import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  type Holding,
  type HoldingClass,
  HOLDING_STATUSES,
  holdingUpdateSchema,
} from '@/contracts/holdings';
import { Alert } from '@/web/components/ui/alert';
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
import { NativeSelect } from '@/web/components/ui/select';
import { ApiError } from '@/web/lib/api-client';
import { useDeleteHolding, useUpdateHolding } from '../api/holdings';
import { useHoldingErrorText } from '../lib/errors';

/**
 * The label of the value a class edits: its unit price, or the whole value for one-unit classes.
 * Every class sends it as `currentPrice`, the name GET answers; a savings balance moves by
 * deposits and withdrawals only.
 */
function valueLabel(
  holdingClass: HoldingClass,
): 'currentPrice' | 'currentValue' | 'valuation' | null {
  if (holdingClass === 'real_estate') return 'currentValue';
  if (holdingClass === 'crowdfunding') return 'valuation';
  if (holdingClass === 'savings') return null;
  return 'currentPrice';
}

type Issue = { path: string; message: string };

/** A holding-aware error under a dialog's form (role="alert"). */
function HoldingErrorAlert({ error, holding }: { error: unknown; holding: Holding }) {
  const errorText = useHoldingErrorText();
  if (!error) return null;
  return <Alert role="alert" tone="error" title={errorText(error, holding.class)} />;
}

export function EditHoldingDialog({ holding, onClose }: { holding: Holding; onClose: () => void }) {
  const { t } = useTranslation('holdings');
  const validationText = useValidationText();
  const errorText = useHoldingErrorText();
  const update = useUpdateHolding();
  const field = valueLabel(holding.class);
  const statuses: readonly string[] = HOLDING_STATUSES[holding.class];
  const [name, setName] = useState(holding.name);
  const [value, setValue] = useState(holding.currentPrice);
  const [status, setStatus] = useState(holding.status);
  const [localIssues, setLocalIssues] = useState<Issue[]>([]);
  const serverIssues =
    update.error instanceof ApiError && update.error.code === 'VALIDATION_ERROR'
      ? ((update.error.details?.issues as Issue[] | undefined) ?? [])
      : [];
  const issues = localIssues.length ? localIssues : serverIssues;
  const errorOf = (path: string) =>
    validationText(issues.find((issue) => issue.path.split('.')[0] === path)?.message);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = { name };
    if (field) body.currentPrice = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
    if (statuses.length > 1) body.status = status;
    // The API's own rules for this class, before sending.
    const parsed = holdingUpdateSchema(holding.class).safeParse(body);
    if (!parsed.success) {
      setLocalIssues(
        parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      );
      return;
    }
    setLocalIssues([]);
    update.mutate(
      { id: holding.id, body },
      {
        onSuccess: () => {
          toast.success(t(`toasts.updated.${holding.class}`));
          onClose();
        },
        onError: (error) =>
          toast.error(t(`toasts.updateFailed.${holding.class}`), {
            description: errorText(error, holding.class),
          }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-md" closeLabel={t('form.close')}>
        <DialogHeader>
          <DialogTitle>{t('edit.title', { name: holding.name })}</DialogTitle>
          <DialogDescription>
            {holding.class === 'savings' ? t('edit.savings') : t('edit.description')}
          </DialogDescription>
        </DialogHeader>
        <form id="edit-holding" noValidate onSubmit={submit} className="grid gap-4">
          <FormField id="edit-holding-name" label={t('fields.name')} error={errorOf('name')}>
            {(props) => (
              <Input {...props} value={name} onChange={(event) => setName(event.target.value)} />
            )}
          </FormField>
          {field ? (
            <FormField
              id="edit-holding-value"
              label={t(`fields.${field}`)}
              error={errorOf('currentPrice')}
            >
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
          {statuses.length > 1 ? (
            <FormField
              id="edit-holding-status"
              label={t('fields.status')}
              error={errorOf('status')}
            >
              {(props) => (
                <NativeSelect
                  {...props}
                  className="w-full"
                  value={status}
                  onChange={(event) => setStatus(event.target.value)}
                >
                  {statuses.map((option) => (
                    <option key={option} value={option}>
                      {t(`options.status.${option}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : null}
        </form>
        {issues.length ? null : <HoldingErrorAlert error={update.error} holding={holding} />}
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

export function DeleteHoldingDialog({
  holding,
  onClose,
}: {
  holding: Holding;
  onClose: () => void;
}) {
  const { t } = useTranslation('holdings');
  const errorText = useHoldingErrorText();
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
        <HoldingErrorAlert error={remove.error} holding={holding} />
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
                  toast.success(t(`toasts.deleted.${holding.class}`));
                  onClose();
                },
                onError: (error) =>
                  toast.error(t(`toasts.deleteFailed.${holding.class}`), {
                    description: errorText(error, holding.class),
                  }),
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
