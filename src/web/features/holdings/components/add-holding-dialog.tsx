import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createHoldingBodySchema, type HoldingClass } from '@/contracts/holdings';
import { ApiErrorAlert, useErrorText } from '@/web/components/ui/api-error-alert';
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
  type FieldControlProps,
  FormField,
  useValidationText,
} from '@/web/components/ui/form-field';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { useCreateHolding } from '../api/holdings';
import { CLASS_FIELDS, type FieldSpec, isShown, toCreateBody } from '../lib/classes';
import { type FillNote, fillFromInstrument } from '../lib/instrument-fill';
import { HoldingFieldControl, HoldingFieldLabel } from './holding-field';
import { SymbolLookup } from './symbol-lookup';

/** The classes whose symbol field suggests instruments from the market data. */
const LOOKUP_CLASSES: readonly HoldingClass[] = ['market', 'crypto'];

const today = () => new Date().toISOString().slice(0, 10);

function initialValues(holdingClass: HoldingClass) {
  return Object.fromEntries(
    CLASS_FIELDS[holdingClass].map((field) => [
      field.name,
      field.initial ?? (field.kind === 'date' && field.required ? today() : ''),
    ]),
  );
}

/** Field errors from zod issues or the server's `details.issues` (first message per field). */
function errorsFrom(issues: { path: string; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0] ?? '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Adds a holding of one class: the class's fields, checked with the API's own schema before
 * sending, the server's answer mapped back onto the fields. The toasts are the spec's, in each
 * class's words ('Investment added successfully', 'Cryptocurrency added successfully', 'Asset
 * added successfully - check Transactions page'; 'Failed to add asset: {message}').
 */
export function AddHoldingDialog({
  holdingClass,
  open,
  onOpenChange,
}: {
  holdingClass: HoldingClass;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('holdings');
  const validationText = useValidationText();
  const errorText = useErrorText();
  const create = useCreateHolding();
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(holdingClass));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fillNote, setFillNote] = useState<FillNote | null>(null);
  const fields = CLASS_FIELDS[holdingClass].filter((field) => isShown(field, values));
  const formId = `add-${holdingClass}`;

  const close = (next: boolean) => {
    if (!next) {
      setValues(initialValues(holdingClass));
      setErrors({});
      setFillNote(null);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toCreateBody(holdingClass, values);
    const parsed = createHoldingBodySchema.safeParse(body);
    if (!parsed.success) {
      const found = errorsFrom(
        parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      );
      setErrors(found);
      const first = fields.find((field) => found[field.name]);
      if (first) document.getElementById(`${formId}-${first.name}`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(body as Parameters<typeof create.mutate>[0], {
      onSuccess: () => {
        toast.success(t(`toasts.added.${holdingClass}`));
        close(false);
      },
      onError: (error) => {
        toast.error(t(`toasts.addFailed.${holdingClass}`, { message: errorText(error) }));
        if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
          const issues = error.details?.issues;
          if (Array.isArray(issues))
            setErrors(errorsFrom(issues as { path: string; message: string }[]));
        }
      },
    });
  };

  const control = (field: FieldSpec, props: FieldControlProps) => {
    if (field.name === 'symbol' && LOOKUP_CLASSES.includes(holdingClass)) {
      return (
        <SymbolLookup
          control={props}
          name={field.name}
          value={values[field.name] ?? ''}
          onChange={(value) => {
            setFillNote(null);
            setValues((current) => ({ ...current, symbol: value }));
          }}
          onPick={(instrument) => {
            const fill = fillFromInstrument(holdingClass, instrument);
            setValues((current) => ({ ...current, ...fill.values }));
            setFillNote(fill.note);
            // The filled fields are valid again until the next check.
            setErrors((current) =>
              Object.fromEntries(
                Object.entries(current).filter(([name]) => !(name in fill.values)),
              ),
            );
          }}
        />
      );
    }
    // Purchase, investment and opening dates cannot be in the future; a maturity can.
    return (
      <HoldingFieldControl
        field={field}
        control={props}
        value={values[field.name] ?? ''}
        onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
        pastOnly={!!field.required}
      />
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
        closeLabel={t('form.close')}
        onEscapeKeyDown={(event) => {
          // Escape in an open suggestion list closes the list, not the dialog.
          const target = event.target;
          if (
            target instanceof HTMLElement &&
            target.getAttribute('role') === 'combobox' &&
            target.getAttribute('aria-expanded') === 'true'
          )
            event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t(`add.title.${holdingClass}`)}</DialogTitle>
          <DialogDescription>{t('add.description')}</DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <FormField
              key={field.name}
              aligned
              id={`${formId}-${field.name}`}
              className={cn(field.wide && 'sm:col-span-2')}
              label={<HoldingFieldLabel holdingClass={holdingClass} field={field} />}
              description={
                t([`hints.byClass.${holdingClass}.${field.name}`, `hints.${field.name}`], {
                  defaultValue: '',
                }) || undefined
              }
              error={validationText(errors[field.name])}
              below={
                field.name === 'symbol' && fillNote ? (
                  <p role="status" className="text-[13px] text-muted-foreground">
                    {t(`lookup.notes.${fillNote.kind}`, {
                      currency: 'currency' in fillNote ? fillNote.currency : '',
                    })}
                  </p>
                ) : undefined
              }
            >
              {(props) => control(field, props)}
            </FormField>
          ))}
        </form>
        <ApiErrorAlert
          error={
            create.error instanceof ApiError && create.error.code === 'VALIDATION_ERROR'
              ? null
              : create.error
          }
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending} change>
            {create.isPending ? t('form.adding') : t('form.add')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
