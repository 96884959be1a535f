import { RefreshCw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { TableCell, TableContainer, TableRow } from '@/web/components/ui/table';
import { cn } from '@/web/lib/cn';

/**
 * A card holding a table: a toolbar (filters, bulk actions), the table scrolling inside the card
 * (sideways on phones, under a sticky header for long lists), then a footer (pagination).
 */
export function TableCard({
  label,
  toolbar,
  footer,
  busy = false,
  className,
  children,
}: {
  /** Names the scrolling region (it is focusable, so keyboards can scroll it). */
  label: string;
  toolbar?: ReactNode;
  footer?: ReactNode;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('min-w-0 overflow-hidden', className)}>
      {toolbar ? (
        <div className="flex flex-wrap items-end gap-2 border-b px-3 py-3 sm:px-4">{toolbar}</div>
      ) : null}
      <TableContainer
        role="region"
        aria-label={label}
        aria-busy={busy || undefined}
        tabIndex={0}
        className="focus-visible:outline-2 focus-visible:-outline-offset-2"
      >
        {children}
      </TableContainer>
      {footer ? <div className="border-t px-3 py-2 sm:px-4">{footer}</div> : null}
    </Card>
  );
}

/** Placeholder rows shaped like the table while it loads (no spinner). */
export function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <TableRow key={row} aria-hidden="true" className="hover:bg-transparent">
          {Array.from({ length: columns }, (_, column) => (
            <TableCell key={column}>
              <Skeleton className={cn('h-4', column === 0 ? 'w-40' : 'w-20')} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** A visually hidden 'Loading…' for assistive tech, next to skeleton rows. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <span role="status" className="sr-only">
      {label}
    </span>
  );
}

/** The one row of an empty table: what is (not) there and what to do about it. */
export function EmptyRow({
  colSpan,
  icon: Icon,
  title,
  description,
  action,
}: {
  colSpan: number;
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="py-10">
        <div className="mx-auto grid max-w-sm justify-items-center gap-1.5 text-center">
          <Icon className="mb-1 size-6 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium">{title}</p>
          {description ? <p className="text-[13px] text-muted-foreground">{description}</p> : null}
          {action}
        </div>
      </TableCell>
    </TableRow>
  );
}

/** A list could not load: say so, with a retry. */
export function LoadErrorRow({
  colSpan,
  onRetry,
  title,
}: {
  colSpan: number;
  onRetry: () => void;
  title?: string;
}) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="p-4">
        <LoadError onRetry={onRetry} title={title} />
      </TableCell>
    </TableRow>
  );
}

export function LoadError({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Alert role="alert" tone="error" title={title ?? t('common.loadFailed')}>
      <Button size="sm" variant="outline" className="mt-2" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
