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

/** The options of the test set-up's last `init` (another init replaces them). */
let testOptions: unknown;

/**
 * Tests render in English unless they switch with i18n.changeLanguage('fr'). Test files share a
 * worker's modules (the web project does not isolate them), so each file starts here again: in
 * English, with every namespace, even when the file before it switched language or started the
 * app's own lazily loading i18n (lib/boot.test.ts does).
 */
export function initTestI18n() {
  if (i18n.isInitialized && i18n.options === testOptions) {
    if (i18n.language !== 'en') void i18n.changeLanguage('en');
    return i18n;
  }
  i18n.use(initReactI18next);
  void i18n.init({
    resources: allResources(),
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  testOptions = i18n.options;
  return i18n;
}
