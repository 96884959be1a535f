import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

/**
 * The wealth projection (issue 29): from a holding to where it may go, the figures following
 * what is typed, today's money and the year-by-year table, a one-off event, each goal's chance by
 * its date, in French too, and on a phone in dark mode.
 */

/** Adds 10 x 180 EUR of a market holding to the account's first portfolio; returns its id. */
async function addHolding(page: Page) {
  const origin = new URL(page.url()).origin;
  const portfolios = (await (await page.request.get('/api/v1/portfolios')).json()) as {
    portfolios: { id: string }[];
  };
  const added = await page.request.post(
    `/api/v1/portfolios/${portfolios.portfolios[0]?.id}/holdings`,
    {
      headers: { origin },
      data: {
        class: 'market',
        symbol: 'PROJ',
        name: 'Projection Holding',
        quantity: '10',
        purchasePrice: '150',
        currentPrice: '180',
        purchaseDate: '2024-01-10',
      },
    },
  );
  expect(added.status()).toBe(201);
  return portfolios.portfolios[0]!.id;
}

/** Creates a goal measured by the whole portfolio through the API. */
async function addGoal(
  page: Page,
  portfolioId: string,
  goal: { title: string; targetAmount: string; targetDate: string },
) {
  const origin = new URL(page.url()).origin;
  const created = await page.request.post(`/api/v1/portfolios/${portfolioId}/goals`, {
    headers: { origin },
    data: { ...goal, category: 'retirement', currency: 'EUR', measure: { kind: 'portfolio' } },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** Mid-June of the year `years` from now (UTC, as the server counts days). */
const juneIn = (years: number) => `${new Date().getUTCFullYear() + years}-06-15`;

/** The digits of a figure as shown ('12 345 €' and '€12,345' both give '12345'). */
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

test('project the net worth, follow what is typed, read it in today’s money and as a table', async ({
  page,
  expectAccessible,
}) => {
  await register(page, uniqueEmail('projection'));
  await addHolding(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('button', { name: 'Analytics' }).click();
  await page.getByRole('link', { name: 'Wealth projection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wealth projection' })).toBeVisible();

  // From the net worth (10 x 180) and the allocation (all market: 7% a year, 16% volatility).
  await expect(page.getByLabel('Start value')).toHaveValue('1800');
  await expect(page.getByLabel('Expected yearly return')).toHaveValue('7');
  await expect(page.getByLabel('Yearly volatility')).toHaveValue('16');
  const horizon = page.getByRole('table', { name: 'Projected value in 20 years' });
  await expect(horizon.getByRole('row', { name: /^Median/ })).toBeVisible();
  await expectAccessible();

  // 500 a month for 30 years, rising 2% a year: what was paid in is exact.
  await page.getByLabel('Monthly contribution').fill('500');
  await page.getByLabel('Horizon').fill('30');
  const thirty = page.getByRole('table', { name: 'Projected value in 30 years' });
  let paid = 1_800;
  for (let year = 0; year < 30; year += 1) paid += 12 * 500 * 1.02 ** year;
  await expect
    .poll(async () => digits(await thirty.getByRole('row', { name: /^Paid in/ }).textContent()))
    .toContain(String(Math.round(paid)));
  // The median is below the average path and above the unfavourable end.
  const figure = async (name: RegExp) =>
    Number(digits(await thirty.getByRole('row', { name }).getByRole('cell').first().textContent()));
  const median = await figure(/^Median/);
  expect(median).toBeLessThan(await figure(/^Average path/));
  expect(median).toBeGreaterThan(await figure(/^Unfavourable/));

  // Year by year, in today's money, as a table: 31 rows (today and 30 year ends).
  await page.getByRole('radio', { name: "Today's money" }).click();
  await page.getByRole('button', { name: 'Show as table' }).click();
  const table = page.getByRole('table', {
    name: "Projected value over 30 years, in today's money",
  });
  await expect(table.getByRole('row')).toHaveCount(32);
  await expectAccessible();

  // A withdrawal in year 10 lowers every figure after it.
  await page.getByRole('button', { name: 'Add an event' }).click();
  await expect(page.getByLabel('Event 1: year')).toHaveValue('10');
  await page.getByLabel(/Event 1: amount/).fill('-20000');
  await expect
    .poll(async () => digits(await thirty.getByRole('row', { name: /^Paid in/ }).textContent()))
    .toContain(String(Math.round(paid - 20_000)));

  // Saved as a scenario of the portfolio, compared after a change, then opened again.
  await page.getByLabel('Name these inputs').fill('Thirty years');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const scenarios = page.getByRole('list', { name: 'Scenarios' });
  await expect(scenarios.getByText('Thirty years', { exact: true }).first()).toBeVisible();
  await page.getByLabel('Horizon').fill('15');
  await expect(page.getByRole('table', { name: 'Projected value in 15 years' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Compare Thirty years' }).check();
  await expect(page.getByText('Median: Thirty years').first()).toBeVisible();
  await page.getByRole('button', { name: 'Open Thirty years in the form' }).click();
  await expect(page.getByLabel('Horizon')).toHaveValue('30');
  await expect(thirty).toBeVisible();
  await expectAccessible();

  // A field out of range says so and leaves the last figures.
  await page.getByLabel('Horizon').fill('80');
  await expect(page.getByText(/Enter a number from 1 to 50/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Correct the fields' })).toBeVisible();
  await expect(thirty).toBeVisible();
});

test('in French, and on a phone in dark mode', async ({ page, expectAccessible }) => {
  await register(page, uniqueEmail('projection-fr'));
  await addHolding(page);
  const origin = new URL(page.url()).origin;
  const french = await page.request.patch('/api/v1/settings', {
    headers: { origin },
    data: { preferences: { language: 'fr' } },
  });
  expect(french.status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/wealth-projection');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Projection de patrimoine' }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Valeur projetée dans 20 ans' })).toBeVisible();
  await expect(
    page.getByText(/Prérempli d’après la répartition par classe d’actifs/),
  ).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectAccessible();
});

test('read the chance of each goal measured by the whole portfolio by its date', async ({
  page,
  expectAccessible,
}) => {
  await register(page, uniqueEmail('projection-goals'));
  const portfolioId = await addHolding(page);
  // 1,800 EUR today, all in market holdings: 7% a year, 16% volatility.
  await addGoal(page, portfolioId, {
    title: 'Deposit',
    targetAmount: '2000',
    targetDate: juneIn(5),
  });
  await addGoal(page, portfolioId, {
    title: 'Villa',
    targetAmount: '1000000',
    targetDate: juneIn(10),
  });
  await addGoal(page, portfolioId, {
    title: 'Retirement',
    targetAmount: '3000',
    targetDate: juneIn(25),
  });
  await page.goto('/wealth-projection');
  await expect(page.getByRole('heading', { level: 2, name: 'Goals' })).toBeVisible();
  await expect(
    page.getByText(/Only active goals measured by the whole portfolio are compared/),
  ).toBeVisible();

  const chance = (title: string) =>
    page
      .getByRole('row', { name: new RegExp(`^${title}`) })
      .getByRole('cell')
      .last();
  const percent = async (title: string) => {
    const text = (await chance(title).textContent()) ?? '';
    return /^\d+%$/.test(text) ? Number(text.slice(0, -1)) : null;
  };
  // About five years at 7% and 16% volatility take 1,800 to 2,000 or more in about two markets in
  // three (log-normal: the median grows to about 2,370); a million is out of reach.
  await expect.poll(() => percent('Deposit')).toBeGreaterThan(50);
  expect(await percent('Deposit')).toBeLessThan(85);
  await expect(chance('Villa')).toHaveText('0%');
  await expect(chance('Retirement')).toHaveText('After the horizon');
  // The target in its own currency (the figures' format is the user's: '€2 000' here).
  const deposit = page.getByRole('row', { name: /^Deposit/ });
  await expect(deposit.getByRole('cell').nth(1)).toContainText('€');
  expect(digits(await deposit.getByRole('cell').nth(1).textContent())).toBe('2000');
  await expectAccessible();

  // Without volatility every market follows the average path: 1,800 x 1.07^5 is above 2,000.
  await page.getByLabel('Yearly volatility').fill('0');
  await expect(chance('Deposit')).toHaveText('100%');
  // With no return either, the value stays at 1,800: below it.
  await page.getByLabel('Expected yearly return').fill('0');
  await expect(chance('Deposit')).toHaveText('0%');
  // A horizon of 30 years reaches the retirement's date: 1,800 never grows to 3,000 at 0%.
  await page.getByLabel('Horizon').fill('30');
  await expect(chance('Retirement')).toHaveText('0%');
  // 300 a month for 25 years more than does it.
  await page.getByLabel('Monthly contribution').fill('300');
  await expect(chance('Retirement')).toHaveText('100%');
});
