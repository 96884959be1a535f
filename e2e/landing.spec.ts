import { expect, switchSiteLanguage, test } from './fixtures';

test.describe('landing page', () => {
  test('presents Cairn in English with every section, and is accessible', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Cairn · Every asset you own, in one calm place');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Every asset you own, in one calm place.',
    );
    for (const section of [
      'The whole picture, down to the lot',
      'Six kinds of assets, one net worth',
      'Up and running in minutes',
      'Simple plans',
      'Questions, answered',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    // The six asset classes.
    for (const assetClass of [
      'Market investments',
      'Crypto',
      'Real estate',
      'Crowdfunding',
      'Savings accounts',
      'Other assets',
    ]) {
      await expect(
        page.getByRole('heading', { level: 3, name: assetClass, exact: true }),
      ).toBeVisible();
    }
    // Pricing in dollars in English.
    const pricing = page.locator('#pricing');
    await expect(pricing.getByText('$0', { exact: true })).toBeVisible();
    await expect(pricing.getByText('$9', { exact: true })).toBeVisible();
    await expect(pricing.getByText('$29', { exact: true })).toBeVisible();
    await expect(pricing.getByText('Up to 10 assets')).toBeVisible();
    await expect(pricing.getByText('Unlimited assets')).toBeVisible();
    await expect(pricing.getByText('API access')).toBeVisible();
    // The example figures say they are an example.
    await expect(page.getByText('Illustration with example figures')).toBeVisible();
    await expectAccessible();
  });

  test('opens an FAQ answer from the keyboard', async ({ page }) => {
    await page.goto('/#faq');
    const question = page.getByText('Is Cairn financial or tax advice?');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('No. Cairn records and computes from what you enter.', { exact: false }),
    ).toBeVisible();
  });

  test('switches to French, in euros, and keeps French after a reload', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/');
    await switchSiteLanguage(page, 'Français');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Tout votre patrimoine, au calme, au même endroit.',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-fr.json');
    await expect(page.locator('#pricing').getByText(/^9\s€$/)).toBeVisible();
    await expect(page.locator('#pricing').getByText(/^29\s€$/)).toBeVisible();
    await expect(page).toHaveTitle('Cairn · Tout votre patrimoine, au calme, au même endroit');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Tout votre patrimoine, au calme, au même endroit.',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expectAccessible();

    await switchSiteLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Every asset you own, in one calm place.',
    );
  });

  test('follows a French browser on the first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Tout votre patrimoine, au calme, au même endroit.',
    );
    await context.close();
  });

  test('arrives already rendered in the browser language and takes it over without errors', async ({
    browser,
    request,
  }) => {
    for (const [locale, heading] of [
      ['en-US', 'Every asset you own, in one calm place.'],
      ['fr-FR', 'Tout votre patrimoine, au calme, au même endroit.'],
    ] as const) {
      // The first HTML holds the page (painted before any script runs).
      const html = await (
        await request.get('/', { headers: { 'accept-language': locale } })
      ).text();
      expect(html).toContain(`${heading}</h1>`);

      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/', { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // Hydrated: the controls answer.
      await page.getByRole('button', { name: /^(Appearance|Apparence)/ }).click();
      await expect(
        page.getByRole('button', { name: /^(Appearance: Light|Apparence: Clair)$/ }),
      ).toBeVisible();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  test('keeps the dark mode chosen across reloads', async ({ page, expectAccessible }) => {
    await page.goto('/');
    // System → Light → Dark.
    await page.getByRole('button', { name: 'Appearance: System' }).click();
    await page.getByRole('button', { name: 'Appearance: Light' }).click();
    await expect(page.getByRole('button', { name: 'Appearance: Dark' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectAccessible();
  });

  test('works on a 390 px phone with the menu sheet', async ({ browser, expectAccessible }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Main' });
    await expect(dialog.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await dialog.getByRole('link', { name: 'Pricing' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Simple plans' })).toBeInViewport();
    await expectAccessible(page);
    await context.close();
  });
});
