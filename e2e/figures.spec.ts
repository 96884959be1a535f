import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, register, signIn, uniqueEmail } from './helpers';

/**
 * Figures and lists (issue 26): a portfolio with a euro share, a dollar crypto and a flat. A fee
 * payment counts in the Fees total; the overview sorts by the value converted into one currency
 * (the dollar crypto between the flat and the share, not after every euro row); the flat's value,
 * typed today, is not today's gain on the dashboard nor a top mover; the crypto's day change
 * reads in dollars on its row; a quantity too large says so; the overview's cards and total are
 * its rows' and the dashboard's figures (the coin at its close, not its typed price).
 */

/** The journey's own symbol: other journeys share the server and its market data. */
const COIN = 'FIGCOIN';
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An amount as the app shows it, matched loosely on the separators (no-break spaces, , or .). */
const amount = (text: string) =>
  new RegExp(
    text
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/ /g, '\\s?')
      .replace(/[,.](?=\d\d\b)/g, '[,.]'),
  );

/** Closes of the coin in dollars yesterday and today, and a dollar at 1.10 euro-wise. */
async function storeMarketData(page: Page) {
  await signIn(page, ADMIN_EMAIL);
  await expect(page).toHaveURL('/dashboard');
  const csv = [
    'symbol,date,close,currency',
    `${COIN},${day(-1)},60000,USD`,
    `${COIN},${day(0)},61000,USD`,
    `EURUSD,${day(-1)},1.1,`,
  ].join('\n');
  const res = await page.request.post('/api/v1/market-data/import', {
    data: { csv, commit: true },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function fill(dialog: Locator, fields: [string | RegExp, string][]) {
  for (const [label, value] of fields) await dialog.getByLabel(label).first().fill(value);
}

async function addHolding(page: Page, path: string, button: string, title: string) {
  await page.goto(path);
  await page.getByRole('button', { name: button }).first().click();
  return page.getByRole('dialog', { name: title });
}

/** The text of each body row of the page's first table, in order. */
async function rowTexts(page: Page) {
  const rows = page.getByRole('table').first().getByRole('row');
  const count = await rows.count();
  const texts: string[] = [];
  for (let i = 1; i < count; i += 1) texts.push(await rows.nth(i).innerText());
  return texts;
}

test('a fee counted, holdings sorted by converted value, a typed value not a gain of the day', async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.setTimeout(150_000);
  const admin = await browser.newPage();
  await storeMarketData(admin);
  await admin.close();
  await register(page, uniqueEmail('figures'), { fullName: 'Ada Lovelace' });

  // A euro share without stored closes, at the price typed on it.
  let dialog = await addHolding(
    page,
    '/assets/market',
    'Add investment',
    'Add a market investment',
  );
  await fill(dialog, [
    ['Symbol', 'CAIRN'],
    ['Name', 'Cairn SA'],
    ['Quantity', '10'],
    ['Purchase price', '100'],
    ['Current price', '120'],
    ['Purchase date', '2024-01-10'],
  ]);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();

  // A dollar crypto (the form starts in the portfolio's euros). A quantity too large is refused
  // with what is wrong, before anything is sent.
  dialog = await addHolding(page, '/assets/crypto', 'Add crypto', 'Add crypto');
  await dialog.getByLabel('Currency').selectOption('USD');
  await fill(dialog, [
    ['Symbol', COIN],
    ['Name', 'Bitcoin'],
    ['Quantity', '1e309'],
    ['Purchase price', '40000'],
    // Typed at yesterday's close: today's stored close (61,000) is what it is worth.
    ['Current price', '60000'],
    ['Purchase date', '2025-01-15'],
  ]);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    dialog.getByText('This number is too large: at most 15 digits before the decimal point'),
  ).toBeVisible();
  await expect(dialog.getByText('Quantity must be positive')).toHaveCount(0);
  await expectAccessible();
  await fill(dialog, [['Quantity', '0.5']]);
  // The form starts in the portfolio's euros: this coin is held in dollars.
  await dialog.getByLabel('Currency').selectOption('USD');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();

  // A flat bought in 2020, worth 347,500 as of today (the form dates the value, today first).
  dialog = await addHolding(page, '/assets/real-estate', 'Add property', 'Add a property');
  await fill(dialog, [
    ['Property name', 'Flat in Lyon'],
    ['Address', '1 rue de la République'],
    ['Purchase price', '317500'],
    ['Current value', '347500'],
    ['Purchase date', '2020-01-10'],
  ]);
  await expect(dialog.getByLabel(/^Value as of/)).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();

  // A custody fee of 5 EUR on the share, paid last year: the Fees total counts it.
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'New transaction' }).click();
  dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Asset').selectOption({ label: 'CAIRN · Cairn SA' });
  await dialog.getByLabel('Type').selectOption('fee');
  await fill(dialog, [
    ['Quantity', '1'],
    ['Price per unit', '5'],
    ['Trade date', '2025-06-02'],
  ]);
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Transaction created successfully')).toBeVisible();
  const fees = page.getByTestId('totals').locator('div').filter({ hasText: /^Fees/ });
  await expect(fees).toContainText(amount('€5,00'));
  await expectAccessible();

  // The overview: by value converted into one currency, highest first. 0.5 x 61,000 USD is
  // about 27,727 EUR: between the flat (347,500) and the share (1,200).
  await page.goto('/assets');
  await expect(page.getByTestId('converted-total')).toBeVisible();
  await expect
    .poll(() => rowTexts(page))
    .toEqual([
      expect.stringMatching(/Flat in Lyon/),
      expect.stringMatching(new RegExp(COIN)),
      expect.stringMatching(/CAIRN/),
    ]);
  await expectAccessible();

  // The crypto's row: its day change in dollars, as its value (0.5 x 1,000 USD).
  await page.goto('/assets/crypto');
  const coin = page.getByRole('row').filter({ hasText: 'Bitcoin' });
  await expect(coin).toContainText(amount('+$500,00'));
  await expect(coin).not.toContainText('€');

  // The dashboard: today is the coin's move (500 USD at 1.10), not the flat's 30,000 typed today.
  await page.goto('/dashboard');
  await expect(page.getByTestId('net-worth-value')).toHaveText(amount('€376 427,27'));
  const card = page.getByTestId('net-worth-value').locator('..');
  await expect(card).toContainText(amount('+€454,55'));
  await expect(card).not.toContainText(/30\s?000/);
  const movers = page.getByRole('table', { name: 'Holdings that moved the most today' });
  await expect(movers.getByRole('row')).toHaveCount(2);
  await expect(movers).toContainText(COIN);
  await expect(movers).not.toContainText('Flat in Lyon');
  await expectAccessible();

  // The assets overview agrees: its total is the net worth, to the cent, and the crypto card is
  // its row (0.5 x today's close of 61,000 USD, not the 60,000 typed).
  const netWorth = (await page.getByTestId('net-worth-value').innerText()).trim();
  await page.goto('/assets');
  const total = page.getByTestId('converted-total');
  await expect(total).toContainText(netWorth);
  await expect(total).toContainText(amount('€376 427,27'));
  const cryptoCard = page.getByTestId('category-crypto');
  await expect(cryptoCard).toContainText(amount('$30 500,00'));
  await expect(cryptoCard).not.toContainText(/30\s?000/);
  await expect(page.getByRole('row').filter({ hasText: COIN })).toContainText(amount('$30 500,00'));
  await expect(page.getByTestId('category-market')).toContainText(amount('€1 200,00'));
  await expectAccessible();
});
