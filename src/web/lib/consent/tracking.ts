import type { ClientConfig, StoredConsent } from '@/contracts/consent-constants';
import { readClientConfig } from './client-config';
import {
  analyticsActive,
  analyticsAllowed,
  privacySignalSet,
  startAnalytics,
  stopAnalytics,
  trackEvent,
} from './analytics';
import { effectiveChoice, getConsent, subscribeConsent } from './consent-store';
import { cutStack } from './stack';

type ErrorReporting = {
  start(dsn: string): Promise<void>;
  stop(): Promise<void>;
};

/** The reporting code and the SDK are fetched only when reports are wanted. */
const sentryReporting: ErrorReporting = {
  start: async (dsn) => (await import('./error-reporting')).startErrorReporting(dsn),
  stop: async () => (await import('./error-reporting')).stopErrorReporting(),
};

/**
 * Starts or stops each service to match the choice: analytics and error reports run only with
 * consent (and analytics never under do-not-track / Global Privacy Control). Without consent, a
 * service that never started is never loaded; one that ran stops (no reload needed).
 */
export function applyConsent(
  consent: StoredConsent | null,
  config: ClientConfig | null,
  services: { errorReporting: ErrorReporting; privacySignal: boolean },
  wasOn: { analytics: boolean; errors: boolean },
) {
  const choice = effectiveChoice(consent);
  const analyticsId = config?.analyticsId ?? null;
  const analytics = analyticsAllowed({
    analyticsId,
    consented: choice.analytics,
    privacySignal: services.privacySignal,
  });
  if (analytics && analyticsId) startAnalytics(analyticsId);
  // Refusing (or withdrawing) clears the analytics cookies even if they came from elsewhere.
  else if (wasOn.analytics || consent !== null) stopAnalytics(analyticsId);

  const dsn = config?.errorReportingDsn ?? null;
  const errors = dsn !== null && choice.errorMonitoring;
  if (errors) void services.errorReporting.start(dsn).catch(() => undefined);
  else if (wasOn.errors) void services.errorReporting.stop().catch(() => undefined);
  return { analytics, errors };
}

let started = false;

/**
 * Called once by each entry at boot: applies the stored choice, then every change of it. With
 * analytics on, uncaught errors are also counted there (message and stack cut to 500 characters).
 */
export function startTracking(
  config: ClientConfig | null = readClientConfig(),
  errorReporting: ErrorReporting = sentryReporting,
) {
  if (started || config === null) return;
  started = true;
  const services = { errorReporting, privacySignal: privacySignalSet() };
  let state = applyConsent(getConsent(), config, services, { analytics: false, errors: false });
  subscribeConsent((consent) => {
    state = applyConsent(consent, config, services, state);
  });
  window.addEventListener('error', (event) => {
    if (!analyticsActive()) return;
    const error: unknown = event.error;
    const text =
      error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(event.message);
    trackEvent('exception', { description: cutStack(text), fatal: false });
  });
}
