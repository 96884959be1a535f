import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { enrolAuthenticator, PASSWORD, register, totp, uniqueEmail } from './helpers';

/** The session cookie goes (as when it expires): the server no longer knows this browser. */
async function dropSession(page: Page) {
  await page.context().clearCookies({ name: /cairn_session$/ });
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** A link of the sidebar's Assets group (opened first when closed). */
async function assetsLink(page: Page, name: string) {
  const group = sidebar(page).getByRole('button', { name: 'Assets' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  return sidebar(page).getByRole('link', { name, exact: true });
}

/** The page's focused element, as a short description. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()}:${element.textContent?.trim() ?? ''}` : '';
  });

test.describe('an ended session', () => {
  test('a request that answers 401 goes to /login keeping the page; signing in comes back to it', async ({
    page,
  }) => {
    const email = uniqueEmail('expiry');
    await register(page, email);
    const portfolios = (await (await page.request.get('/api/v1/portfolios')).json()) as {
      portfolios: { id: string }[];
    };
    const portfolioId = portfolios.portfolios[0]!.id;
    await page.goto(`/dashboard?portfolio=${portfolioId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The page's reads done (the dashboard asks once its scope is known): the next one is the
    // click's, the first to meet the ended session.
    await page.waitForLoadState('networkidle');

    // The sidebar's group opened first (no request): the session ends just before the click, so
    // no background read (a refetch, the realtime socket) meets it first.
    const transactions = await assetsLink(page, 'Transactions');
    await expect(transactions).toBeVisible();
    await dropSession(page);
    await transactions.click();

    // Straight to the sign-in page, not 'could not load' cards.
    await expect(page).toHaveURL(/\/login\?next=/);
    const next = new URL(page.url()).searchParams.get('next');
    expect(next).toBe(`/transactions?portfolio=${portfolioId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Data loading failed')).toHaveCount(0);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(`/transactions?portfolio=${portfolioId}`);
    await expect(page.locator('main h1')).toBeVisible();
  });

  test('after the two-factor step, signing in comes back to the page too', async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('expiry-2fa');
    await register(page, email);
    const secret = await enrolAuthenticator(page);
    await page.goto('/settings/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

    await dropSession(page);
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Security' })
      .click();
    await expect(page).toHaveURL('/login?next=%2Fsettings%2Fsecurity');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const code = page.getByLabel(/code/i).first();
    await expect(code).toBeVisible();
    // A code not used for the enrolment (the same one twice is refused as a replay); six digits
    // send it.
    await code.fill(totp(secret, 1));
    await expect(page).toHaveURL('/settings/security');
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  });

  test('a signed-out visit of the sign-in page logs no 401 in the console', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    const probes: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v1/auth/session') {
        probes.push(response.status());
      }
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect.poll(() => probes.length).toBeGreaterThan(0);
    expect(probes.every((status) => status === 200)).toBe(true);
    expect(messages.filter((text) => text.includes('401'))).toEqual([]);
  });
});

test.describe('focus', () => {
  test('moves to the new page’s heading after a navigation and announces its title', async ({
    page,
  }) => {
    await register(page, uniqueEmail('focus'));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The first load leaves focus where the browser put it.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // With the mouse: the heading takes focus, with no ring (nor with the keyboard below).
    await (await assetsLink(page, 'Transactions')).click();
    const heading = page.locator('main h1');
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute('tabindex', '-1');
    const outline = (element: Element) => getComputedStyle(element).outlineStyle;
    expect(await heading.evaluate(outline)).toBe('none');
    const title = await page.title();
    await expect(page.locator('[role="status"][aria-live="polite"]').last()).toHaveText(title);

    // With the keyboard: the link, Enter, then the next page's heading.
    const dashboardLink = sidebar(page).getByRole('link', { name: 'Dashboard' });
    await dashboardLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard/);
    const dashboardHeading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    await expect(dashboardHeading).toBeFocused();
    expect(await dashboardHeading.evaluate(outline)).toBe('none');
    await expect(page.locator('[role="status"][aria-live="polite"]').last()).toHaveText(
      'Dashboard · Cairn',
    );
    // Tab goes on from the heading into the page, never back to the start of the document.
    await page.keyboard.press('Tab');
    expect(await focused(page)).not.toMatch(/^body:/);
  });

  test('on a phone, a link of the navigation sheet leaves focus on the new page’s heading', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await register(page, uniqueEmail('focus-phone'));
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await (await assetsLink(page, 'Transactions')).click();
    await expect(page).toHaveURL(/\/transactions/);
    await expect(sidebar(page)).toBeHidden();
    await expect(page.locator('main h1')).toBeFocused();
  });

  test('after the first holding is added from the empty state, focus is on the page, not <body>', async ({
    page,
  }) => {
    await register(page, uniqueEmail('first-holding'));
    await page.goto('/assets/market');
    await expect(page.getByText('No market investments yet. Add your first one.')).toBeVisible();
    // The empty state's own button (the header has one too).
    const add = page.getByRole('button', { name: 'Add investment' }).last();
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a market investment' });
    await dialog.getByLabel('Symbol').fill('AAPL');
    await dialog.getByLabel('Name', { exact: false }).first().fill('Apple');
    await dialog.getByLabel('Quantity').fill('10');
    await dialog.getByLabel('Purchase price').fill('150');
    await dialog.getByLabel('Current price').fill('180');
    await dialog.getByLabel('Purchase date').fill('2024-01-10');
    await dialog.getByLabel('Sector').selectOption('Technology');
    await dialog.getByRole('button', { name: 'Add', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No market investments yet. Add your first one.')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Market investments' })).toBeFocused();
  });
});
