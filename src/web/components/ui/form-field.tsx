import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { validationMessageId } from '@/contracts/validation-messages';
import { cn } from '@/web/lib/cn';
import { Label } from './label';

/** What a field's control spreads onto itself so the label, hint and error reach assistive tech. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** The error, already translated (see useValidationText). */
  error?: string | null;
  /** A hint under the control. */
  description?: ReactNode;
  /** Right of the label (a "Forgot password?" link, an "Optional" mark). */
  labelAside?: ReactNode;
  /** Between the control and the hint (a strength meter). */
  below?: ReactNode;
  className?: string;
  /**
   * In a two-column form grid: the field's label, control and notes take a row each of the
   * form's grid (subgrid), so side-by-side labels and controls line up whatever wraps or hints.
   */
  aligned?: boolean;
  children: (control: FieldControlProps) => ReactNode;
};

/** A label, a control, an optional hint and its error, tied together with ids. */
export function FormField({
  id,
  label,
  error,
  description,
  labelAside,
  below,
  className,
  aligned = false,
  children,
}: FormFieldProps) {
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy =
    [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;
  const notes = (
    <>
      {below}
      {description ? (
        <p id={descriptionId} className="text-[13px] text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
  return (
    <div
      data-slot="form-field"
      className={cn(
        'grid content-start gap-1.5',
        // Spaced by padding, not gaps: a field without notes adds no space under its control.
        aligned && 'sm:row-span-3 sm:grid-rows-subgrid sm:gap-y-0',
        className,
      )}
    >
      <div
        className={cn(
          'flex min-h-4 items-center justify-between gap-2',
          // Under a shorter neighbour's label, the label sits on the control.
          aligned && 'sm:items-end sm:pb-1.5',
        )}
      >
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {aligned ? (
        <div className="grid content-start gap-1.5 max-sm:empty:hidden sm:pt-1.5 sm:empty:pt-0">
          {notes}
        </div>
      ) : (
        notes
      )}
    </div>
  );
}

/**
 * Translates a validation message of the contract (the English text zod schemas carry) through
 * the `validation` namespace; other texts become the generic 'not valid' message.
 */
export function useValidationText() {
  const { t } = useTranslation(['validation', 'errors']);
  return useCallback(
    (message: string | undefined | null): string | undefined => {
      if (!message) return undefined;
      const id = validationMessageId(message);
      return id ? t(`validation:${id}`) : t('errors:VALIDATION_ERROR');
    },
    [t],
  );
}

/**
 * Focuses the first control, in the form's visual (DOM) order, whose name has an error. Use it as
 * react-hook-form's `onInvalid` when fields register in another order than they show.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, unknown>) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && name in errors && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}
