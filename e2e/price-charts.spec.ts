import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, register, signIn, uniqueEmail } from './helpers';

/**
 * Price charts (issue 13): an admin stores a year and a half of closes for a symbol; a user who
 * holds it sees a sparkline under it on the portfolio page and opens its price chart on the
 * market page, picks another period, and reads it as a table; then on a phone, in dark mode.
 */

const SYMBOL = 'PXCHART';

/** 550 daily closes in EUR ending yesterday (UTC), a gentle wave. */
function closes() {
  const end = Date.now() - 86_400_000;
  return Array.from({ length: 550 }, (_, i) => ({
    date: new Date(end - (549 - i) * 86_400_000).toISOString().slice(0, 10),
    close: (100 + 20 * Math.sin(i / 30) + i / 20).toFixed(2),
  }));
}

async function storeCloses(page: Page) {
  await signIn(page, ADMIN_EMAIL);
  await expect(page).toHaveURL('/dashboard');
  const origin = new URL(page.url()).origin;
  const res = await page.request.put(`/api/v1/market-data/prices/${SYMBOL}`, {
    data: { currency: 'EUR', name: 'Price Chart SA', kind: 'stock', closes: closes() },
    headers: { origin },
  });
  expect(res.status()).toBe(200);
}

async function addHolding(page: Page) {
  await page.goto('/assets/market');
  await page.getByRole('button', { name: 'Add investment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a market investment' });
  await dialog.getByRole('combobox', { name: 'Symbol' }).fill(SYMBOL);
  await dialog.getByRole('option', { name: new RegExp(SYMBOL) }).click();
  for (const [label, value] of [
    ['Quantity', '10'],
    ['Purchase price', '100'],
    ['Purchase date', '2025-01-10'],
  ] as const) {
    await dialog.getByLabel(label, { exact: false }).first().fill(value);
  }
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a sparkline per holding and a price chart with its periods, on a phone too', async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const admin = await browser.newPage();
  await storeCloses(admin);
  await admin.close();

  await register(page, uniqueEmail('prices'), { fullName: 'Ada Lovelace' });
  await addHolding(page);

  // The market page: the row opens the price chart, 1Y first, another period on request.
  const open = page.getByRole('button', { name: 'Show the price chart of Price Chart SA' });
  await open.click();
  await expect(page.getByRole('heading', { name: `Price of ${SYMBOL}` })).toBeVisible();
  const chart = page.getByRole('img', { name: new RegExp(`^Price over 1 year \\(${SYMBOL}\\)`) });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expectAccessible();
  await page.getByRole('radio', { name: '3M' }).click();
  await expect(
    page.getByRole('img', { name: new RegExp(`^Price over 3 months \\(${SYMBOL}\\)`) }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(
    page.getByRole('table', { name: `Price over 3 months (${SYMBOL})` }).getByRole('row'),
  ).not.toHaveCount(0);

  // The portfolio page: a sparkline under the holding, labelled with its period.
  await page.goto('/dashboard');
  await page
    .getByRole('table', { name: /^Your portfolios/ })
    .getByRole('link', { name: 'My Portfolio' })
    .click();
  const holdingsTable = page.getByRole('table', { name: /^Holdings of / });
  const sparkline = holdingsTable.getByRole('img', { name: /^Price over 1 year: from € ?/ });
  await expect(sparkline).toBeVisible();
  await expect(sparkline.locator('svg')).toBeVisible();
  await expectAccessible();
  const portfolioUrl = page.url();

  // A phone, in dark mode, with less motion: nothing spills sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await page.reload();
  await expect(sparkline).toBeVisible();
  expect(await fitsThePhone(page)).toBeLessThanOrEqual(390);
  await expectAccessible();

  await page.goto('/assets/market');
  await open.click();
  await expect(
    page.getByRole('img', { name: new RegExp(`^Price over 1 year \\(${SYMBOL}\\)`) }),
  ).toBeVisible();
  expect(await fitsThePhone(page)).toBeLessThanOrEqual(390);
  // Nor does the table scroll sideways inside its card.
  const table = page.locator('[data-slot=table-container][aria-label="Market investments"]');
  expect(
    await table.evaluate((element) => element.scrollWidth - element.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectAccessible();
  expect(portfolioUrl).toMatch(/\/portfolio\//);
});
