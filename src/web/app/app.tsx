import {
  onlineManager,
  type QueryClient,
  QueryClientProvider,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from '@/web/components/errors/app-error-boundary';
import { AppToaster } from '@/web/components/ui/toaster';
import { TooltipProvider } from '@/web/components/ui/tooltip';
import { useColorMode } from '@/web/lib/color-mode';
import { PwaNotices } from '@/web/features/pwa';
import { AppConsent } from '@/web/lib/consent/account-consent';
import { restoreKeptReads, restoreOfflineData, useOfflineData } from '@/web/lib/offline-cache';
import { createQueryClient } from '@/web/lib/query-client';
import { isOnline, onNetworkChange } from '@/web/lib/network';
import { sessionKeys, useAuthState, useSignedInUserId } from '@/web/lib/session';
import { createAppRouter } from './router';
import { useSessionExpiry } from './session-expiry';

/**
 * Offline, the app opens on the data of the signed-in user's last visit (offline-cache.ts), and
 * reads wait for the server instead of failing (TanStack Query assumes a network until told).
 */
function followNetwork(queryClient: QueryClient) {
  const online = isOnline();
  onlineManager.setOnline(online);
  if (!online && queryClient.getQueryData(sessionKeys.all) === undefined) {
    restoreOfflineData(queryClient);
  }
}

function startQueryClient() {
  const queryClient = createQueryClient();
  followNetwork(queryClient);
  // Offline, a page whose data the cache does not hold opens on its kept copy.
  restoreKeptReads(queryClient, () => !isOnline());
  return queryClient;
}

/** Keeps the signed-in user's last data for offline use; signed out, none is kept. */
function OfflineData() {
  const queryClient = useQueryClient();
  // Asks who is signed in when nothing else has yet; the answer is read from the cache below.
  useAuthState();
  useOfflineData(queryClient, useSignedInUserId(queryClient));
  return null;
}

export function App() {
  const [queryClient] = useState(startQueryClient);
  useEffect(() => onNetworkChange(() => followNetwork(queryClient)), [queryClient]);
  const [router] = useState(createAppRouter);
  const [colorMode] = useColorMode();
  useSessionExpiry(queryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={300}>
          <RouterProvider router={router} />
          <AppToaster theme={colorMode} />
          <PwaNotices />
          <AppConsent />
          <OfflineData />
        </TooltipProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
