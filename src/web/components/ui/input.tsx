import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * A text field. 16 px text under 640 px (phones do not zoom in on focus), 14 px above. Marks
 * itself invalid from `aria-invalid`, so the field and its message stay in step.
 */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-9 w-full min-w-0 rounded-md border border-input bg-card px-3 py-1 text-base text-foreground shadow-xs outline-none transition-[color,box-shadow,border-color] placeholder:text-muted-foreground sm:text-sm',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/35',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
        'read-only:bg-muted/60 read-only:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
