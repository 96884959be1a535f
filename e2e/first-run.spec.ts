import { expect, test } from './fixtures';
import { PASSWORD } from './helpers';

/**
 * A fresh install as `npm start` runs it (production, an empty data folder, no SMTP_URL): the
 * first visitor sets the server up and is its administrator at once; a newcomer who signs up is
 * told the administrator has their link; the administrator finds it in Outgoing mail and passes
 * it on; the newcomer opens it and signs in. Its own server (playwright.config.ts, 'first-run').
 */
test('a server without mail: set up, then let a newcomer in', async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const ADMIN = 'owner@example.com';
  const NEWCOMER = 'newcomer@example.com';

  // Production: the development outbox does not exist; the setup and mail pages are the app's.
  expect((await page.request.get('/api/v1/dev/outbox')).status()).toBe(404);
  for (const path of ['/setup', '/admin/mail']) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }

  // Signing in or up on an empty server leads to the setup page.
  await page.goto('/login');
  await expect(page).toHaveURL('/setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up Cairn' })).toBeVisible();
  await expect(page.getByText('This server sends no email yet')).toBeVisible();
  await expectAccessible();
  await page.getByLabel('Full name').fill('Olive Owner');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create administrator account' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(
    page.getByText('Welcome to Cairn: you are the administrator of this server.'),
  ).toBeVisible();

  // The admin area says mail is not configured, and where emails will wait.
  await page.getByRole('button', { name: /Admin tools/ }).click();
  await page.getByRole('menuitem', { name: 'Outgoing mail' }).click();
  await expect(page).toHaveURL('/admin/mail');
  await expect(page.getByText('Mail is not configured')).toBeVisible();
  await expect(page.getByText('No email yet')).toBeVisible();
  await expectAccessible();

  // A newcomer signs up in another browser: setup is over, and the screen says who has the link.
  const visitor = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '10.9.9.9' },
  });
  const newcomer = await visitor.newPage();
  await newcomer.goto('/register');
  await expect(newcomer).toHaveURL('/register');
  await newcomer.getByLabel('Email').fill(NEWCOMER);
  await newcomer.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await newcomer.getByLabel('Confirm password').fill(PASSWORD);
  await newcomer.getByRole('checkbox').check();
  await newcomer.getByRole('button', { name: 'Create account' }).click();
  await expect(
    newcomer.getByRole('heading', { level: 1, name: 'Ask for your activation link' }),
  ).toBeVisible();
  await expectAccessible(newcomer);

  // The administrator's list follows (live), and the email can be opened.
  const row = page.getByRole('row').filter({ hasText: NEWCOMER });
  await expect(row).toContainText('Waiting for you');
  await expect(row).toContainText('Activate your Cairn account');
  await row.getByRole('button', { name: `Open the email to ${NEWCOMER}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate your Cairn account' });
  const link = await dialog.locator('code').innerText();
  expect(link).toMatch(/\/auth\/activate\?token=[A-Za-z0-9_-]+$/);
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Passed on, the link opens the account; the newcomer signs in.
  await newcomer.goto(new URL(link).pathname + new URL(link).search);
  await expect(
    newcomer.getByRole('heading', { level: 1, name: 'Your account is ready' }),
  ).toBeVisible();
  await newcomer.getByRole('link', { name: 'Sign in' }).click();
  await newcomer.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await newcomer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(newcomer).toHaveURL('/dashboard');
  // Not an administrator.
  await expect(newcomer.getByRole('button', { name: /Admin tools/ })).toHaveCount(0);
  await visitor.close();

  // The reading is in the audit log.
  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: 'Email opened' })).toHaveCount(1);
});
