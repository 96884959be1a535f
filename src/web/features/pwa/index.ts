/** What the PWA feature offers the rest of the web app (its public entry). */
export { OfflineBanner } from './offline-banner';
export { PwaNotices } from './pwa-notices';
