import '@fontsource-variable/inter/wght.css';
import '../styles/index.css';
import { initColorMode } from './color-mode';
import { readClientConfig } from './consent/client-config';
import { installErrorCapture } from './error-capture';
import { type I18nStart, initI18n } from './i18n';

/** What both entries (public site and app) do before rendering; returns the root element. */
export function boot(i18nStart: I18nStart = {}): HTMLElement {
  installErrorCapture();
  // Analytics and error reports, when this server offers them: only what the visitor consented
  // to (nothing before a choice). Their code loads only then.
  const services = readClientConfig();
  if (services) void import('./consent/tracking').then((m) => m.startTracking(services));
  initColorMode();
  initI18n(i18nStart);
  const container = document.getElementById('root');
  if (!container) throw new Error('Failed to find the root element');
  return container;
}
