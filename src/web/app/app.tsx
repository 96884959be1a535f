import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { AppErrorBoundary } from '@/web/components/errors/app-error-boundary';
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
          {/* Above the corner where the Admin tools button floats. */}
          <Toaster
            position="bottom-right"
            theme={colorMode}
            closeButton
            offset={{ right: 16, bottom: 72 }}
            mobileOffset={{ right: 16, left: 16, bottom: 72 }}
          />
        </TooltipProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
