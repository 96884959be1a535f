import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

/**
 * Goals (issue 29): set one from the empty page, watch its progress move when a holding arrives
 * (live, as other portfolio changes are), read its chance by its date, adopt a suggestion, and
 * find the top goals on the dashboard; in French on a phone in dark mode too.
 */

async function firstPortfolio(page: Page) {
  const answer = (await (await page.request.get('/api/v1/portfolios')).json()) as {
    portfolios: { id: string }[];
  };
  return answer.portfolios[0]!.id;
}

/** Adds `quantity` x 250 EUR of a market holding to the portfolio, through the API. */
async function addHolding(page: Page, portfolioId: string, symbol: string, quantity: string) {
  const origin = new URL(page.url()).origin;
  const added = await page.request.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
    headers: { origin },
    data: {
      class: 'market',
      symbol,
      name: `Holding ${symbol}`,
      quantity,
      purchasePrice: '250',
      currentPrice: '250',
      purchaseDate: '2024-01-10',
      currency: 'EUR',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
}

const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

test('set a goal, watch it move live when a holding arrives, and read its chance', async ({
  page,
  expectAccessible,
}) => {
  // A new account writes numbers the European way (1 000,00) until the user says otherwise.
  await register(page, uniqueEmail('goals'));
  const portfolioId = await firstPortfolio(page);
  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Goals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Goals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No goals yet' })).toBeVisible();
  await expect(page.getByText('0 of 3 goals on your plan')).toBeVisible();
  await expectAccessible();

  // A goal measured by the whole portfolio's value, 10,000 EUR in about five years.
  await page.getByRole('button', { name: 'New goal' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New goal' });
  await dialog.getByLabel('Title').fill('House');
  await dialog.getByLabel('Category').selectOption('home');
  await dialog.getByLabel('Target amount').fill('10000');
  const year = new Date().getUTCFullYear() + 5;
  await dialog.getByLabel('Target date').fill(`15/06/${year}`);
  await dialog.getByLabel('Target date').press('Tab');
  await expect(dialog.getByRole('radio', { name: 'The whole portfolio’s value' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create goal' }).click();
  await expect(dialog).toBeHidden();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'House' }) });
  await expect(card).toContainText(/€0 of €10\s?000/);
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

  // A holding of 10 x 250 EUR arrives from elsewhere (another tab, the API): 25%, no reload.
  await addHolding(page, portfolioId, 'GOAL', '10');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  await expect(card).toContainText(/€2\s?500 of €10\s?000/);
  await expect(card).toContainText(/25,0\s?% reached/);
  await expectAccessible();

  // Its page: the chance of reaching it by its date, from the simulation, with a saving tried.
  await card.getByRole('link', { name: 'House' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'House' })).toBeVisible();
  const odds = page.getByTestId('goal-odds');
  await expect(odds).toHaveText(/^\d{1,3}%$/);
  const before = Number((await odds.textContent())!.replace('%', ''));
  expect(before).toBeLessThan(50);
  await page.getByLabel(/^Saving each month/).fill('500');
  await expect
    .poll(async () => Number(((await odds.textContent()) ?? '').replace(/\D/g, '')))
    .toBeGreaterThan(95);
  await expectAccessible();

  // The 25% milestone reached a notification (the Goals tab fills).
  await page
    .getByRole('button', { name: /Notifications/ })
    .first()
    .click();
  await expect(page.getByText(/milestone/i).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Back to the list: a suggestion adopted in one click is a goal, labelled apart until then.
  await page.getByRole('link', { name: 'All goals' }).click();
  const suggestions = page.getByRole('region', { name: 'Suggestions' });
  await suggestions.getByRole('button', { name: 'Adopt: Retirement' }).click();
  await expect(page.getByRole('link', { name: 'Retirement' })).toBeVisible();
  await expect(suggestions.getByText('Retirement')).toHaveCount(0);

  // The dashboard shows the top goals.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  const top = page.locator('[data-slot="card"]').filter({ hasText: 'All goals' });
  await expect(top.getByRole('link', { name: 'House' })).toBeVisible();
  expect(plain(await top.textContent())).toMatch(/25 ?%/);
});

test('goals in French, on a phone in dark mode', async ({ page, expectAccessible }) => {
  await register(page, uniqueEmail('goals-fr'));
  const portfolioId = await firstPortfolio(page);
  const origin = new URL(page.url()).origin;
  const french = await page.request.patch('/api/v1/settings', {
    headers: { origin },
    data: { preferences: { language: 'fr' } },
  });
  expect(french.status()).toBe(200);
  await addHolding(page, portfolioId, 'FRGO', '4');
  const created = await page.request.post(`/api/v1/portfolios/${portfolioId}/goals`, {
    headers: { origin },
    data: {
      title: 'Tour du monde',
      category: 'travel',
      targetAmount: '4000',
      currency: 'EUR',
      targetDate: `${new Date().getUTCFullYear() + 2}-09-01`,
      measure: { kind: 'portfolio' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/goals');
  await expect(page.getByRole('heading', { level: 1, name: 'Objectifs' })).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Tour du monde' }) });
  await expect(card).toContainText('25,0 % atteint');
  await expect(page.getByRole('region', { name: 'Suggestions' })).toBeVisible();
  await expectAccessible();
  await card.getByRole('link', { name: 'Tour du monde' }).click();
  await expect(page.getByText('Probabilité de l’atteindre à sa date')).toBeVisible();
  await expect(page.getByTestId('goal-odds')).toHaveText(/^\d{1,3}\s%$/);
  await expectAccessible();
});
