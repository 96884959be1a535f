import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '@/contracts/public-pages';
import { seoHtml, sitemapXml } from '../test/seo-html';
import { checkHead, parseHead, readSitemap, seoTargets } from './seo';

const origin = 'https://cairn.example.com';

describe('parseHead', () => {
  it('reads title, description, canonical, alternates, Open Graph and lang', () => {
    const head = parseHead(seoHtml({ origin, path: '/privacy', lang: 'fr' }));
    expect(head.title).toBe('Cairn: every asset you own, in one calm place');
    expect(head.canonical).toBe(`${origin}/privacy?lang=fr`);
    expect(head.alternates.map((a) => a.hreflang)).toEqual(['en', 'fr', 'x-default']);
    expect(head.ogLocale).toBe('fr_FR');
    expect(head.ogImage).toBe(`${origin}/og-image.png`);
    expect(head.lang).toBe('fr');
  });
});

describe('checkHead', () => {
  const check = (html: string, pagePath = '/privacy', language: 'en' | 'fr' = 'en') =>
    checkHead(parseHead(html), { origin, pagePath, language });

  it('passes a good head', () => {
    expect(check(seoHtml({ origin, path: '/privacy', lang: 'en' }))).toEqual([]);
  });

  it('flags lengths', () => {
    const issues = check(
      seoHtml({
        origin,
        path: '/privacy',
        lang: 'en',
        title: 'T'.repeat(61),
        description: 'Short.',
      }),
    );
    expect(issues).toEqual([
      { code: 'titleTooLong', length: 61 },
      { code: 'descriptionTooShort', length: 6 },
    ]);
    expect(
      check(seoHtml({ origin, path: '/privacy', lang: 'en', description: 'D'.repeat(161) })),
    ).toEqual([{ code: 'descriptionTooLong', length: 161 }]);
  });

  it('flags missing tags, canonical and og:image problems, and a wrong lang', () => {
    const html = `<html lang="fr"><head><title>Cairn privacy policy for investors</title>
      <link rel="canonical" href="/privacy" />
      <meta property="og:image" content="/og-image.png" /></head></html>`;
    const issues = check(html);
    expect(issues).toContainEqual({ code: 'missing', field: 'description' });
    expect(issues).toContainEqual({ code: 'missing', field: 'ogTitle' });
    expect(issues).toContainEqual({ code: 'missingAlternate', hreflang: 'x-default' });
    expect(issues).toContainEqual({ code: 'canonicalNotAbsolute', href: '/privacy' });
    expect(issues).toContainEqual({ code: 'ogImageNotAbsolute', href: '/og-image.png' });
    expect(issues).toContainEqual({ code: 'langMismatch', actual: 'fr', expected: 'en' });
  });

  it('wants an alias to name its main page, on this origin', () => {
    expect(check(seoHtml({ origin, path: '/privacy-policy', lang: 'en' }))).toContainEqual({
      code: 'canonicalWrongPage',
      href: `${origin}/privacy-policy?lang=en`,
      expected: '/privacy',
    });
    expect(
      check(seoHtml({ origin: 'https://elsewhere.example', path: '/privacy', lang: 'en' })),
    ).toContainEqual({
      code: 'canonicalOtherOrigin',
      href: 'https://elsewhere.example/privacy?lang=en',
    });
  });
});

describe('readSitemap', () => {
  it('counts URLs and lists missing public pages', () => {
    const result = readSitemap(
      sitemapXml(origin, ['/', '/privacy', '/terms']),
      origin,
      PUBLIC_PAGES,
    );
    expect(result.urls).toHaveLength(6);
    expect(result.missingPages).toEqual(['/cookies']);
  });
});

describe('seoTargets', () => {
  it('covers every path and alias in both languages', () => {
    const targets = seoTargets();
    expect(targets).toHaveLength(12);
    expect(targets).toContainEqual({
      path: '/terms-of-service',
      pagePath: '/terms',
      language: 'fr',
    });
  });
});
