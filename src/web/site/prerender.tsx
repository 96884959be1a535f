import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@/contracts/i18n';
import { i18n } from '@/web/lib/i18n';
import enCommon from '@/web/locales/en/common.json';
import enErrors from '@/web/locales/en/errors.json';
import enLanding from '@/web/locales/en/landing.json';
import enSeo from '@/web/locales/en/seo.json';
import frCommon from '@/web/locales/fr/common.json';
import frErrors from '@/web/locales/fr/errors.json';
import frLanding from '@/web/locales/fr/landing.json';
import frSeo from '@/web/locales/fr/seo.json';
import { SiteApp } from './site-app';

/**
 * Build-time rendering of the landing page, in each language (run by scripts/build-server.mjs
 * through Vite's SSR build). The server puts the markup for the visitor's language inside
 * #root, so the first paint needs no JavaScript; the site entry then hydrates it. Only the
 * landing page is prerendered: it is the page most visitors arrive on.
 */
export async function prerenderLanding(): Promise<Record<Language, string>> {
  await i18n.use(initReactI18next).init({
    resources: {
      en: { common: enCommon, errors: enErrors, seo: enSeo, landing: enLanding },
      fr: { common: frCommon, errors: frErrors, seo: frSeo, landing: frLanding },
    },
    lng: 'en',
    supportedLngs: [...LANGUAGES],
    fallbackLng: 'en',
    ns: ['common', 'errors', 'seo', 'landing'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const rendered = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    await i18n.changeLanguage(language);
    rendered[language] = renderToString(
      <StrictMode>
        <SiteApp pathname="/" />
      </StrictMode>,
    );
  }
  return rendered;
}
