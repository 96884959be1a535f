import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});

/** Every namespace of both languages, loaded synchronously. */
export function allResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][namespace] = module.default;
  }
  return resources;
}

/** Tests render in English unless they switch with i18n.changeLanguage('fr'). */
export function initTestI18n() {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources: allResources(),
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return i18n;
}
