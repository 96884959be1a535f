import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { GenericErrorCard } from '@/web/components/errors/error-card';
import { captureError } from '@/web/lib/error-capture';

/** A route failed to load or render: record it and offer to retry. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    captureError(error, { source: 'router' });
  }, [error]);
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <GenericErrorCard error={error} onRetry={() => window.location.reload()} />
    </div>
  );
}
