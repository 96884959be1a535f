import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import enLegal from '@/web/locales/en/legal.json';
import frLegal from '@/web/locales/fr/legal.json';
import { renderWithProviders } from '@/web/test/render';
import { CookiesPage, PrivacyPage, TermsPage } from './legal-pages';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** Every key path of a JSON value, array indexes included ("a.b.0.c"). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keyPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

const PAGES: { name: string; page: ReactElement; route: string; title: string; seo: string }[] = [
  {
    name: 'privacy',
    page: <PrivacyPage />,
    route: '/privacy',
    title: 'Privacy policy',
    seo: 'Privacy policy · Cairn',
  },
  {
    name: 'terms',
    page: <TermsPage />,
    route: '/terms',
    title: 'Terms of service',
    seo: 'Terms of service · Cairn',
  },
  {
    name: 'cookies',
    page: <CookiesPage />,
    route: '/cookies',
    title: 'Cookie policy',
    seo: 'Cookie policy · Cairn',
  },
];

/** Fails on any text i18next could not resolve (it would show the key instead). */
function expectNoRawKeys() {
  const text = document.body.textContent ?? '';
  expect(text).not.toMatch(
    /\b(privacy|terms|cookies|document)\.(sections|intro|title|\w+Table|[a-z]+[A-Z]\w*|toc|eyebrow)\b/,
  );
  expect(text).not.toMatch(/<\/?\w+>/);
}

describe('legal pages', () => {
  it('have the same keys in English and French', () => {
    expect(keyPaths(frLegal).sort()).toEqual(keyPaths(enLegal).sort());
  });

  it.each(PAGES)(
    '$name: one h1, a dated header and a table of contents pointing at its sections',
    async ({ page, route, title }) => {
      renderWithProviders(page, { route });
      const [h1, ...others] = await screen.findAllByRole('heading', { level: 1 });
      expect(others).toHaveLength(0);
      expect(h1).toHaveTextContent(title);
      expect(screen.getByText('November 22, 2026')).toHaveAttribute('datetime', '2026-11-22');

      const toc = screen.getByRole('navigation', { name: 'On this page' });
      const links = within(toc).getAllByRole('link');
      const sections = screen
        .getAllByRole('heading', { level: 2 })
        .filter((h) => h.closest('article'));
      expect(links.length).toBeGreaterThan(4);
      expect(links).toHaveLength(sections.length);
      links.forEach((link, index) => {
        const id = link.getAttribute('href')!.replace(/^#/, '');
        const target = document.getElementById(id);
        expect(target?.tagName).toBe('H2');
        expect(target).toBe(sections[index]);
        expect(target).toHaveTextContent(link.textContent!);
        expect(target).toHaveClass('scroll-mt-24');
      });
      expectNoRawKeys();
    },
  );

  it.each(PAGES)(
    '$name: sets the document title and the canonical path from seo',
    async ({ page, route, seo }) => {
      renderWithProviders(page, { route });
      await waitFor(() => expect(document.title).toBe(seo));
      const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      expect(new URL(canonical!.href).pathname).toBe(route);
      expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
        'content',
        i18n.t(`seo:${route.slice(1)}.description`),
      );
    },
  );

  it('names the canonical path when reached by an alias', async () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy-policy' });
    await waitFor(() => {
      const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      expect(new URL(canonical!.href).pathname).toBe('/privacy');
    });
  });

  it('privacy: covers what is stored, the rights and the CNIL, with working links', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Your account' })).toBeVisible();
    expect(screen.getByText(/stored only as an argon2id hash/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'cnil.fr' })).toHaveAttribute(
      'href',
      'https://www.cnil.fr/',
    );
    expect(screen.getByRole('link', { name: 'cookie policy' })).toHaveAttribute('href', '/cookies');
    const controller = screen.getByRole('region', { name: 'Who is responsible for your data' });
    expect(
      within(controller).getByRole('link', { name: 'Who receives your data' }),
    ).toHaveAttribute('href', '#recipients');
    expect(screen.getByText('Ctrl+Shift+E').tagName).toBe('KBD');
    expect(screen.getByText('Portability:')).toBeVisible();
  });

  it('terms: states the plans and that Cairn is not advice', () => {
    renderWithProviders(<TermsPage />, { route: '/terms-of-service' });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Not investment, legal or tax advice' }),
    ).toBeVisible();
    expect(screen.getByText(/\$9 per month/)).toBeVisible();
    expect(screen.getByText(/\$29 per month, with unlimited assets and API access/)).toBeVisible();
    expect(screen.getByText(/17\.2% social charges/)).toBeVisible();
  });

  it('cookies: the cookie table lists every cookie with scoped column headers', () => {
    renderWithProviders(<CookiesPage />, { route: '/cookies' });
    const table = screen.getByRole('table', { name: 'Cookies set by Cairn' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Name',
      'Purpose',
      'Type',
      'Duration',
    ]);
    headers.forEach((header) => expect(header).toHaveAttribute('scope', 'col'));
    const rowHeaders = within(table).getAllByRole('rowheader');
    rowHeaders.forEach((header) => expect(header).toHaveAttribute('scope', 'row'));
    const names = rowHeaders.flatMap((header) =>
      Array.from(header.querySelectorAll('code'), (code) => code.textContent),
    );
    expect(names).toEqual([
      'cairn_session',
      'cairn_lang',
      'sidebar_state',
      'cc_cookie',
      '_ga',
      '_gid',
    ]);
    expect(within(table).getByText('__Host-cairn_session')).toBeVisible();
    expect(table.closest('[role="region"]')).toHaveClass('overflow-x-auto');

    const storage = screen.getByRole('table', { name: 'Data Cairn keeps in your browser' });
    for (const key of ['cairn.language', 'cairn.colorMode', 'cairn.errors']) {
      expect(within(storage).getByText(key)).toBeVisible();
    }
    expect(within(storage).getByText('sessionStorage')).toBeVisible();
  });

  it('render in French, with the date formatted for French readers', async () => {
    await i18n.changeLanguage('fr');
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Politique de confidentialité',
    );
    expect(screen.getByText('22 novembre 2026')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Sur cette page' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Vos droits' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'politique relative aux cookies' })).toHaveAttribute(
      'href',
      '/cookies',
    );
    await waitFor(() => expect(document.title).toBe(i18n.t('seo:privacy.title')));
    expectNoRawKeys();
  });

  it('render the terms and the cookie table in French', async () => {
    await i18n.changeLanguage('fr');
    renderWithProviders(<TermsPage />, { route: '/terms' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Conditions d’utilisation');
    // French spacing: a no-break space before € and %.
    const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(screen.getByText(/^9\u00a0€ par mois/, exact)).toBeVisible();
    expect(screen.getByText(/prélèvements sociaux \(17,2\u00a0%\)/, exact)).toBeVisible();
    expectNoRawKeys();
  });

  it('render the cookie policy in French', async () => {
    await i18n.changeLanguage('fr');
    renderWithProviders(<CookiesPage />, { route: '/cookies' });
    const table = screen.getByRole('table', { name: 'Cookies déposés par Cairn' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nom', 'Finalité', 'Catégorie', 'Durée']);
    expect(within(table).getByText('cairn_lang')).toBeVisible();
    expectNoRawKeys();
  });
});
