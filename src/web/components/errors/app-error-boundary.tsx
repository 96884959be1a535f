import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { captureError } from '@/web/lib/error-capture';
import { GenericErrorCard } from './error-card';

/** Catches render errors below it, records them locally, and shows 'Something went wrong'. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      onError={(error, info) =>
        captureError(error, { source: 'react', componentStack: info.componentStack ?? null })
      }
      fallbackRender={({ error, resetErrorBoundary }) => (
        <div className="flex min-h-[60vh] items-center justify-center p-6">
          <GenericErrorCard error={error} onRetry={resetErrorBoundary} />
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
