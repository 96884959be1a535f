import { expect, test } from './fixtures';
import { ADMIN_EMAIL, register, signIn, uniqueEmail } from './helpers';

test('an Enterprise user creates a read-only key, uses it from a script, and revokes it', async ({
  page,
  browser,
  request,
  expectAccessible,
}) => {
  // Two people (the user, the admin who changes their plan), two sign-ins and four axe checks.
  test.setTimeout(90_000);
  const email = uniqueEmail('keys');
  await register(page, email, { fullName: 'Kim Keys' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  // On the Free plan: what keys do and which plan has them, and no create button.
  await page.goto('/settings/api-keys');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'API keys come with Enterprise' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'See plans' })).toHaveAttribute(
    'href',
    '/settings/subscription',
  );
  await expect(main.getByRole('button', { name: /Create/ })).toHaveCount(0);
  await expectAccessible();

  // The admin puts the user on Enterprise.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN_EMAIL);
  await expect(admin).toHaveURL('/dashboard');
  await admin.goto('/admin/users');
  await admin.getByLabel('Search users').fill(email);
  await admin.getByLabel(`Plan of ${email}`).selectOption({ label: 'Enterprise' });
  await expect(admin.getByText(`${email} is now on Enterprise`)).toBeVisible();
  await adminContext.close();

  // The user's page follows the change (or shows it on the next visit).
  await page.reload();
  await expect(main.getByText('No API keys yet')).toBeVisible();
  await expectAccessible();

  // A read-only key: its secret shows once, and Copy puts it on the clipboard.
  await main.getByRole('button', { name: 'Create API key' }).click();
  const create = page.getByRole('dialog', { name: 'Create an API key' });
  await create.getByLabel('Name').fill('Budget script');
  await expect(create.getByRole('radio', { name: /Read only/ })).toBeChecked();
  await create.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy your new key' });
  await expect(
    shown.getByText('This is the only time the key is shown.', { exact: false }),
  ).toBeVisible();
  const secret = await shown.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^cairn_/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectAccessible();
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const row = main.getByRole('row', { name: /Budget script/ });
  await expect(row).toContainText('Read');
  await expect(row).toContainText('Never used');
  await expect(page.getByText(secret)).toHaveCount(0);

  // A script (no cookies) reads the portfolios with the key...
  const bearer = { authorization: `Bearer ${secret}` };
  const listed = await request.get('/api/v1/portfolios', { headers: bearer });
  expect(listed.status()).toBe(200);
  const { portfolios } = (await listed.json()) as { portfolios: { name: string }[] };
  expect(portfolios.map((portfolio) => portfolio.name)).toContain('My Portfolio');
  // ...and may not change anything with a read-only key.
  const refused = await request.post('/api/v1/portfolios', {
    headers: bearer,
    data: { name: 'From a script' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('API_KEY_SCOPE');

  // The page shows the use; revoking asks first, naming the key.
  await page.reload();
  await expect(row).toContainText(/now|minute/);
  await expect(row).toContainText(/from \d+\.\d+\.\d+\.\d+/);
  await row.getByRole('button', { name: 'Revoke Budget script' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke “Budget script”?' });
  await expectAccessible();
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Key “Budget script” revoked')).toBeVisible();
  await expect(main.getByText('No API keys yet')).toBeVisible();

  // The same call now fails: the key no longer works.
  const revoked = await request.get('/api/v1/portfolios', { headers: bearer });
  expect(revoked.status()).toBe(401);
  expect(((await revoked.json()) as { error: { code: string } }).error.code).toBe(
    'INVALID_API_KEY',
  );
});
