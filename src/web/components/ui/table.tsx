import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * The scrolling frame of a dense table: it scrolls both ways inside its card (phones scroll
 * sideways, long lists scroll under the sticky header). Give it a label when it is focusable.
 */
export function TableContainer({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="table-container"
      className={cn('relative max-h-[min(70vh,48rem)] w-full overflow-auto', className)}
      {...props}
    />
  );
}

/** 13 px text, tabular figures where asked; put it in a TableContainer. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <table
      data-slot="table"
      className={cn('w-full border-separate border-spacing-0 text-[13px]', className)}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('sr-only', className)} {...props} />;
}

/** The header row stays visible while the body scrolls. */
export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead data-slot="table-header" className={cn('sticky top-0 z-10', className)} {...props} />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={className} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        'transition-colors hover:bg-muted/40 data-[state=selected]:bg-accent/50 [&:last-child>td]:border-b-0',
        className,
      )}
      {...props}
    />
  );
}

type CellProps = { numeric?: boolean };

export function TableHead({
  className,
  numeric = false,
  scope = 'col',
  ...props
}: ComponentProps<'th'> & CellProps) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        'h-9 border-b bg-card px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
        numeric && 'text-right',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({
  className,
  numeric = false,
  ...props
}: ComponentProps<'td'> & CellProps) {
  return (
    <td
      data-slot="table-cell"
      className={cn('border-b px-3 py-2 align-middle', numeric && 'text-right tabular', className)}
      {...props}
    />
  );
}
