import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';
import { AuthHeading } from './auth-layout';

/** An auth link that cannot be used: what went wrong (announced) and what to do next. */
export function LinkProblem({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <div role="alert">
        <AuthHeading tone="danger" icon={<AlertTriangle />} title={title} description={message} />
      </div>
      {children ? <div className="grid gap-2">{children}</div> : null}
    </div>
  );
}

/** The shape of an auth card while a link is being checked (a skeleton, not a spinner). */
export function ProcessingCard({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="grid gap-3">
      <span className="sr-only">{label}</span>
      <Skeleton className="size-10 rounded-full" />
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="mt-3 h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}
