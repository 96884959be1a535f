import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '@/contracts/consent-constants';
import { hasOptionalServices, readClientConfig } from '@/web/lib/consent/client-config';
import {
  ACCEPT_ALL,
  type ConsentChoice,
  effectiveChoice,
  getConsent,
  needsChoice,
  onOpenConsentPreferences,
  REJECT_ALL,
  setConsent,
  subscribeConsent,
} from '@/web/lib/consent/consent-store';

/**
 * The banner and the panel, and their texts, load only when shown: a server without optional
 * services, or a visitor who already chose, fetches neither (the landing page's budget).
 */
const ConsentBanner = lazy(async () => ({
  default: (await import('./consent-banner')).ConsentBanner,
}));
const ConsentPreferences = lazy(async () => ({
  default: (await import('./consent-preferences')).ConsentPreferences,
}));

/** Renders its children once the consent texts are loaded (they load on first use). */
function WithTexts({ children }: { children: ReactNode }) {
  const { ready } = useTranslation('consent', { useSuspense: false });
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The stored choice, re-rendering on every change (banner, panel, account sync). */
export function useConsent() {
  return useSyncExternalStore(subscribeConsent, getConsent, () => null);
}

type ConsentManagerProps = {
  /** The server's optional services (read from the page when not given). */
  config?: ClientConfig | null;
  /** False while the account's stored choice may still arrive (no banner meanwhile). */
  canAsk?: boolean;
  /** Called after each choice made here (the app records it on the account). */
  onChoice?: (choice: ConsentChoice) => void;
  /** Open the panel at once (it was asked for before this code loaded). */
  initiallyOpen?: boolean;
};

/**
 * The banner (when this server offers optional services and no current choice exists) and the
 * preferences panel (from the banner, the footers' "Cookie preferences" and the settings). Both
 * entries render it once.
 */
export function ConsentManager({
  config,
  canAsk = true,
  onChoice,
  initiallyOpen = false,
}: ConsentManagerProps) {
  const [services] = useState(() => (config === undefined ? readClientConfig() : config));
  const consent = useConsent();
  const [open, setOpen] = useState(initiallyOpen);
  useEffect(() => onOpenConsentPreferences(() => setOpen(true)), []);

  const choose = (choice: ConsentChoice) => {
    setConsent(choice);
    setOpen(false);
    onChoice?.(choice);
  };
  const showBanner = canAsk && !open && hasOptionalServices(services) && needsChoice(consent);
  if (!showBanner && !open) return null;
  return (
    <WithTexts>
      {showBanner ? (
        <ConsentBanner
          onAcceptAll={() => choose(ACCEPT_ALL)}
          onRejectAll={() => choose(REJECT_ALL)}
          onChoose={() => setOpen(true)}
        />
      ) : null}
      {open ? (
        <ConsentPreferences
          initial={effectiveChoice(consent)}
          configured={{
            analytics: (services?.analyticsId ?? null) !== null,
            errorMonitoring: (services?.errorReportingDsn ?? null) !== null,
          }}
          onSave={choose}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </WithTexts>
  );
}
