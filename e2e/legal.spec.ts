import { expect, switchSiteLanguage, test } from './fixtures';

const PAGES = [
  {
    link: 'Privacy policy',
    path: '/privacy',
    title: 'Privacy policy · Cairn',
    alias: '/privacy-policy',
  },
  {
    link: 'Terms of service',
    path: '/terms',
    title: 'Terms of service · Cairn',
    alias: '/terms-of-service',
  },
  { link: 'Cookie policy', path: '/cookies', title: 'Cookie policy · Cairn', alias: null },
];

test.describe('legal pages', () => {
  for (const legal of PAGES) {
    test(`${legal.link} is reachable from the footer, in English and French`, async ({
      page,
      expectAccessible,
    }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: legal.link }).click();
      await expect(page).toHaveURL(legal.path);
      await expect(page).toHaveTitle(legal.title);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible();

      await switchSiteLanguage(page, 'Français');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page).not.toHaveTitle(legal.title);
      await expectAccessible();
    });
  }

  test('aliases show the same pages', async ({ page }) => {
    for (const legal of PAGES.filter((p) => p.alias)) {
      await page.goto(legal.alias!);
      await expect(page).toHaveTitle(legal.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${legal.path}$`),
      );
    }
  });

  test('the cookie policy lists the cookies Cairn sets', async ({ page }) => {
    await page.goto('/cookies');
    for (const name of ['cairn_session', 'cairn_lang', 'sidebar_state', 'cc_cookie']) {
      await expect(page.getByRole('table').getByText(name, { exact: true }).first()).toBeVisible();
    }
  });
});
