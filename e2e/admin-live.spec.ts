import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  ADMIN_EMAIL,
  completeSignUp,
  outbox,
  PASSWORD,
  register,
  signIn,
  uniqueEmail,
} from './helpers';

/**
 * Administration journeys whose changes reach every user (flags, beta mode): they run after all
 * other journeys, one at a time, and put back what they change.
 */
test.describe.configure({ mode: 'serial' });

async function adminPage(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN_EMAIL);
  await expect(page).toHaveURL('/dashboard');
  await page.goto(path);
  return page;
}

/** Marks the document so a test can prove the page was not reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { cairnMark: boolean }).cairnMark = true;
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { cairnMark?: boolean }).cairnMark)).toBe(
    true,
  );
}

async function setBeta(page: Page, on: boolean) {
  await page.goto('/admin/invites');
  const toggle = page.getByRole('switch', { name: 'Beta mode' });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-checked')) === String(on)) return;
  await toggle.click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: on ? 'Turn on' : 'Turn off' })
    .click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}

test('an admin turns a sidebar entry off and a signed-in user loses it without reloading', async ({
  browser,
  page,
}) => {
  await register(page, uniqueEmail('flags'));
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await markDocument(page);

  const admin = await adminPage(browser, '/admin/feature-flags');
  const toggle = admin.getByRole('switch', { name: 'Dashboard link' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expectSameDocument(page);

  // Back on: it comes back the same way.
  await toggle.click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Enable' }).click();
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expectSameDocument(page);
  await admin.context().close();
});

test('during beta, registration needs an invite code, and a used code shows as used', async ({
  browser,
  page,
}) => {
  const admin = await adminPage(browser, '/admin/invites');
  await setBeta(admin, true);

  const email = uniqueEmail('beta');
  await page.goto('/register');
  await expect(page.getByText(/Cairn is in beta/)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Invite code is required during beta')).toBeVisible();
  // A made-up code is refused by the server.
  await page.getByLabel('Invite code').fill('ZZZZ9999');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid or expired code');
  await expect(page).toHaveURL('/register');

  await admin.getByLabel('How many').fill('1');
  await admin.getByRole('button', { name: 'Generate' }).click();
  const created = admin.getByRole('status').filter({ hasText: '1 new code' });
  const code = (await created.locator('code').innerText()).trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);

  await page.getByLabel('Invite code').fill(code);
  await page.getByRole('button', { name: 'Create account' }).click();
  await completeSignUp(page, email);

  const row = admin.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Used');
  await expect(row).toContainText(email);
  await admin.context().close();
});

test('a visitor joins the waitlist, is invited by email and registers with the code', async ({
  browser,
  page,
}) => {
  const admin = await adminPage(browser, '/admin/invites');
  await setBeta(admin, true);
  await admin.getByRole('tab', { name: 'Waitlist' }).click();

  const email = uniqueEmail('waitlist');
  await page.goto('/beta/waitlist');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/What would you like/).fill('Follow my bonds and my Livret A.');
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'You’re on the list' })).toBeVisible();

  // The entry reaches the admin's open list without a reload.
  const entry = admin.getByRole('row').filter({ hasText: email });
  await expect(entry).toContainText('Pending');
  await entry.getByRole('checkbox', { name: `Select ${email}` }).check();
  await admin.getByRole('button', { name: 'Invite selected' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Send invites' }).click();
  await expect(entry).toContainText('Invited');

  await expect
    .poll(async () => (await outbox(page.request, email)).map((message) => message.template))
    .toContain('waitlist-invitation');
  const invitation = (await outbox(page.request, email)).find(
    (message) => message.template === 'waitlist-invitation',
  );
  const link = /https?:\/\/\S+\/register\?invite=([A-Z0-9]{8})/.exec(invitation!.text);
  expect(link, 'a registration link with the code').not.toBeNull();
  const url = new URL(link![0]);

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByLabel('Invite code')).toHaveValue(link![1]!);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await completeSignUp(page, email);

  await expect(entry).toContainText('Registered');

  // Beta off again: the waitlist is gone and registration is open.
  await setBeta(admin, false);
  await page.context().clearCookies();
  await page.goto('/beta/waitlist');
  await expect(page).toHaveURL('/register');
  await expect(page.getByText('If you were invited, enter the 8-character code.')).toBeVisible();
  await admin.context().close();
});

test('a promoted user sees the admin tools in their open tab without reloading', async ({
  browser,
  page,
}) => {
  const email = uniqueEmail('promoted');
  await register(page, email);
  await expect(page.getByRole('button', { name: /Admin tools/ })).toHaveCount(0);
  await markDocument(page);

  const admin = await adminPage(browser, '/admin/users');
  await admin.getByLabel('Search users').fill(email);
  await admin.getByRole('button', { name: `Promote ${email} to admin` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Promote to admin' }).click();
  await expect(admin.getByText(`${email} is now an admin`)).toBeVisible();

  await expect(page.getByRole('button', { name: /Admin tools/ })).toBeVisible();
  await expectSameDocument(page);
  await page.getByRole('button', { name: /Admin tools/ }).click();
  await page.getByRole('menuitem', { name: 'Feature flags' }).click();
  await expect(page.getByRole('heading', { name: 'Feature flags', level: 1 })).toBeVisible();
  await admin.context().close();
});
