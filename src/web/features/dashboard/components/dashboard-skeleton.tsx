import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';

function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <Skeleton className="h-5 w-40" />
      </CardHeader>
      <CardContent className="grid gap-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex items-center justify-between gap-3">
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/** The dashboard's final layout in grey while it loads (no spinner, nothing jumps). */
export function DashboardSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div
      className="grid grid-cols-[minmax(0,1fr)] gap-4"
      data-testid="dashboard-skeleton"
      aria-busy="true"
    >
      <p className="sr-only" role="status">
        {t('loading')}
      </p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)]">
        <Card>
          <CardContent className="grid gap-4 pt-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-9 w-56" />
            <Skeleton className="h-4 w-40" />
            <div className="grid grid-cols-2 gap-4 border-t pt-3">
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4 pt-5 sm:grid-cols-2">
            <div className="grid gap-2">
              <Skeleton className="h-3 w-32" />
              <Skeleton className="h-6 w-20" />
              <Skeleton className="h-8" />
            </div>
            <div className="grid gap-2">
              <Skeleton className="h-3 w-32" />
              <Skeleton className="h-6 w-20" />
              <Skeleton className="h-8" />
            </div>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader className="pb-3">
          <Skeleton className="h-5 w-48" />
        </CardHeader>
        <CardContent className="grid gap-3">
          <Skeleton className="h-8 w-80 max-w-full" />
          <Skeleton className="h-60 w-full" />
        </CardContent>
      </Card>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader className="pb-3">
            <Skeleton className="h-5 w-32" />
          </CardHeader>
          <CardContent className="grid items-center gap-4">
            <Skeleton className="mx-auto size-40 rounded-full" />
            <div className="grid gap-2">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-4" />
              ))}
            </div>
          </CardContent>
        </Card>
        <ListSkeleton />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <ListSkeleton />
        <ListSkeleton rows={3} />
      </div>
    </div>
  );
}
