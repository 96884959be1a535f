import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import { outbox, register, signIn, uniqueEmail } from './helpers';

test('a user downloads their data, deletes their account, signs in again and keeps it', async ({
  page,
  expectAccessible,
}) => {
  // A sign-up, an export built by the job queue, the deletion dialog and a second sign-in.
  test.setTimeout(150_000);
  const email = uniqueEmail('privacy');
  await register(page, email, { fullName: 'Pia Privacy' });

  // Download your data: prepare, follow the progress, download the ZIP.
  await page.goto('/settings/privacy');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await main.getByRole('button', { name: 'Prepare my data' }).click();
  const download = main.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(main.getByText(/Available until/)).toBeVisible();
  await expectAccessible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^cairn-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile(await file.path())));
  expect(Object.keys(zip)).toEqual(
    expect.arrayContaining([
      'README.txt',
      'account.json',
      'profile.json',
      'portfolios.json',
      'transactions.csv',
      'sessions.csv',
    ]),
  );
  const account = JSON.parse(new TextDecoder().decode(zip['account.json'])) as {
    email: string;
  }[];
  expect(account[0]?.email).toBe(email);

  // Delete the account through the dialog's three steps.
  await main.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog.getByText('1 portfolio', { exact: true })).toBeVisible();
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill('Correct-Horse-9');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  // Signed out (a request in flight may have seen the session end first and added ?next=); the
  // date is said.
  await expect(page).toHaveURL(/\/login(\?next=%2Fsettings%2Fprivacy)?$/);
  await expect(page.getByText('Your account will be deleted', { exact: true })).toBeVisible();
  // The owner is told by email too: when, and how to keep the account.
  await expect
    .poll(async () => (await outbox(page.request, email)).map((m) => m.template))
    .toContain('account-deletion-scheduled');
  const [scheduled] = (await outbox(page.request, email)).filter(
    (m) => m.template === 'account-deletion-scheduled',
  );
  expect(scheduled?.subject).toBe('Your Cairn account will be deleted');
  expect(scheduled?.text).toContain('Keep my account');

  // Signing in again shows only the pending screen; keeping the account opens the app.
  await signIn(page, email);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account will be deleted' }),
  ).toBeVisible();
  await expectAccessible();
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.goto('/settings/privacy');
  await expect(main.getByRole('button', { name: 'Delete my account…' })).toBeVisible();
  await expect
    .poll(async () => (await outbox(page.request, email)).map((m) => m.template))
    .toContain('account-deletion-cancelled');
});
