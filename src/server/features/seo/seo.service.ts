import { LANGUAGES } from '@/contracts/i18n';
import { LANGUAGE_QUERY_PARAM, PUBLIC_PAGES } from '@/contracts/public-pages';

/** The URL of a public page in one language (or the language-neutral one when lang is null). */
export function pageUrl(origin: string, pagePath: string, lang: string | null): string {
  const url = new URL(pagePath, origin);
  if (lang) url.searchParams.set(LANGUAGE_QUERY_PARAM, lang);
  return url.toString();
}

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** sitemap.xml: every public page in every language, each listing its alternates (hreflang). */
export function buildSitemap(origin: string): string {
  const entries = PUBLIC_PAGES.flatMap((page) => {
    const alternates = [
      ...LANGUAGES.map((lang) => ({ hreflang: lang, href: pageUrl(origin, page.path, lang) })),
      { hreflang: 'x-default', href: pageUrl(origin, page.path, null) },
    ];
    const links = alternates
      .map(
        (alt) =>
          `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`,
      )
      .join('\n');
    return LANGUAGES.map(
      (lang) =>
        `  <url>\n    <loc>${escapeXml(pageUrl(origin, page.path, lang))}</loc>\n${links}\n` +
        `    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority.toFixed(1)}</priority>\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: public pages open to crawlers, the API and signed-in areas not. */
export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin/',
    'Disallow: /settings/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).toString()}`,
    '',
  ].join('\n');
}
