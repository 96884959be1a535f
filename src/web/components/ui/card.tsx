import type { ComponentProps } from 'react';
import { cx } from '@/web/lib/cx';

export function Card({
  className,
  elevated = false,
  ...props
}: ComponentProps<'div'> & { elevated?: boolean }) {
  return (
    <div
      data-slot="card"
      className={cx(
        'rounded-xl border bg-card text-card-foreground',
        elevated ? 'shadow-xl shadow-foreground/5' : 'shadow-xs',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('flex flex-col gap-1.5 p-5 pb-3', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return (
    <h2
      className={cx('text-base leading-tight font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cx('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('p-5 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('flex items-center gap-2 p-5 pt-0', className)} {...props} />;
}
