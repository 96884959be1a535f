import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useSyncExternalStore,
} from 'react';
import { SiteConsent } from '@/web/components/consent/site-consent';
import { AppErrorBoundary } from '@/web/components/errors/app-error-boundary';
import { TranslationErrorNotice } from '@/web/components/errors/translation-error-notice';
import { LandingPage } from '@/web/features/landing';
import { ensureNamespaces, i18n } from '@/web/lib/i18n';
import enLanding from '@/web/locales/en/landing.json';
import frLanding from '@/web/locales/fr/landing.json';
import { safeStorage, STORAGE_KEYS } from '@/web/lib/storage';
import { publicPageFor } from './site-pages';

/**
 * The public site (landing and legal pages) is its own small entry: no router, no query cache,
 * so the landing page loads as little JavaScript as possible. Links between public pages and to
 * the app are ordinary links (full page loads).
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, namespaces: string[]) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), ensureNamespaces(namespaces)]);
    return { default: pick(module) };
  });
}

/**
 * The landing page is most visitors' first page: its code and texts (both languages, about 4 KB
 * gzipped each) come with the entry, so it renders as soon as the entry runs instead of after a
 * second round trip. Call after i18n is initialised (boot).
 */
export function bundleLandingTexts() {
  i18n.addResourceBundle('en', 'landing', enLanding);
  i18n.addResourceBundle('fr', 'landing', frLanding);
}

const PAGES = {
  landing: LandingPage,
  privacy: page(
    () => import('@/web/features/legal/pages/legal-pages'),
    (m) => m.PrivacyPage,
    ['legal'],
  ),
  terms: page(
    () => import('@/web/features/legal/pages/legal-pages'),
    (m) => m.TermsPage,
    ['legal'],
  ),
  cookies: page(
    () => import('@/web/features/legal/pages/legal-pages'),
    (m) => m.CookiesPage,
    ['legal'],
  ),
} as const;

/**
 * A signed-in visitor of the landing page goes to the dashboard (spec 000, section 2). Only a
 * browser the app has seen signed in asks the server: anonymous visitors make no API call.
 */
function useRedirectWhenSignedIn(enabled: boolean) {
  useEffect(() => {
    if (!enabled || safeStorage.get(STORAGE_KEYS.signedIn) !== '1') return;
    const controller = new AbortController();
    // ?optional=1: signed out answers 200 null, not a 401 the console would show as an error.
    fetch('/api/v1/auth/session?optional=1', {
      credentials: 'same-origin',
      signal: controller.signal,
    })
      .then(async (response) => {
        const session: unknown = response.ok ? await response.json() : null;
        if (session) window.location.replace('/dashboard');
        else if (response.ok || response.status === 401) safeStorage.remove(STORAGE_KEYS.signedIn);
      })
      .catch(() => {
        // offline or aborted: stay on the landing page
      });
    return () => controller.abort();
  }, [enabled]);
}

const noSubscription = () => () => undefined;
const clientSide = () => true;
const serverSide = () => false;

/**
 * Renders its children only once the page is hydrated (never in the prerendered markup: false on
 * the server and while hydrating). The store lives in this leaf: the re-render it causes after
 * hydration is of the leaf alone (at the root, it re-rendered the whole page synchronously and
 * held the main thread: Lighthouse's mobile blocking time went from about 10 ms to over 100 ms).
 */
function AfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(noSubscription, clientSide, serverSide);
  return hydrated ? children : null;
}

/** The public page for `pathname` (the landing page for an unknown one). */
export function SiteApp({ pathname }: { pathname: string }) {
  const key = publicPageFor(pathname)?.seoKey ?? 'landing';
  useRedirectWhenSignedIn(key === 'landing');
  const Page = PAGES[key];
  return (
    <AppErrorBoundary>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
      <TranslationErrorNotice />
      {/* The consent banner is the browser's own (cookie, server config): it joins after. */}
      <AfterHydration>
        <SiteConsent />
      </AfterHydration>
    </AppErrorBoundary>
  );
}
