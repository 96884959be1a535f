import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

/**
 * The global search palette and the keyboard shortcuts (issue 16): a holding found by a misspelt
 * subsequence of its name lands on its row; '?' lists the shortcuts; Alt+digit goes to a page.
 */
test('find a holding by a misspelt name with Ctrl+K and land on it; the shortcuts', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  await register(page, uniqueEmail('seeker'));

  await page.goto('/assets/market');
  await page.getByRole('button', { name: 'Add investment' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a market investment' });
  await add.getByLabel('Symbol').fill('AIR');
  await add.getByLabel('Name').fill('Airbus Group');
  await add.getByLabel('Quantity').fill('12');
  await add.getByLabel('Purchase price').fill('120');
  await add.getByLabel('Current price', { exact: false }).fill('150');
  await add.getByLabel('Purchase date').fill('10/01/2024');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();

  await page.goto('/dashboard');
  const url = new URL(page.url());
  // Ctrl+K opens the palette (the header field is there: the search_bar flag is on).
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Global Search' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox', { name: 'Search' });
  await expect(input).toBeFocused();
  await expect(palette.getByText('Start typing to search')).toBeVisible();
  await expectAccessible();

  // Letters of "Airbus Group" in order, with some left out.
  await input.pressSequentially('arbsgrp');
  const market = palette.getByRole('group', { name: 'Market' });
  const option = market.getByRole('option', { name: /Airbus Group/ });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(option).toContainText('AIR');
  await expect(option).toContainText(/€1\s800,00/);
  await expect(palette.getByTestId('search-footer')).toContainText(/\d+ results?/);
  await expect(palette.getByTestId('search-footer')).toContainText(/ms$/);
  await expectAccessible();

  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/assets\/market(\?[^#]*)?#holding-[0-9a-f-]+$/);
  const holdingId = new URL(page.url()).hash.replace('#holding-', '');
  const row = page.locator(`[id="holding-${holdingId}"]`);
  await expect(row).toBeInViewport();
  await expect(row).toHaveAttribute('data-target', '');
  await expect(row).toContainText('Airbus Group');

  // The header field opens it too; closing cleared the last query.
  await page.getByRole('searchbox', { name: 'Search' }).click();
  await expect(palette).toBeVisible();
  await expect(input).toHaveValue('');
  await input.pressSequentially('zzqx');
  await expect(palette.getByText('No results found for “zzqx”')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // '?' lists every shortcut.
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Open search')).toBeVisible();
  await expect(help.getByText('Show or hide the sidebar')).toBeVisible();
  await expect(help.getByText('Download the error report')).toBeVisible();
  await expectAccessible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Alt+digit goes to the main pages, keeping the portfolio.
  await page.keyboard.press('Alt+2');
  await expect(page).toHaveURL(/\/assets(\?|$)/);
  await page.keyboard.press('Alt+1');
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  // Ctrl+B folds the sidebar.
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Control+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(url.pathname).toBe('/dashboard');
});
