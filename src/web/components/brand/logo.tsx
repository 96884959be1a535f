import type { ComponentProps } from 'react';
import { cx } from '@/web/lib/cx';

/** The Cairn mark: four balanced stones. Decorative; pair it with the name for meaning. */
export function LogoMark({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cx('size-7', className)}
      {...props}
    >
      <ellipse cx="16" cy="25.5" rx="11.5" ry="4.5" className="fill-primary" />
      <ellipse cx="15.2" cy="17.6" rx="8.4" ry="3.7" className="fill-primary" opacity="0.82" />
      <ellipse cx="16.6" cy="10.6" rx="5.6" ry="3.1" className="fill-primary" opacity="0.64" />
      <ellipse cx="15.8" cy="4.9" rx="3" ry="2.1" className="fill-primary" opacity="0.48" />
    </svg>
  );
}

export function Logo({ className, label }: { className?: string; label: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-2 text-[17px] font-semibold tracking-tight',
        className,
      )}
    >
      <LogoMark />
      <span>{label}</span>
    </span>
  );
}
