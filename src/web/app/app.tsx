import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from '@/web/components/errors/app-error-boundary';
import { AppToaster } from '@/web/components/ui/toaster';
import { TooltipProvider } from '@/web/components/ui/tooltip';
import { useColorMode } from '@/web/lib/color-mode';
import { createQueryClient } from '@/web/lib/query-client';
import { createAppRouter } from './router';
import { useSessionExpiry } from './session-expiry';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const [colorMode] = useColorMode();
  useSessionExpiry(queryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={300}>
          <RouterProvider router={router} />
          <AppToaster theme={colorMode} />
        </TooltipProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
