/** A public page's first HTML as the server writes it (see server/features/seo/seo-head.ts). */
export function seoHtml({
  origin,
  path,
  lang,
  title = 'Cairn: every asset you own, in one calm place',
  description = 'Track stocks, crypto, real estate, crowdfunding and savings in one calm, private place.',
}: {
  origin: string;
  path: string;
  lang: 'en' | 'fr';
  title?: string;
  description?: string;
}) {
  const url = (language: string | null) => `${origin}${path}${language ? `?lang=${language}` : ''}`;
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <title>${title}</title>
    <meta name="description" content="${description}" />
    <link rel="canonical" href="${url(lang)}" />
    <link rel="alternate" hreflang="en" href="${url('en')}" />
    <link rel="alternate" hreflang="fr" href="${url('fr')}" />
    <link rel="alternate" hreflang="x-default" href="${url(null)}" />
    <meta property="og:title" content="${title}" />
    <meta property="og:description" content="${description}" />
    <meta property="og:locale" content="${lang === 'fr' ? 'fr_FR' : 'en_US'}" />
    <meta property="og:url" content="${url(lang)}" />
    <meta property="og:image" content="${origin}/og-image.png" />
  </head>
  <body><div id="root"></div></body>
</html>`;
}

export function sitemapXml(origin: string, paths: string[]) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.flatMap((path) => ['en', 'fr'].map((lang) => `  <url><loc>${origin}${path}?lang=${lang}</loc></url>`)).join('\n')}
</urlset>`;
}
