import type { ComponentProps } from 'react';
import { cx } from '@/web/lib/cx';

/** A placeholder shaped like the content it stands for; used instead of spinners where layout is known. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cx('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
