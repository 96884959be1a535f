import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  EDITABLE_DETAILS,
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
  DropdownMenuReadOnlyNote,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { cn } from '@/web/lib/cn';
import { ApiError } from '@/web/lib/api-client';
import { type Formatters, useFormatters } from '@/web/lib/preferences';
import { useDeleteHolding, useUpdateHolding } from '../api/holdings';
import {
  CLASS_FIELDS,
  type FieldSpec,
  fractionToPercent,
  isShown,
  typedValue,
} from '../lib/classes';
import { useHoldingErrorText } from '../lib/errors';
import { HoldingFieldControl, HoldingFieldLabel } from './holding-field';

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

/** The form's fields of a change: the shared columns, then the class's editable details. */
type EditField = FieldSpec & { path: string; detail: boolean };

function editFields(holding: Holding): EditField[] {
  const specs = CLASS_FIELDS[holding.class];
  const spec = (name: string): FieldSpec =>
    specs.find((field) => field.name === name) ?? { name, kind: 'text' };
  const fields: EditField[] = [
    { name: 'name', kind: 'text', required: true, path: 'name', detail: false },
  ];
  if (specs.some((field) => field.name === 'symbol')) {
    fields.push({ ...spec('symbol'), path: 'symbol', detail: false });
  }
  const value = valueLabel(holding.class);
  if (value) {
    fields.push({
      name: value,
      kind: 'decimal',
      required: true,
      path: 'currentPrice',
      detail: false,
    });
  }
  if (HOLDING_STATUSES[holding.class].length > 1) {
    fields.push({
      name: 'status',
      kind: 'select',
      options: HOLDING_STATUSES[holding.class],
      required: true,
      path: 'status',
      detail: false,
    });
  }
  fields.push({ ...spec('currency'), required: true, path: 'currency', detail: false });
  const editable: readonly string[] = EDITABLE_DETAILS[holding.class];
  for (const field of specs) {
    if (editable.includes(field.name) && field.name !== 'status') {
      fields.push({ ...field, path: `details.${field.name}`, detail: true });
    }
  }
  return fields;
}

/** A field's value as the form shows it: numbers with the user's decimal mark ("189,5"). */
function initialValue(holding: Holding, field: EditField, format: Formatters): string {
  const raw = field.detail
    ? holding.details[field.name]
    : holding[field.path as 'name' | 'symbol' | 'currentPrice' | 'status' | 'currency'];
  if (raw === null || raw === undefined || raw === '') return '';
  const text = field.kind === 'percent' ? fractionToPercent(String(raw)) : String(raw);
  const numeric = field.kind === 'decimal' || field.kind === 'percent' || field.kind === 'number';
  if (!numeric) return text;
  // The user's decimal mark, without grouping (typed back in, "270,000" would be ambiguous).
  const mark = format.number(1.5, 1).replace(/\d/g, '') || '.';
  return text.replace('.', mark);
}

/**
 * Edits what a holding's class lets change without a transaction: its name, symbol, value,
 * status and currency (the API refuses a currency once the ledger holds more than the opening
 * purchase, and says so) and the class's own fields. Only what changed is sent.
 */
export function EditHoldingDialog({ holding, onClose }: { holding: Holding; onClose: () => void }) {
  const { t } = useTranslation('holdings');
  const validationText = useValidationText();
  const errorText = useHoldingErrorText();
  const update = useUpdateHolding();
  const format = useFormatters();
  const [fields] = useState(() => editFields(holding));
  const [initial] = useState(() =>
    Object.fromEntries(fields.map((field) => [field.path, initialValue(holding, field, format)])),
  );
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [localIssues, setLocalIssues] = useState<Issue[]>([]);
  const serverIssues =
    update.error instanceof ApiError && update.error.code === 'VALIDATION_ERROR'
      ? ((update.error.details?.issues as Issue[] | undefined) ?? [])
      : [];
  const issues = localIssues.length ? localIssues : serverIssues;
  const errorOf = (path: string) =>
    validationText(
      issues.find((issue) => issue.path === path || issue.path.startsWith(`${path}.`))?.message,
    );
  const formId = 'edit-holding';
  const byName = Object.fromEntries(fields.map((f) => [f.name, values[f.path] ?? '']));
  const shown = fields.filter((field) => isShown(field, byName));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    const details: Record<string, unknown> = {};
    for (const field of shown) {
      const raw = values[field.path] ?? '';
      if (raw === initial[field.path]) continue;
      const value = raw.trim() === '' ? null : typedValue(field.kind, raw.trim());
      // A cleared tax rate is left as it is (the account type decides it).
      if (value === null && field.kind === 'percent') continue;
      if (field.detail) details[field.name] = value;
      else body[field.path] = value ?? (field.path === 'symbol' ? null : '');
    }
    if (Object.keys(details).length > 0) body.details = details;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    // The API's own rules for this class, before sending.
    const parsed = holdingUpdateSchema(holding.class).safeParse(body);
    if (!parsed.success) {
      const found = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
      setLocalIssues(found);
      const first = shown.find((field) => found.some((issue) => issue.path === field.path));
      if (first) document.getElementById(`${formId}-${first.name}`)?.focus();
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
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
        closeLabel={t('form.close')}
      >
        <DialogHeader>
          <DialogTitle>{t('edit.title', { name: holding.name })}</DialogTitle>
          <DialogDescription>
            {holding.class === 'savings' ? t('edit.savings') : t('edit.description')}
          </DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          {shown.map((field) => (
            <FormField
              key={field.path}
              aligned
              id={`${formId}-${field.name}`}
              className={cn(field.wide && 'sm:col-span-2')}
              label={<HoldingFieldLabel holdingClass={holding.class} field={field} />}
              description={field.path === 'currency' ? t('edit.currencyHint') : undefined}
              error={errorOf(field.path)}
            >
              {(props) => (
                // The editable dates (a maturity) may lie ahead.
                <HoldingFieldControl
                  field={field}
                  control={props}
                  value={values[field.path] ?? ''}
                  onChange={(value) =>
                    setValues((current) => ({ ...current, [field.path]: value }))
                  }
                  pastOnly={false}
                />
              )}
            </FormField>
          ))}
        </form>
        {issues.length ? null : <HoldingErrorAlert error={update.error} holding={holding} />}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={update.isPending} change>
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
            change
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
          <DropdownMenuReadOnlyNote />
          <DropdownMenuItem change onSelect={() => setDialog('edit')}>
            <Pencil aria-hidden="true" />
            {t('actions.edit')}
          </DropdownMenuItem>
          <DropdownMenuItem
            change
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
