import i18n, { type Resource } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageFromTag,
  LANGUAGES,
} from '@/contracts/i18n';
import { LANGUAGE_QUERY_PARAM } from '@/contracts/public-pages';
import enCommon from '../locales/en/common.json';
import enSeo from '../locales/en/seo.json';
import frCommon from '../locales/fr/common.json';
import frSeo from '../locales/fr/seo.json';
import { writeCookie } from './cookies';
import { safeStorage, STORAGE_KEYS } from './storage';

/**
 * Namespaces bundled with both entries (small, needed on every page: the error cards must be
 * translatable even when loading another namespace failed). Every other namespace is a
 * separate chunk loaded when a page needs it; the app asks for the API error texts (`errors`) at
 * start, the public site only if it shows one (the landing page keeps its JavaScript budget).
 */
const BUNDLED: Resource = {
  en: { common: enCommon, seo: enSeo },
  fr: { common: frCommon, seo: frSeo },
};

/** What an entry loads at start besides the bundled namespaces. */
export type I18nStart = { namespaces?: readonly string[] };

const lazyNamespaces = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/common.json',
  '!../locales/*/seo.json',
]);

/** Content waits at most this long for its translations, then shows (spec 001, section 4). */
export const TRANSLATION_TIMEOUT_MS = 2_000;

type FailureListener = () => void;
const failures = new Set<string>();
const failureListeners = new Set<FailureListener>();

/** Namespaces that failed to load ("lng/ns"), for the Translation Loading Error card. */
export function translationFailures(): ReadonlySet<string> {
  return failures;
}

export function onTranslationFailure(listener: FailureListener) {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

function loadNamespace(language: string, namespace: string) {
  const load = lazyNamespaces[`../locales/${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`No translations for ${language}/${namespace}`));
  return load().then((module) => module.default);
}

/**
 * The starting language: ?lang= in the URL (an explicit choice, so it is saved), then the saved
 * choice, then the browser's languages (French for any fr-*, otherwise English).
 */
export function detectLanguage(
  search = window.location.search,
  saved = safeStorage.get(STORAGE_KEYS.language),
  browser: readonly string[] = navigator.languages,
): Language {
  const fromUrl = new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM);
  if (isLanguage(fromUrl)) return fromUrl;
  if (isLanguage(saved)) return saved;
  return browserLanguage(browser);
}

/** The browser's language: French for any fr-*, English otherwise (also the 'auto' preference). */
export function browserLanguage(browser: readonly string[] = navigator.languages): Language {
  const preferred = browser.find((tag) => /^(en|fr)\b/i.test(tag));
  return preferred ? languageFromTag(preferred) : DEFAULT_LANGUAGE;
}

function syncDocument(language: string) {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  document.documentElement.lang = lang;
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.href = lang === 'fr' ? '/manifest-fr.json' : '/manifest.json';
  writeCookie(LANGUAGE_COOKIE, lang, 365 * 24 * 60 * 60);
  safeStorage.set(STORAGE_KEYS.language, lang);
}

/** Records namespaces that fail to load so the Translation Loading Error card can show. */
export function trackTranslationFailures(instance: typeof i18n) {
  instance.on('failedLoading', (language: string, namespace: string) => {
    failures.add(`${language}/${namespace}`);
    for (const listener of failureListeners) listener();
  });
}

export function initI18n({ namespaces = [] }: I18nStart = {}) {
  trackTranslationFailures(i18n);
  i18n.on('languageChanged', syncDocument);

  void i18n
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({
      resources: BUNDLED,
      partialBundledLanguages: true,
      lng: detectLanguage(),
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      ns: ['common', 'seo', ...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false, bindI18n: 'languageChanged loaded' },
      returnNull: false,
    });
  return i18n;
}

/** The current language, reduced to one we support. */
export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
}

export function changeLanguage(language: Language) {
  return i18n.changeLanguage(language);
}

type ChoiceListener = (language: Language) => void;
const choiceListeners = new Set<ChoiceListener>();

/**
 * A language the user picked in a language menu: applied (and saved in this browser) at once;
 * listeners hear of it (signed in, the settings save it as the user's preference).
 */
export function chooseLanguage(language: Language) {
  const changed = changeLanguage(language);
  for (const listener of choiceListeners) listener(language);
  return changed;
}

export function onLanguageChosen(listener: ChoiceListener) {
  choiceListeners.add(listener);
  return () => {
    choiceListeners.delete(listener);
  };
}

/**
 * Resolves when the namespaces are loaded in the current language (and English, the fallback),
 * or after TRANSLATION_TIMEOUT_MS: content then shows with whatever text is there.
 */
export function ensureNamespaces(namespaces: string[]): Promise<void> {
  const loading = i18n.loadNamespaces(namespaces).catch(() => undefined);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, TRANSLATION_TIMEOUT_MS));
  return Promise.race([loading, timeout]).then(() => undefined);
}

export { i18n };
