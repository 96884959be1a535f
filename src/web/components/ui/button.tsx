import type { VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/web/lib/cn';
import { buttonVariants } from './button-variants';
import { ReadOnlyTooltip, useReadOnly } from './read-only';

export { buttonVariants };

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link) with button styles. */
    asChild?: boolean;
    /**
     * It changes something (saves, adds, deletes, or opens the form that does): while changes are
     * off (offline) it shows as disabled, stays focusable and says why, and does nothing.
     */
    change?: boolean;
  };

/** Stops a click on a control that cannot act now (a link, a submit button, a menu's trigger). */
const refuse = (event: MouseEvent) => event.preventDefault();

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  change = false,
  ...props
}: ButtonProps) {
  const readOnly = useReadOnly();
  const Component = asChild ? Slot.Root : 'button';
  if (change && readOnly !== null) {
    // What would act (a trigger's pointer-down, a click, Enter on a menu's trigger) is left out.
    const { onClick: _click, onPointerDown: _down, onKeyDown: _key, ...rest } = props;
    return (
      <ReadOnlyTooltip>
        <Component
          data-slot="button"
          data-read-only=""
          className={cn(
            buttonVariants({ variant, size }),
            'cursor-not-allowed opacity-50',
            className,
          )}
          {...(asChild ? {} : { type: type ?? 'button' })}
          {...rest}
          aria-disabled="true"
          onClick={refuse}
        />
      </ReadOnlyTooltip>
    );
  }
  return (
    <Component
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
