import { type Language, LANGUAGES } from '@/contracts/i18n';
import { LANGUAGE_QUERY_PARAM, PUBLIC_PAGES, type PublicPage } from '@/contracts/public-pages';

/** Search-result limits the SEO tools check against. */
export const SEO_LIMITS = { titleMax: 60, descriptionMin: 50, descriptionMax: 160 } as const;

export type SeoField =
  | 'title'
  | 'description'
  | 'canonical'
  | 'hreflang'
  | 'ogTitle'
  | 'ogDescription'
  | 'ogImage'
  | 'ogUrl'
  | 'ogLocale'
  | 'lang';

export type SeoHead = {
  title: string | null;
  description: string | null;
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  ogUrl: string | null;
  ogLocale: string | null;
  lang: string | null;
};

export type SeoIssue =
  | { code: 'fetchFailed'; status: number }
  | { code: 'missing'; field: SeoField }
  | { code: 'missingAlternate'; hreflang: string }
  | { code: 'titleTooLong'; length: number }
  | { code: 'descriptionTooLong'; length: number }
  | { code: 'descriptionTooShort'; length: number }
  | { code: 'canonicalNotAbsolute'; href: string }
  | { code: 'canonicalOtherOrigin'; href: string }
  | { code: 'canonicalWrongPage'; href: string; expected: string }
  | { code: 'ogImageNotAbsolute'; href: string }
  | { code: 'langMismatch'; actual: string; expected: string }
  | { code: 'ogLocaleMismatch'; actual: string; expected: string };

export type SeoPageReport = {
  /** The path fetched (an alias or the page's own path). */
  path: string;
  /** The page's canonical path (differs from `path` for aliases). */
  pagePath: string;
  language: Language;
  url: string;
  status: number;
  head: SeoHead | null;
  issues: SeoIssue[];
};

