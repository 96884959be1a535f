import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '@/contracts/consent-constants';

/**
 * The analytics id and error-reporting DSN the server put in the page (production only, when
 * configured: src/server/platform/client-config.ts); null otherwise.
 */
export function readClientConfig(doc: Document = document): ClientConfig | null {
  const element = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const value = JSON.parse(element.textContent) as Partial<ClientConfig> | null;
    const analyticsId =
      typeof value?.analyticsId === 'string' && /^G-[A-Z0-9]+$/.test(value.analyticsId)
        ? value.analyticsId
        : null;
    const errorReportingDsn =
      typeof value?.errorReportingDsn === 'string' && URL.canParse(value.errorReportingDsn)
        ? value.errorReportingDsn
        : null;
    if (analyticsId === null && errorReportingDsn === null) return null;
    return { analyticsId, errorReportingDsn };
  } catch {
    return null;
  }
}

/** True when this server offers something to consent to (analytics or error reports). */
export function hasOptionalServices(config: ClientConfig | null): boolean {
  return config !== null && (config.analyticsId !== null || config.errorReportingDsn !== null);
}
