import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';
import { ReadOnlyTooltip, useReadOnly } from './read-only';

/**
 * A native select, styled like Input (the platform's own picker on phones, the keyboard and
 * assistive tech treat it as the real thing). `className` lands on the wrapper; tie a
 * <Label htmlFor> to its id. `change`: choosing changes something at once (a status), so while
 * changes are off (offline) it shows as disabled, takes no choice, and says why on hover and focus.
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
  const classes = cn(
    'h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-card py-1 pr-8 pl-3 text-base text-foreground shadow-xs outline-none transition-[color,box-shadow,border-color] sm:text-sm',
    'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/35',
    'disabled:cursor-not-allowed disabled:opacity-50',
    blocked && 'cursor-not-allowed opacity-50',
  );
  // While changes are off the select stays focusable (a keyboard user reaches it and hears why,
  // from the tooltip its focus opens) but takes no choice: no picker, no arrow keys, no change.
  const select = blocked ? (
    <ReadOnlyTooltip>
      <select
        className={classes}
        disabled={disabled}
        {...props}
        aria-disabled="true"
        onChange={() => undefined}
        onMouseDown={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          if (event.key !== 'Tab') event.preventDefault();
        }}
      >
        {children}
      </select>
    </ReadOnlyTooltip>
  ) : (
    <select className={classes} disabled={disabled} {...props}>
      {children}
    </select>
  );
  return (
    <span
      data-slot="native-select"
      data-read-only={blocked ? '' : undefined}
      className={cn('relative inline-flex', blocked && 'cursor-not-allowed', className)}
    >
      {select}
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </span>
  );
}
