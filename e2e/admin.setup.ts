import { expect, test as setup } from './fixtures';
import { ADMIN_EMAIL, PASSWORD } from './helpers';

/**
 * The first account of a fresh server is its administrator, made at /setup (signing up leads
 * there while the server has no account) and signed in at once.
 */
setup('the first account of a fresh server is its administrator', async ({ page }) => {
  await page.goto('/register');
  await expect(page).toHaveURL('/setup');
  await page.getByLabel('Full name').fill('Ada Admin');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create administrator account' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('button', { name: /Admin tools/ })).toBeVisible();
});
