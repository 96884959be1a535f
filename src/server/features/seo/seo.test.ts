import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '@/contracts/public-pages';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://cairn.example.com' } });
});
afterAll(() => t.close());

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt opens public pages, closes the API and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://cairn.example.com/sitemap.xml');
  });

  it('sitemap.xml lists every public page in both languages with hreflang alternates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(PUBLIC_PAGES.length * 2);
    expect(locs).toContain('https://cairn.example.com/?lang=en');
    expect(locs).toContain('https://cairn.example.com/privacy?lang=fr');
    expect(locs).toContain('https://cairn.example.com/cookies?lang=en');
    expect(res.body).toContain('hreflang="x-default" href="https://cairn.example.com/terms"');
    // aliases are not listed: they are the same page.
    expect(res.body).not.toContain('privacy-policy');
  });
});
