import type { ComponentProps } from 'react';
import { cx } from '@/web/lib/cx';

/**
 * An on/off switch on a native button (role="switch"), for the public site where Radix stays out
 * of the bundle; it looks like the app's Switch.
 */
export function ConsentSwitch({
  checked,
  onCheckedChange,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'onChange' | 'role' | 'type'> & {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange?.(!checked)}
      className={cx(
        'inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-transparent p-0.5 shadow-xs outline-none transition-colors',
        'focus-visible:ring-[3px] focus-visible:ring-ring/35',
        checked ? 'bg-primary' : 'bg-input',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cx(
          'pointer-events-none block size-4 rounded-full bg-background shadow-sm transition-transform',
          checked ? 'translate-x-4' : 'translate-x-0',
        )}
      />
    </button>
  );
}
