import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../start';
import { languageFromAcceptLanguage, requestLanguage } from '../../platform/language';
import {
  loadPrerendered,
  loadSeoStrings,
  publicPageFor,
  renderIndexHead,
  type SeoStrings,
} from './seo-head';

// The web's real `seo` namespace, as the build copies it into dist/web/seo-meta.json.
let strings: SeoStrings;
let enSeo: SeoStrings['en'];
let frSeo: SeoStrings['fr'];
beforeAll(async () => {
  const read = async (lang: string) =>
    JSON.parse(
      await readFile(path.join(PROJECT_ROOT, `src/web/locales/${lang}/seo.json`), 'utf8'),
    ) as unknown;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-seo-'));
  await writeFile(
    path.join(dir, 'seo-meta.json'),
    JSON.stringify({ en: await read('en'), fr: await read('fr') }),
  );
  const loaded = await loadSeoStrings(dir);
  await rm(dir, { recursive: true, force: true });
  if (!loaded) throw new Error('the seo namespace does not match what the server expects');
  strings = loaded;
  enSeo = loaded.en;
  frSeo = loaded.fr;
});
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <!--page-meta-->
    <title>Old</title>
    <!--/page-meta-->
    <link rel="manifest" href="/manifest.json" />
    <!--social-meta-->
    <meta property="og:title" content="Old" />
    <!--/social-meta-->
  </head>
  <body><div id="root"></div></body>
</html>`;

const render = (
  pathname: string,
  language: 'en' | 'fr',
  urlLanguage: 'en' | 'fr' | null = language,
) =>
  renderIndexHead(TEMPLATE, {
    origin: 'https://cairn.example.com',
    pathname,
    language,
    urlLanguage,
    strings,
  });

describe('the prerendered landing page', () => {
  const prerendered = {
    landing: { en: '<main><h1>Every asset</h1></main>', fr: '<main><h1>Tout</h1></main>' },
  };
  const withBody = (pathname: string, language: 'en' | 'fr') =>
    renderIndexHead(TEMPLATE, {
      origin: 'https://cairn.example.com',
      pathname,
      language,
      urlLanguage: null,
      strings,
      prerendered,
    });

  it('goes inside #root in the visitor language, on the landing page only', () => {
    expect(withBody('/', 'en')).toContain('<div id="root"><main><h1>Every asset</h1></main></div>');
    expect(withBody('/', 'fr')).toContain('<div id="root"><main><h1>Tout</h1></main></div>');
    expect(withBody('/privacy', 'en')).toContain('<div id="root"></div>');
    expect(withBody('/dashboard', 'fr')).toContain('<div id="root"></div>');
  });

  it('is read from the build output, and missing or malformed means none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-prerendered-'));
    try {
      expect(await loadPrerendered(dir)).toBeNull();
      await writeFile(path.join(dir, 'prerendered.json'), JSON.stringify({ landing: { en: 1 } }));
      expect(await loadPrerendered(dir)).toBeNull();
      await writeFile(path.join(dir, 'prerendered.json'), JSON.stringify(prerendered));
      expect(await loadPrerendered(dir)).toEqual(prerendered);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('first-HTML head tags', () => {
  it('gives each public page its own title, description and canonical URL per language', () => {
    const html = render('/privacy-policy', 'fr');
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<title>${frSeo.privacy.title}</title>`);
    expect(html).toContain(
      '<link rel="canonical" href="https://cairn.example.com/privacy?lang=fr" />',
    );
    expect(html).toContain('hreflang="en" href="https://cairn.example.com/privacy?lang=en"');
    expect(html).toContain('hreflang="x-default" href="https://cairn.example.com/privacy"');
    expect(html).toContain(
      '<meta property="og:image" content="https://cairn.example.com/og-image.png" />',
    );
    expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
    expect(html).toContain('href="/manifest-fr.json"');
    expect(html).not.toContain('Old');
  });

  it('keeps the negotiated URL canonical when the URL names no language', () => {
    const html = render('/terms', 'fr', null);
    expect(html).toContain('<link rel="canonical" href="https://cairn.example.com/terms" />');
  });

  it('escapes text and leaves app paths without a canonical link', () => {
    const html = renderIndexHead(TEMPLATE, {
      origin: 'https://cairn.example.com',
      pathname: '/dashboard',
      language: 'en',
      urlLanguage: null,
      strings: {
        ...strings,
        en: { ...enSeo, landing: { title: 'A & <B>', description: '"quoted"' } },
      },
    });
    expect(html).toContain('<title>A &amp; &lt;B&gt;</title>');
    expect(html).toContain('content="&quot;quoted&quot;"');
    expect(html).not.toContain('rel="canonical"');
  });

  it('gives an address no page has its own title and keeps it out of search engines', () => {
    for (const language of ['en', 'fr'] as const) {
      const html = renderIndexHead(TEMPLATE, {
        origin: 'https://cairn.example.com',
        // Even a public page's path: the caller decided nothing lives at this address.
        pathname: '/privacy/old',
        language,
        urlLanguage: null,
        strings,
        notFound: true,
      });
      const seo = language === 'fr' ? frSeo : enSeo;
      expect(html).toContain(`<title>${seo.notFound.title}</title>`);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('rel="canonical"');
    }
    expect(render('/dashboard', 'en')).not.toContain('noindex');
  });

  it('knows the public pages and their aliases', () => {
    expect(publicPageFor('/terms-of-service')?.path).toBe('/terms');
    expect(publicPageFor('/')?.seoKey).toBe('landing');
    expect(publicPageFor('/dashboard')).toBeNull();
  });
});

describe('the language of the first HTML', () => {
  it('prefers ?lang=, then the saved cookie, then the browser, then English', () => {
    expect(requestLanguage({ query: 'fr', cookie: 'en', acceptLanguage: 'en' })).toBe('fr');
    expect(requestLanguage({ query: 'de', cookie: 'fr', acceptLanguage: 'en' })).toBe('fr');
    expect(requestLanguage({ acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.8' })).toBe('fr');
    expect(requestLanguage({ acceptLanguage: 'de-DE,de;q=0.9' })).toBe('en');
    expect(requestLanguage({})).toBe('en');
  });

  it('reads Accept-Language by quality', () => {
    expect(languageFromAcceptLanguage('en;q=0.5, fr;q=0.9')).toBe('fr');
    expect(languageFromAcceptLanguage('de, en-GB;q=0.7')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBeNull();
  });
});
