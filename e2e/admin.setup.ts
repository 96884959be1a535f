import { expect, test as setup } from './fixtures';
import { ADMIN_EMAIL, register } from './helpers';

setup('the first account of a fresh server is its administrator', async ({ page }) => {
  await register(page, ADMIN_EMAIL, { fullName: 'Ada Admin' });
  await expect(page.getByRole('button', { name: /Admin tools/ })).toBeVisible();
});
