import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../test/fixtures';
import { seoHtml, sitemapXml } from '../test/seo-html';
import { AdminSeoToolsPage } from './admin-seo-tools-page';

afterEach(() => vi.restoreAllMocks());

const LONG_TITLE = 'Terms of service of Cairn, the calm personal wealth tracker for all';

function mockSite() {
  const origin = window.location.origin;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, origin);
    if (url.pathname === '/robots.txt')
      return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
    if (url.pathname === '/sitemap.xml')
      return new Response(sitemapXml(origin, ['/', '/privacy', '/terms']));
    const lang = url.searchParams.get('lang') === 'fr' ? 'fr' : 'en';
    const main = url.pathname.replace('-policy', '').replace('-of-service', '');
    const title = main === '/terms' && lang === 'en' ? LONG_TITLE : undefined;
    return new Response(seoHtml({ origin, path: main, lang, title }), {
      headers: { 'content-type': 'text/html' },
    });
  });
}

describe('AdminSeoToolsPage', () => {
  it('checks every public page per language and flags a title that is too long', async () => {
    const fetch = mockSite();
    renderAdmin(<AdminSeoToolsPage />, { route: '/admin/seo-tools' });
    expect(screen.getByRole('heading', { level: 1, name: 'SEO tools' })).toBeInTheDocument();
    expect(document.title).toBe('SEO tools · Admin · Cairn');

    expect(await screen.findByText('12 pages checked. 2 problems found.')).toBeInTheDocument();
    const calls = fetch.mock.calls.map(([input]) => String(input));
    expect(calls).toContain('/privacy?lang=fr');
    expect(calls).toContain('/terms-of-service?lang=en');

    const rows = screen.getAllByRole('row') as HTMLTableRowElement[];
    const row = (path: string, language: string) =>
      rows.find((r) => r.cells[0]?.textContent === path && r.cells[1]?.textContent === language)!;
    const termsEn = row('/terms', 'en');
    expect(termsEn).toHaveTextContent(`Title is over 60 characters (${LONG_TITLE.length}).`);
    expect(termsEn).toHaveTextContent('1 problem');
    const termsFr = row('/terms', 'fr');
    expect(termsFr).toHaveTextContent('No problem');

    const alias = row('/terms-of-serviceAlias of /terms', 'fr');
    expect(alias).toHaveTextContent('Alias of /terms');

    const sitemap = screen.getByRole('region', { name: 'sitemap.xml' });
    expect(sitemap).toHaveTextContent('6 URLs listed');
    expect(sitemap).toHaveTextContent('1 public page missing');
    expect(within(sitemap).getByText('/cookies')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'robots.txt' })).toHaveTextContent(
      'Points to the sitemap',
    );
  });

  it('runs the checks again on demand', async () => {
    const fetch = mockSite();
    const { user } = renderAdmin(<AdminSeoToolsPage />, { route: '/admin/seo-tools' });
    await screen.findByText(/12 pages checked/);
    // The page's own reads of the public site (the admin area's mail status is another request).
    const siteCalls = () =>
      fetch.mock.calls.filter(([input]) => !String(input).startsWith('/api/')).length;
    const before = siteCalls();
    await user.click(screen.getByRole('button', { name: 'Run checks again' }));
    await waitFor(() => expect(siteCalls()).toBe(before * 2));
  });
});
