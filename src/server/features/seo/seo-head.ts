import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { type Language, LANGUAGES } from '@/contracts/i18n';
import { PUBLIC_PAGES, type PublicPage } from '@/contracts/public-pages';
import { escapeHtml } from '../../platform/html';
import { pageUrl } from './seo.service';

const pageStrings = z.object({ title: z.string(), description: z.string() });
const languageStrings = z.object({
  siteName: z.string(),
  landing: pageStrings,
  privacy: pageStrings,
  terms: pageStrings,
  cookies: pageStrings,
  notFound: pageStrings,
});
const seoMetaSchema = z.object({ en: languageStrings, fr: languageStrings });
export type SeoStrings = z.infer<typeof seoMetaSchema>;

/** Reads dist/web/seo-meta.json, written by the build from the web's `seo` namespace. */
export async function loadSeoStrings(webRoot: string): Promise<SeoStrings | null> {
  try {
    return seoMetaSchema.parse(
      JSON.parse(await readFile(path.join(webRoot, 'seo-meta.json'), 'utf8')),
    );
  } catch {
    return null;
  }
}

const prerenderedSchema = z.object({ landing: z.object({ en: z.string(), fr: z.string() }) });
export type Prerendered = z.infer<typeof prerenderedSchema>;

/** Reads dist/web/prerendered.json (the landing page's HTML per language), written by the build. */
export async function loadPrerendered(webRoot: string): Promise<Prerendered | null> {
  try {
    return prerenderedSchema.parse(
      JSON.parse(await readFile(path.join(webRoot, 'prerendered.json'), 'utf8')),
    );
  } catch {
    return null;
  }
}

/** The public page a path shows (aliases included), or null for app paths. */
export function publicPageFor(pathname: string): PublicPage | null {
  return (
    PUBLIC_PAGES.find((page) => page.path === pathname || page.aliases.includes(pathname)) ?? null
  );
}

function replaceBetween(html: string, marker: string, content: string) {
  const start = `<!--${marker}-->`;
  const end = `<!--/${marker}-->`;
  const from = html.indexOf(start);
  const to = html.indexOf(end);
  if (from === -1 || to === -1) return html;
  return `${html.slice(0, from)}${start}\n${content}\n    ${html.slice(to)}`;
}

/**
 * The SPA's index.html with the head a crawler or a link preview needs: language, title,
 * description, canonical URL, hreflang alternates and Open Graph tags with absolute URLs.
 */
export function renderIndexHead(
  template: string,
  options: {
    origin: string;
    pathname: string;
    language: Language;
    /** The language the URL itself names (?lang=), if any: it stays in the canonical URL. */
    urlLanguage: Language | null;
    strings: SeoStrings;
    /** The landing page's markup, put inside #root so it paints before any script runs. */
    prerendered?: Prerendered | null;
    /** An address no page has (answered 404): its own title, and kept out of search engines. */
    notFound?: boolean;
  },
): string {
  const { origin, pathname, language, strings, notFound = false } = options;
  const page = notFound ? null : publicPageFor(pathname);
  const texts = strings[language];
  const meta = notFound ? texts.notFound : texts[page?.seoKey ?? 'landing'];
  // /privacy?lang=fr is canonical for itself; /privacy (language negotiated) is the x-default.
  const canonical = page ? pageUrl(origin, page.path, options.urlLanguage) : null;

  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    ...(notFound ? ['<meta name="robots" content="noindex" />'] : []),
    ...(page && canonical
      ? [
          `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
          ...LANGUAGES.map(
            (lang) =>
              `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(pageUrl(origin, page.path, lang))}" />`,
          ),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, page.path, null))}" />`,
        ]
      : []),
  ];
  const social = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(texts.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:locale" content="${language === 'fr' ? 'fr_FR' : 'en_US'}" />`,
    ...(canonical ? [`<meta property="og:url" content="${escapeHtml(canonical)}" />`] : []),
    `<meta property="og:image" content="${escapeHtml(new URL('/og-image.png', origin).toString())}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  const indent = (lines: string[]) => lines.map((line) => `    ${line}`).join('\n');

  let html = template.replace(/<html lang="[^"]*">/, `<html lang="${language}">`);
  html = replaceBetween(html, 'page-meta', indent(head));
  html = replaceBetween(html, 'social-meta', indent(social));
  if (language === 'fr') html = html.replace('href="/manifest.json"', 'href="/manifest-fr.json"');
  const body = page?.seoKey === 'landing' ? options.prerendered?.landing[language] : undefined;
  if (body) html = html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  return html;
}
