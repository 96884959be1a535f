import { expect, test } from './fixtures';
import { enrolAuthenticator, outbox, register, uniqueEmail } from './helpers';

/**
 * Notification delivery on the running server: a security notification (an authenticator added)
 * is emailed at once by the delivery job, whatever the frequency; the settings page says where
 * this browser stands with push (journeys block service workers, so push cannot start here).
 */
test('a new authenticator is emailed by the delivery job; the push line explains this browser', async ({
  page,
  expectAccessible,
}) => {
  // The job runs once a minute: a generous budget.
  test.setTimeout(150_000);
  const email = uniqueEmail('delivered');
  await register(page, email);

  // A weekly digest does not hold security emails.
  await page.goto('/settings/notifications');
  const main = page.getByRole('main');
  await main.getByLabel('Frequency', { exact: true }).selectOption('weekly');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(page.getByRole('switch', { name: /^Security/ })).toBeDisabled();
  await expect(page.getByRole('switch', { name: /^Security/ })).toBeChecked();
  await expect(page.getByText(/Cairn’s offline service is not running in this tab/)).toBeVisible();
  await expectAccessible();

  await enrolAuthenticator(page, 'Travel phone');
  await expect
    .poll(
      async () =>
        (await outbox(page.request, email)).find((m) => m.template === 'notification-security'),
      { timeout: 120_000, intervals: [2_000] },
    )
    .toMatchObject({
      subject: 'Two-factor method added',
      text: expect.stringContaining('The authenticator "Travel phone" was added to your account.'),
    });
});
