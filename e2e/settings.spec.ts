import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

test.describe('settings', () => {
  test('preferences switch the whole app to French, US dollars and ISO dates, and stay after a reload', async ({
    page,
    expectAccessible,
  }) => {
    await register(page, uniqueEmail('prefs'), { fullName: 'Grace Hopper' });
    const main = page.getByRole('main');
    await page.goto('/settings');
    await expect(page).toHaveURL('/settings/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expectAccessible();

    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Preferences' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
    await expect(main.getByLabel('Language', { exact: true })).toHaveValue('auto');
    await expectAccessible();

    await main.getByLabel('Language', { exact: true }).selectOption('fr');
    await main.getByLabel('Currency', { exact: true }).selectOption('USD');
    await main.getByLabel('Date format', { exact: true }).selectOption('yyyy-MM-dd');
    await main.getByLabel('Number format', { exact: true }).selectOption('american');
    await page.getByRole('button', { name: 'Save changes' }).click();

    // French everywhere at once: page, header, sidebar, settings navigation.
    await expect(page.getByText('Préférences enregistrées')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Préférences' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const sidebar = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(sidebar.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toContainText('Grace Hopper');
    await expect(page.getByTestId('greeting')).not.toContainText('Welcome');
    await expect(
      page
        .getByRole('navigation', { name: 'Paramètres' })
        .getByRole('link', { name: 'Notifications' }),
    ).toBeVisible();
    // The examples use the saved currency and formats.
    await expect(page.locator('#preferences-currency-example')).toHaveText(/1,234\.56\s\$/);
    await expect(page.getByText(/^Aujourd’hui : \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expectAccessible();

    // Another page formats its dates the chosen way.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await expect(page.getByText(/^Membre depuis le \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expectAccessible();

    // The server's preference wins on load.
    await page.reload();
    await expect(page.getByText(/^Membre depuis le \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await page.goto('/settings/preferences');
    await expect(main.getByLabel('Langue', { exact: true })).toHaveValue('fr');
    await expect(main.getByLabel('Devise', { exact: true })).toHaveValue('USD');
    await expect(main.getByLabel('Format de date', { exact: true })).toHaveValue('yyyy-MM-dd');
    await expect(main.getByLabel('Format des nombres', { exact: true })).toHaveValue('american');
  });

  test('notification settings are saved and stay after a reload', async ({
    page,
    expectAccessible,
  }) => {
    await register(page, uniqueEmail('notify'), { fullName: 'Ada Lovelace' });
    const main = page.getByRole('main');
    await page.goto('/settings/notifications');
    await expect(page.getByRole('switch', { name: /^Goals/ })).toBeChecked();
    await expect(main.getByLabel('From', { exact: true })).toBeDisabled();
    await expectAccessible();

    await page.getByRole('switch', { name: /^Goals/ }).click();
    await main.getByLabel('Frequency', { exact: true }).selectOption('daily');
    await page.getByRole('switch', { name: /^Quiet hours/ }).click();
    await main.getByLabel('From', { exact: true }).fill('23:30');
    await page.getByRole('switch', { name: /^Email me about new sign-ins/ }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: /^Goals/ })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: /^Transactions/ })).toBeChecked();
    await expect(main.getByLabel('Frequency', { exact: true })).toHaveValue('daily');
    await expect(page.getByRole('switch', { name: /^Quiet hours/ })).toBeChecked();
    await expect(main.getByLabel('From', { exact: true })).toHaveValue('23:30');
    await expect(
      page.getByRole('switch', { name: /^Email me about new sign-ins/ }),
    ).not.toBeChecked();

    // The security page's sign-in e-mail switch is the same setting.
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Security' })
      .click();
    await expect(
      page.getByRole('switch', { name: 'Email me about new sign-ins' }),
    ).not.toBeChecked();
  });

  test('theme settings are saved and stay after a reload', async ({ page, expectAccessible }) => {
    await register(page, uniqueEmail('theme'), { fullName: 'Ada Lovelace' });
    await page.goto('/settings/theme');
    await expect(page.getByRole('radio', { name: 'System', exact: true })).toBeChecked();
    await expectAccessible();
    await page.getByRole('radio', { name: 'Dark', exact: true }).check();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByText('Theme settings saved')).toBeVisible();
    await page.getByRole('radio', { name: /^Large/ }).check();
    await expect(page.locator('html')).toHaveAttribute('data-font-size', 'large');
    await page.getByRole('radio', { name: /^High/ }).check();
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    // Three saves stack three toasts, the ones behind faded on purpose while they leave: check
    // the page once they are gone (axe would measure a toast caught mid-fade).
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible();

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('html')).toHaveAttribute('data-font-size', 'large');
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-font-size', 'large');
  });

  test('the user menu shows the display name and opens every settings page', async ({
    page,
    expectAccessible,
  }) => {
    await register(page, uniqueEmail('menu'), { fullName: 'Grace Hopper' });
    const main = page.getByRole('main');
    await page.goto('/settings/account');
    await main.getByLabel('Display name', { exact: true }).fill('Amazing Grace');
    await main.getByLabel('Bio', { exact: true }).fill('Compilers, mostly.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Settings updated successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu, Amazing Grace' })).toContainText(
      'AG',
    );

    await expectAccessible();
    await page.getByRole('button', { name: 'Account menu, Amazing Grace' }).click();
    for (const [name, path] of [
      ['Privacy', '/settings/privacy'],
      ['Subscription', '/settings/subscription'],
      ['Integrations', '/settings/integrations'],
    ] as const) {
      await page.getByRole('menuitem', { name }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expectAccessible();
      await page.getByRole('button', { name: 'Account menu, Amazing Grace' }).click();
    }
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });
});
