import { lazy, Suspense, useEffect, useState } from 'react';
import { readClientConfig } from '@/web/lib/consent/client-config';
import { onOpenConsentPreferences } from '@/web/lib/consent/consent-events';

const ConsentManager = lazy(async () => ({
  default: (await import('./consent-manager')).ConsentManager,
}));

/**
 * The public site's consent: its code loads when this server offers optional services (the
 * banner may ask) or when "Cookie preferences" is clicked; otherwise the landing page fetches none.
 */
export function SiteConsent() {
  const [wanted, setWanted] = useState(() => readClientConfig() !== null);
  const [openFirst, setOpenFirst] = useState(false);
  useEffect(
    () =>
      onOpenConsentPreferences(() => {
        setWanted(true);
        setOpenFirst(true);
      }),
    [],
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConsentManager initiallyOpen={openFirst} />
    </Suspense>
  );
}
