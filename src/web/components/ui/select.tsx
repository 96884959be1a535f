import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';
import { ReadOnlyTooltip, useReadOnly } from './read-only';

/**
 * A native select, styled like Input (the platform's own picker on phones, the keyboard and
 * assistive tech treat it as the real thing). `className` lands on the wrapper; tie a
 * <Label htmlFor> to its id. `change`: choosing changes something at once (a status), so while
 * changes are off (offline) it is disabled and its wrapper says why.
 */
export function NativeSelect({
  className,
  children,
  change = false,
  disabled,
  ...props
}: ComponentProps<'select'> & { change?: boolean }) {
  const readOnly = useReadOnly();
  const blocked = change && readOnly !== null;
  const select = (
    <span
      data-slot="native-select"
      data-read-only={blocked ? '' : undefined}
      className={cn('relative inline-flex', blocked && 'cursor-not-allowed', className)}
    >
      <select
        className={cn(
          'h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-card py-1 pr-8 pl-3 text-base text-foreground shadow-xs outline-none transition-[color,box-shadow,border-color] sm:text-sm',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/35',
          'disabled:cursor-not-allowed disabled:opacity-50',
          // The wrapper takes the pointer, for the reason's tooltip.
          blocked && 'pointer-events-none',
        )}
        disabled={disabled || blocked}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </span>
  );
  return blocked ? <ReadOnlyTooltip>{select}</ReadOnlyTooltip> : select;
}
