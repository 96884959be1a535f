import { expect, test } from './fixtures';
import {
  activateFromEmail,
  codeFromEmail,
  enrolAuthenticator,
  linkFromEmail,
  PASSWORD,
  registerThroughForm,
  signIn,
  signOut,
  totp,
  uniqueEmail,
} from './helpers';

test.describe('accounts', () => {
  test('register, sign out, sign in again', async ({ page, expectAccessible }) => {
    const email = uniqueEmail('journey');
    await page.goto('/register');
    await expectAccessible();
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    // This server sends no email (no SMTP_URL): the screen says its administrator has the link.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ask for your activation link' }),
    ).toBeVisible();
    await expectAccessible();
    await activateFromEmail(page, email);
    await expectAccessible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome,')).toContainText('Grace Hopper');
    await expectAccessible();

    await signOut(page);
    await expectAccessible();
    await signIn(page, email);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('wrong credentials get the generic message; a signed-out visitor is sent to sign-in and back', async ({
    page,
  }) => {
    await signIn(page, uniqueEmail('nobody'), 'Wrong-Password-1');
    await expect(page.getByRole('alert')).toContainText(
      'Please check your credentials and try again.',
    );

    const email = uniqueEmail('back');
    await registerThroughForm(page, email);
    await signOut(page);
    await page.goto('/settings/security');
    await expect(page).toHaveURL(/\/login\?next=%2Fsettings%2Fsecurity$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/settings/security');
  });

  test('registration speaks French and checks the rules', async ({ browser, expectAccessible }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer votre compte');
    await page.getByLabel('Adresse e-mail').fill('pas-un-email');
    await page.getByLabel('Mot de passe', { exact: true }).fill('court');
    await page.getByLabel('Confirmer le mot de passe').fill('autre');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Format d’adresse e-mail invalide')).toBeVisible();
    await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
    await expect(
      page.getByText(
        'Vous devez accepter les conditions d’utilisation et la politique de confidentialité',
      ),
    ).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });

  test('forgot password: the emailed link sets a new password that signs in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('forgot');
    await registerThroughForm(page, email);
    await signOut(page);

    await page.getByRole('link', { name: /Forgot/ }).click();
    // The sign-in page (with its own Email field) stays until the next page's code has loaded.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Ask for your reset link' })).toBeVisible();

    await page.goto(await linkFromEmail(request, email, 'reset-password', '/auth/reset-password'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    const newPassword = 'Fresh-Start-2026';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL('/dashboard');

    await signOut(page);
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText(
      'Please check your credentials and try again.',
    );
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL('/dashboard');
  });

  test('two-factor: enrol an authenticator, then sign-in asks for its code', async ({
    page,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('totp');
    await registerThroughForm(page, email);
    const secret = await enrolAuthenticator(page);
    await expectAccessible();
    await expect(page.getByRole('region', { name: 'Two-factor authentication' })).toContainText(
      'Phone',
    );

    await signOut(page);
    await signIn(page, email);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expectAccessible();
    const code = page.getByLabel('Verification code');
    const wrong = totp(secret) === '000000' ? '111111' : '000000';
    // Six digits submit the code on their own.
    await code.fill(wrong);
    await expect(page.getByRole('alert')).toContainText('Invalid verification code');
    // The next step's code: the enrolment already used the current one.
    await code.fill(totp(secret, 1));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('two-factor recovery with an emailed code', async ({ page, request }) => {
    // Registration, enrolment, two sign-outs and a recovery: several password hashes in a row,
    // which take long on a busy machine.
    test.setTimeout(120_000);
    const email = uniqueEmail('recover');
    await registerThroughForm(page, email);
    await enrolAuthenticator(page);
    await signOut(page);

    await signIn(page, email);
    await page.getByRole('button', { name: 'Use an email code instead' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(/You can ask for a new code in \d+ seconds/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    await page
      .getByLabel('Code from the email')
      .fill(await codeFromEmail(request, email, 'recovery-code'));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('an uploaded avatar shows in the user menu', async ({ page }) => {
    await registerThroughForm(page, uniqueEmail('avatar'), { fullName: 'Alan Turing' });
    const menu = page.getByRole('button', { name: /^Account menu/ });
    await expect(menu).toContainText('AT');
    await page.goto('/profile');
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      // A 2x2 PNG.
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect(page.getByText('Photo updated')).toBeVisible();
    await expect(menu.locator('img')).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);
  });
});