export type SeoReport = {
  pages: SeoPageReport[];
  robots: { status: number; text: string | null };
  sitemap: { status: number; text: string | null; urls: string[]; missingPages: string[] };
};

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Reads what search engines and link previews read in a page's first HTML. */
export function parseHead(html: string): SeoHead {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const meta = (selector: string) => text(doc.querySelector(selector)?.getAttribute('content'));
  return {
    title: text(doc.querySelector('title')?.textContent),
    description: meta('meta[name="description"]'),
    canonical: text(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')),
    alternates: Array.from(doc.querySelectorAll('link[rel="alternate"][hreflang]')).map((link) => ({
      hreflang: link.getAttribute('hreflang') ?? '',
      href: link.getAttribute('href') ?? '',
    })),
    ogTitle: meta('meta[property="og:title"]'),
    ogDescription: meta('meta[property="og:description"]'),
    ogImage: meta('meta[property="og:image"]'),
    ogUrl: meta('meta[property="og:url"]'),
    ogLocale: meta('meta[property="og:locale"]'),
    lang: text(doc.documentElement.getAttribute('lang')),
  };
}

function absoluteUrl(href: string): URL | null {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const primaryTag = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';

/** The problems of one page's head (empty when it is fine). */
export function checkHead(
  head: SeoHead,
  { origin, pagePath, language }: { origin: string; pagePath: string; language: Language },
): SeoIssue[] {
  const issues: SeoIssue[] = [];
  const required: [SeoField, string | null][] = [
    ['title', head.title],
    ['description', head.description],
    ['canonical', head.canonical],
    ['ogTitle', head.ogTitle],
    ['ogDescription', head.ogDescription],
    ['ogImage', head.ogImage],
    ['ogUrl', head.ogUrl],
    ['ogLocale', head.ogLocale],
    ['lang', head.lang],
  ];
  for (const [field, value] of required) if (!value) issues.push({ code: 'missing', field });

  if (head.title && head.title.length > SEO_LIMITS.titleMax)
    issues.push({ code: 'titleTooLong', length: head.title.length });
  if (head.description && head.description.length > SEO_LIMITS.descriptionMax)
    issues.push({ code: 'descriptionTooLong', length: head.description.length });
  if (head.description && head.description.length < SEO_LIMITS.descriptionMin)
    issues.push({ code: 'descriptionTooShort', length: head.description.length });

  if (head.canonical) {
    const canonical = absoluteUrl(head.canonical);
    if (!canonical) issues.push({ code: 'canonicalNotAbsolute', href: head.canonical });
    else if (canonical.origin !== origin)
      issues.push({ code: 'canonicalOtherOrigin', href: head.canonical });
    else if (canonical.pathname !== pagePath)
      issues.push({ code: 'canonicalWrongPage', href: head.canonical, expected: pagePath });
  }

  for (const hreflang of [...LANGUAGES, 'x-default']) {
    if (!head.alternates.some((alternate) => alternate.hreflang === hreflang))
      issues.push({ code: 'missingAlternate', hreflang });
  }

  if (head.ogImage && !absoluteUrl(head.ogImage))
    issues.push({ code: 'ogImageNotAbsolute', href: head.ogImage });
  if (head.lang && primaryTag(head.lang) !== language)
    issues.push({ code: 'langMismatch', actual: head.lang, expected: language });
  if (head.ogLocale && primaryTag(head.ogLocale) !== language)
    issues.push({ code: 'ogLocaleMismatch', actual: head.ogLocale, expected: language });
  return issues;
}

/** The <loc> URLs of a sitemap, and the public pages it leaves out. */
export function readSitemap(xml: string, origin: string, pages: readonly PublicPage[]) {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const urls = Array.from(doc.getElementsByTagNameNS('*', 'loc'))
    .map((loc) => loc.textContent?.trim() ?? '')
    .filter(Boolean);
  const paths = new Set(
    urls.flatMap((href) => {
      const url = absoluteUrl(href);
      return url && url.origin === origin ? [url.pathname] : [];
    }),
  );
  return { urls, missingPages: pages.filter((page) => !paths.has(page.path)).map((p) => p.path) };
}

/** Every public path (aliases included) in every language. */
export function seoTargets(pages: readonly PublicPage[] = PUBLIC_PAGES) {
  return pages.flatMap((page) =>
    [page.path, ...page.aliases].flatMap((path) =>
      LANGUAGES.map((language) => ({ path, pagePath: page.path, language })),
    ),
  );
}

async function fetchText(url: string, accept: string) {
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept } });
    return { status: response.status, text: response.ok ? await response.text() : null };
  } catch {
    return { status: 0, text: null };
  }
}

/** Fetches every public page's first HTML, robots.txt and sitemap.xml, and checks them. */
export async function runSeoAudit(origin: string = window.location.origin): Promise<SeoReport> {
  const pagesPromise = Promise.all(
    seoTargets().map(async ({ path, pagePath, language }): Promise<SeoPageReport> => {
      const url = `${path}?${LANGUAGE_QUERY_PARAM}=${language}`;
      const { status, text: html } = await fetchText(url, 'text/html');
      if (html === null)
        return {
          path,
          pagePath,
          language,
          url,
          status,
          head: null,
          issues: [{ code: 'fetchFailed', status }],
        };
      const head = parseHead(html);
      return {
        path,
        pagePath,
        language,
        url,
        status,
        head,
        issues: checkHead(head, { origin, pagePath, language }),
      };
    }),
  );
  const [pages, robots, sitemap] = await Promise.all([
    pagesPromise,
    fetchText('/robots.txt', 'text/plain'),
    fetchText('/sitemap.xml', 'application/xml'),
  ]);
  const sitemapContent =
    sitemap.text === null
      ? { urls: [], missingPages: PUBLIC_PAGES.map((page) => page.path) }
      : readSitemap(sitemap.text, origin, PUBLIC_PAGES);
  return { pages, robots, sitemap: { ...sitemap, ...sitemapContent } };
}
