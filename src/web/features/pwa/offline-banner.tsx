import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/web/lib/network';

/** A read a page shows that has no data and waits for the network (nothing was kept of it). */
const waitsForNetwork = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .some(
      (query) =>
        query.state.data === undefined &&
        query.state.fetchStatus === 'paused' &&
        query.getObserversCount() > 0,
    );

/** Whether part of the page waits for the network, kept in step with the query cache. */
function useWaitingReads(enabled: boolean) {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(
    subscribe,
    () => enabled && waitsForNetwork(queryClient),
    () => false,
  );
}

/**
 * Under the header while the server is out of reach: the app shows the data of the last visit,
 * read-only (writes are refused before they leave: api-client.ts).
 */
export function OfflineBanner() {
  const online = useOnline();
  // Bundled texts (common): a namespace loaded on demand could not load without a network.
  const { t } = useTranslation('common');
  const missing = useWaitingReads(!online);
  if (online) return null;
  return (
    <section
      role="status"
      data-testid="offline-banner"
      className="sticky top-14 z-20 flex items-start gap-2 border-b border-warning/40 bg-warning/15 px-3 py-2 text-sm text-foreground sm:px-4"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0">
        <span className="font-semibold">{t('offline')}</span>{' '}
        <span className="text-muted-foreground">{t('offlineDetail')}</span>
        {missing ? (
          <span className="mt-0.5 block text-muted-foreground" data-testid="offline-missing">
            {t('offlineMissing')}
          </span>
        ) : null}
      </p>
    </section>
  );
}
