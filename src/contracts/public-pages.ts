/**
 * The public pages a signed-out visitor can read, shared by the web router, the sitemap and the
 * admin SEO tools. `aliases` answer with the same page and name `path` as canonical.
 */
export type PublicPage = {
  path: string;
  /** The i18n key prefix of the page's title and description, in the `seo` namespace. */
  seoKey: 'landing' | 'privacy' | 'terms' | 'cookies';
  aliases: readonly string[];
  changefreq: 'weekly' | 'monthly' | 'yearly';
  priority: number;
};

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', seoKey: 'landing', aliases: [], changefreq: 'weekly', priority: 1 },
  {
    path: '/privacy',
    seoKey: 'privacy',
    aliases: ['/privacy-policy'],
    changefreq: 'yearly',
    priority: 0.3,
  },
  {
    path: '/terms',
    seoKey: 'terms',
    aliases: ['/terms-of-service'],
    changefreq: 'yearly',
    priority: 0.3,
  },
  { path: '/cookies', seoKey: 'cookies', aliases: [], changefreq: 'yearly', priority: 0.3 },
];

/** The query parameter that forces a language on a public page (used by hreflang alternates). */
export const LANGUAGE_QUERY_PARAM = 'lang';
