import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '@/contracts/consent';
import type { Config } from '../config';

/**
 * The analytics id and error-reporting DSN the browser needs, in production only (spec 000:
 * analytics and error reports are production features); null when neither is set.
 */
export function clientConfigOf(config: Config): ClientConfig | null {
  if (config.env !== 'production') return null;
  if (config.analyticsId === null && config.errorReportingDsn === null) return null;
  return { analyticsId: config.analyticsId, errorReportingDsn: config.errorReportingDsn };
}

/**
 * Adds the client configuration to a served page as a JSON script element (data, not code: the
 * CSP's script-src does not apply to it). `<` is escaped so the JSON cannot close the element.
 */
export function injectClientConfig(html: string, clientConfig: ClientConfig | null): string {
  if (clientConfig === null) return html;
  const json = JSON.stringify(clientConfig).replace(/</g, '\\u003c');
  const element = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`;
  return html.replace('</head>', `${element}</head>`);
}

/** The GA4 hosts (Google's documented CSP for gtag.js). */
const ANALYTICS_SCRIPT = ['https://www.googletagmanager.com'];
const ANALYTICS_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const ANALYTICS_IMG = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/**
 * What the CSP must allow for the configured services (nothing when none is configured or
 * outside production). They load only after consent; the policy only permits them.
 */
export function trackingSources(config: Config) {
  const client = clientConfigOf(config);
  const sources = { script: [] as string[], connect: [] as string[], img: [] as string[] };
  if (client?.analyticsId) {
    sources.script.push(...ANALYTICS_SCRIPT);
    sources.connect.push(...ANALYTICS_CONNECT);
    sources.img.push(...ANALYTICS_IMG);
  }
  if (client?.errorReportingDsn) sources.connect.push(new URL(client.errorReportingDsn).origin);
  return sources;
}
