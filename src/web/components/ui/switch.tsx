import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/web/lib/cn';
import { ReadOnlyTooltip, useReadOnly } from './read-only';

const refuse = (event: MouseEvent) => event.preventDefault();

/**
 * An on/off switch (role="switch"); tie a <Label htmlFor> to its id. `change`: turning it
 * changes something at once (saved as it flips), so while changes are off (offline) it shows as
 * disabled, stays focusable, says why and does not flip.
 */
export function Switch({
  className,
  change = false,
  ...props
}: ComponentProps<typeof SwitchPrimitive.Root> & { change?: boolean }) {
  const readOnly = useReadOnly();
  const blocked = change && readOnly !== null;
  const root = (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-transparent p-0.5 shadow-xs outline-none transition-colors',
        'focus-visible:ring-[3px] focus-visible:ring-ring/35',
        'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        'disabled:cursor-not-allowed disabled:opacity-50',
        blocked && 'cursor-not-allowed opacity-50',
        className,
      )}
      {...props}
      {...(blocked
        ? {
            'aria-disabled': true,
            'data-read-only': '',
            onClick: refuse,
            onCheckedChange: undefined,
          }
        : {})}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0" />
    </SwitchPrimitive.Root>
  );
  return blocked ? <ReadOnlyTooltip>{root}</ReadOnlyTooltip> : root;
}
