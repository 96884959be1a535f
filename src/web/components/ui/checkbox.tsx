import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type'>;

/**
 * A native checkbox, restyled (form libraries, autofill and assistive tech treat it as the real
 * thing). `className` lands on the wrapper; tie a <Label htmlFor> to its id.
 */
export function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <span data-slot="checkbox" className={cn('relative inline-flex size-4 shrink-0', className)}>
      <input
        type="checkbox"
        className={cn(
          'peer size-4 shrink-0 cursor-pointer appearance-none rounded-[4px] border border-input bg-card shadow-xs outline-none transition-colors',
          'checked:border-primary checked:bg-primary',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/35',
          'aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50',
        )}
        {...props}
      />
      <Check
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute inset-0 m-auto size-3 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
    </span>
  );
}
