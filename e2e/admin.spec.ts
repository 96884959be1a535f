import { expect, test } from './fixtures';
import { ADMIN_EMAIL, register, signIn, uniqueEmail } from './helpers';

test('a regular user reaching an admin URL sees access denied and no admin data', async ({
  page,
}) => {
  await register(page, uniqueEmail('curious'));
  await expect(page.getByRole('button', { name: /Admin tools/ })).toHaveCount(0);
  const adminCalls: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/v1/admin/'))
      adminCalls.push(response.status());
  });
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('Unauthorized: Admin access required')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(adminCalls).toEqual([]);
  // The server refuses too, whatever the page does.
  const res = await page.request.get('/api/v1/admin/users');
  expect(res.status()).toBe(403);
  expect((await res.json()).error.code).toBe('UNAUTHORIZED');
});

const ADMIN_PAGES: [name: string, path: string][] = [
  ['Users', '/admin/users'],
  ['Feature flags', '/admin/feature-flags'],
  ['Invites & waitlist', '/admin/invites'],
  ['Audit log', '/admin/audit'],
  ['MFA debug', '/admin/mfa-debug'],
  ['SEO tools', '/admin/seo-tools'],
  ['Device location', '/admin/device-location'],
];

// One journey per page: each opens it from the tools menu and checks it with axe.
for (const [name, path] of ADMIN_PAGES) {
  test(`admin area: ${name} opens from the tools menu, readable and accessible`, async ({
    page,
    expectAccessible,
  }) => {
    await signIn(page, ADMIN_EMAIL);
    await expect(page).toHaveURL('/dashboard');
    await page.getByRole('button', { name: /Admin tools/ }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Changes here affect all users.')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectAccessible();
  });
}

test('the deprecated beta page leads to the invites page', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/admin/beta');
  await expect(page).toHaveURL('/admin/invites');
});
