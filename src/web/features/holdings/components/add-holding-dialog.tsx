import { type FormEvent, useCallback, useState } from 'react';
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
import { isIsoDate } from '@/web/lib/date-input';
import { useFormatters } from '@/web/lib/preferences';
import type { CloseOnResponse } from '@/contracts/market-data';
import type { Currency } from '@/contracts/settings';
import { useCreateHolding, useScopeIds } from '../api/holdings';
import { useCloseOn, useInstrumentLookup } from '../api/instruments';
import { CLASS_FIELDS, type FieldSpec, isShown, toCreateBody } from '../lib/classes';
import { type FillNote, fillFromInstrument } from '../lib/instrument-fill';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { HoldingFieldControl, HoldingFieldLabel } from './holding-field';
import { SymbolLookup } from './symbol-lookup';

/** The classes whose symbol field suggests instruments from the market data. */
const LOOKUP_CLASSES: readonly HoldingClass[] = ['market', 'crypto'];

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A new holding's form: each field's default, today for a required date, and the portfolio's base
 * currency (the class's own default only without a portfolio), so a holding starts in the
 * currency its portfolio counts in.
 */
export function initialValues(holdingClass: HoldingClass, baseCurrency: string | null) {
  return Object.fromEntries(
    CLASS_FIELDS[holdingClass].map((field) => [
      field.name,
      field.name === 'currency' && baseCurrency
        ? baseCurrency
        : (field.initial ??
          (field.kind === 'date' && (field.required || field.today) ? today() : '')),
    ]),
  );
}

type StoredClose = NonNullable<CloseOnResponse['close']>;

/**
 * Market and crypto holdings: the purchase price starts as the stored close of the purchase date
 * (or the latest day before it within a week), converted into the holding's currency at that
 * day's published rate. It is filled only while the field is empty or still holds what was filled
 * (what the user types stays), and emptied again when the symbol, date or currency no longer has
 * a close. Only a symbol the market data knows is asked about (a lookup suggestion says so).
 */
function usePurchasePricePrefill(
  holdingClass: HoldingClass,
  values: Record<string, string>,
  setPurchasePrice: (value: string) => void,
) {
  const enabled = LOOKUP_CLASSES.includes(holdingClass);
  const symbol = useDebouncedValue((values.symbol ?? '').trim().toUpperCase(), 300);
  const lookup = useInstrumentLookup(enabled ? symbol : '');
  const known =
    enabled &&
    !!lookup.data?.some(
      (instrument) => instrument.symbol === symbol && instrument.source === 'stored',
    );
  const date = values.purchaseDate ?? '';
  const currency = values.currency ?? '';
  const close = useCloseOn(known ? symbol : null, isIsoDate(date) ? date : null, currency);
  // The price this form filled in last, and whether the user has typed their own since (then
  // the field is theirs, even emptied on the way to another number).
  const [filled, setFilled] = useState<string | null>(null);
  const [typed, setTyped] = useState(false);
  const current = values.purchasePrice ?? '';
  const found = close.data?.close ?? null;
  const settled = close.fetchStatus !== 'fetching' && lookup.fetchStatus !== 'fetching';
  const price = found?.price ?? null;
  // Adjusted while rendering (React's pattern for state that follows other state), not in an
  // effect: the field never shows a stale price for a frame.
  if (settled && !typed && (current === '' || current === filled)) {
    if (price !== null && current !== price) {
      setFilled(price);
      setPurchasePrice(price);
    } else if (price === null && filled !== null) {
      setFilled(null);
      setPurchasePrice('');
    }
  }
  return {
    /** Where the price in the field comes from, while it is the one filled. */
    source:
      settled && found && price !== null && current === price && filled === price
        ? { close: found, symbol }
        : null,
    /** A close exists but converting it needs a rate nobody published: until the user types it. */
    unconverted: !typed && found && found.price === null && known ? { close: found, symbol } : null,
    /** The user changed the field: from now on it is theirs. */
    typed: () => setTyped(true),
    /** The form starts again (closed): nothing typed, nothing filled. */
    reset: () => {
      setFilled(null);
      setTyped(false);
    },
  };
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

/** A field's hint, and under it where a filled-in value comes from. */
function fieldHint(hint: string, note: string | null) {
  if (!note) return hint || undefined;
  return (
    <>
      {hint ? <span className="block">{hint}</span> : null}{' '}
      <span className="block" data-testid="purchase-price-source">
        {note}
      </span>
    </>
  );
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
  const format = useFormatters();
  const baseCurrency = useScopeIds().scope.portfolio?.baseCurrency ?? null;
  const [values, setValues] = useState<Record<string, string>>(() =>
    initialValues(holdingClass, baseCurrency),
  );
  const setPurchasePrice = useCallback(
    (purchasePrice: string) => setValues((current) => ({ ...current, purchasePrice })),
    [],
  );
  const prefill = usePurchasePricePrefill(holdingClass, values, setPurchasePrice);
  const closeText = (close: StoredClose) =>
    format.money(close.closeInMajor, { currency: close.majorCurrency as Currency, decimals: true });
  const prefillNote = prefill.source
    ? prefill.source.close.rate === null
      ? t('prefill.closeOf', {
          symbol: prefill.source.symbol,
          date: format.date(prefill.source.close.date),
          close: closeText(prefill.source.close),
        })
      : t('prefill.converted', {
          symbol: prefill.source.symbol,
          date: format.date(prefill.source.close.date),
          close: closeText(prefill.source.close),
          from: prefill.source.close.majorCurrency,
          to: prefill.source.close.priceCurrency,
          rate: format.number(prefill.source.close.rate, 6),
          rateDate: format.date(prefill.source.close.rateDate ?? prefill.source.close.date),
        })
    : prefill.unconverted
      ? t('prefill.noRate', {
          symbol: prefill.unconverted.symbol,
          date: format.date(prefill.unconverted.close.date),
          close: closeText(prefill.unconverted.close),
          from: prefill.unconverted.close.majorCurrency,
          to: prefill.unconverted.close.priceCurrency,
        })
      : null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fillNote, setFillNote] = useState<FillNote | null>(null);
  const fields = CLASS_FIELDS[holdingClass].filter((field) => isShown(field, values));
  const formId = `add-${holdingClass}`;

  const close = (next: boolean) => {
    if (!next) {
      setValues(initialValues(holdingClass, baseCurrency));
      prefill.reset();
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
    // Purchase, investment and opening dates, and a value's date, cannot be in the future; a
    // maturity can.
    return (
      <HoldingFieldControl
        field={field}
        control={props}
        value={values[field.name] ?? ''}
        onChange={(value) => {
          if (field.name === 'purchasePrice') prefill.typed();
          setValues((current) => ({ ...current, [field.name]: value }));
        }}
        pastOnly={!!field.required || !!field.today}
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
              description={fieldHint(
                t([`hints.byClass.${holdingClass}.${field.name}`, `hints.${field.name}`], {
                  defaultValue: '',
                }),
                field.name === 'purchasePrice' ? prefillNote : null,
              )}
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
