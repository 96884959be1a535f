import { useEffect } from 'react';
import { isLanguage, LANGUAGES } from '@/contracts/i18n';
import { LANGUAGE_QUERY_PARAM } from '@/contracts/public-pages';
import { currentLanguage } from './i18n';

export type PageMeta = {
  title: string;
  description: string;
  /** The canonical path of the page (aliases name their main path). */
  path?: string;
};

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setLink(rel: string, href: string, hreflang?: string) {
  const selector = hreflang
    ? `link[rel="${rel}"][hreflang="${hreflang}"]`
    : `link[rel="${rel}"]:not([hreflang])`;
  let element = document.head.querySelector<HTMLLinkElement>(selector);
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    if (hreflang) element.hreflang = hreflang;
    document.head.append(element);
  }
  element.href = href;
}

/**
 * Keeps <title>, the description, Open Graph tags, the canonical link and hreflang alternates in
 * step with the page and the language. (The server writes the same tags into the first HTML it
 * sends, for crawlers and link previews.)
 */
export function usePageMeta({ title, description, path }: PageMeta) {
  useEffect(() => {
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    if (path === undefined) return;
    const origin = window.location.origin;
    const urlFor = (lang: string | null) => {
      const url = new URL(path, origin);
      if (lang) url.searchParams.set(LANGUAGE_QUERY_PARAM, lang);
      return url.toString();
    };
    // /privacy?lang=fr is canonical for itself; /privacy (language negotiated) is the x-default.
    const urlLanguage = new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAM);
    const canonical = urlFor(isLanguage(urlLanguage) ? urlLanguage : null);
    setLink('canonical', canonical);
    setMeta('property', 'og:url', canonical);
    setMeta('property', 'og:locale', currentLanguage() === 'fr' ? 'fr_FR' : 'en_US');
    for (const lang of LANGUAGES) setLink('alternate', urlFor(lang), lang);
    setLink('alternate', urlFor(null), 'x-default');
  }, [title, description, path]);
}
