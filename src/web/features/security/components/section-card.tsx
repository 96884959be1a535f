import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardDescription } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';

/** One settings section: a heading, a line of explanation, an optional action, then content. */
export function SectionCard({
  id,
  title,
  description,
  aside,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={`${id}-title`}>
        <div className="flex flex-wrap items-start justify-between gap-3 border-b px-5 py-4">
          <div className="grid min-w-0 gap-1">
            <h2 id={`${id}-title`} className="text-[15px] leading-tight font-semibold">
              {title}
            </h2>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </div>
          {aside}
        </div>
        <div className="px-5 py-4 text-sm">{children}</div>
      </section>
    </Card>
  );
}

/** Rows of placeholders while a list loads. */
export function ListSkeleton({ rows = 2 }: { rows?: number }) {
  return (
    <div className="grid gap-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3">
          <Skeleton className="size-8 rounded-md" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A section's data could not load. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('security');
  return (
    <Alert role="alert" tone="error" title={t('loadFailed')}>
      <Button size="sm" variant="outline" className="mt-2" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        {t('retry')}
      </Button>
    </Alert>
  );
}
