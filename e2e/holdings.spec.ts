import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

/**
 * An amount as the app shows it with the default number format (European: '€1 800,00', a
 * narrow no-break space between thousands), matched loosely on the space.
 */
const amount = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s'));

/** Fills an add dialog's fields by label and submits it. */
async function addHolding(
  page: Page,
  button: string,
  title: string,
  fields: [label: string, value: string, kind?: 'select'][],
) {
  await page.getByRole('button', { name: button }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  for (const [label, value, kind] of fields) {
    const control = dialog.getByLabel(label, { exact: false }).first();
    if (kind === 'select') await control.selectOption(value);
    else await control.fill(value);
  }
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('one holding of each class: each on its page, the overview totals them', async ({
  page,
  expectAccessible,
}) => {
  // Five classes, each on its page: 84 s beside another journey on this machine, so 150 s.
  test.setTimeout(150_000);
  await register(page, uniqueEmail('holder'));

  await page.goto('/assets/market');
  await expect(page.getByText('No market investments yet. Add your first one.')).toBeVisible();
  await expectAccessible();
  // The form checks the symbol rule before sending.
  await page.getByRole('button', { name: 'Add investment' }).first().click();
  const marketDialog = page.getByRole('dialog', { name: 'Add a market investment' });
  await marketDialog.getByLabel('Symbol').fill('aapl');
  await marketDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    marketDialog.getByText(
      'Symbol must contain only uppercase letters, numbers, dots, and hyphens',
    ),
  ).toBeVisible();
  await expectAccessible();
  await marketDialog.getByRole('button', { name: 'Cancel' }).click();

  await addHolding(page, 'Add investment', 'Add a market investment', [
    ['Symbol', 'AAPL'],
    ['Name', 'Apple'],
    ['Quantity', '10'],
    ['Purchase price', '150'],
    ['Current price', '180'],
    ['Purchase date', '10/01/2024'],
    ['Sector', 'Technology', 'select'],
  ]);
  await expect(page.getByText('Investment added successfully')).toBeVisible();
  const market = page.getByRole('region', { name: 'Market investments' }).or(page.locator('main'));
  await expect(market.getByRole('cell', { name: /AAPL/ })).toBeVisible();
  await expect(market.getByRole('cell', { name: amount('€1 800,00') })).toBeVisible();
  // The gain column (phones show it under the value instead: that copy is hidden here); the
  // page's performance figures show the same unrealised gain.
  await expect(
    market.getByText(amount('+€300,00 (+20,00%)')).filter({ visible: true }).first(),
  ).toBeVisible();

  await page.goto('/assets/crypto');
  await addHolding(page, 'Add crypto', 'Add crypto', [
    ['Symbol', 'btc'],
    ['Name', 'Bitcoin'],
    ['Quantity', '0.5'],
    ['Purchase price', '30000'],
    ['Current price', '40000'],
    ['Purchase date', '01/05/2023'],
  ]);
  await expect(page.getByText('Cryptocurrency added successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: /BTC/ })).toBeVisible();

  await page.goto('/assets/real-estate');
  await addHolding(page, 'Add property', 'Add a property', [
    ['Property name', 'Flat in Lyon'],
    ['Address', '1 rue de la République'],
    ['City', 'Lyon'],
    ['Purchase price', '250000'],
    ['Current value', '270000'],
    ['Rental income per month', '900'],
    ['Purchase date', '15/03/2020'],
  ]);
  await expect(page.getByRole('cell', { name: /^Flat in Lyon/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: amount('€900,00') })).toBeVisible();

  await page.goto('/assets/crowdfunding');
  await addHolding(page, 'Add investment', 'Add a crowdfunding investment', [
    ['Platform', 'Enerfip'],
    ['Project', 'Solar farm'],
    ['Amount invested', '1000'],
    ['Expected return', '7'],
    ['Duration', '36'],
    ['Investment date', '01/02/2024'],
  ]);
  await expect(page.getByRole('cell', { name: /^Solar farm/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: '36 months' })).toBeVisible();

  await page.goto('/assets/savings');
  await addHolding(page, 'Add account', 'Add a savings account', [
    ['Account name', 'Livret A'],
    ['Bank', 'La Banque Postale'],
    ['Balance', '5000'],
    ['Interest rate', '3'],
    ['Opening date', '01/01/2019'],
  ]);
  await expect(page.getByRole('cell', { name: /La Banque Postale/ })).toBeVisible();
  await expect(page.getByText('Tax-exempt')).toBeVisible();
  await page.getByRole('button', { name: 'Details of Livret A' }).click();
  await expect(page.getByText('Interest over the next year')).toBeVisible();
  await expectAccessible();

  // The overview: one card per category with its totals, and the whole list.
  await page.goto('/assets');
  await expect(page.getByTestId('tier-usage')).toHaveText('5 of 10 assets (Free plan)');
  const marketCard = page.getByTestId('category-market');
  await expect(marketCard).toContainText(amount('€1 800,00'));
  await expect(marketCard).toContainText(amount('€1 500,00'));
  await expect(marketCard).toContainText(amount('+€300,00'));
  // Added in the portfolio's currency (issue 26: the form no longer starts crypto in dollars).
  await expect(page.getByTestId('category-crypto')).toContainText(amount('€20 000,00'));
  await expect(page.getByTestId('category-real_estate')).toContainText(amount('€270 000,00'));
  await expect(page.getByTestId('category-crowdfunding')).toContainText(amount('€1 000,00'));
  await expect(page.getByTestId('category-savings')).toContainText(amount('€5 000,00'));
  await expect(page.getByRole('row')).toHaveCount(6);
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('crypto');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectAccessible();

  // Each holding's opening purchase is on the Transactions page.
  await page.goto('/transactions');
  await expect(page.getByTestId('totals')).toContainText('5');
  await expect(page.getByRole('cell', { name: /AAPL/ })).toBeVisible();
});

test('buy 10, buy 5, sell 12 FIFO: the lots, gain and tax match a hand computation', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await register(page, uniqueEmail('seller'));
  await page.goto('/assets/market');
  await addHolding(page, 'Add investment', 'Add a market investment', [
    ['Symbol', 'MC.PA'],
    ['Name', 'LVMH'],
    ['Quantity', '10'],
    ['Purchase price', '100'],
    ['Current price', '150'],
    ['Purchase date', '10/01/2024'],
  ]);

  await page.goto('/transactions');
  await page.getByRole('button', { name: 'New transaction' }).click();
  let dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Quantity').fill('5');
  await dialog.getByLabel('Price per unit').fill('120');
  await dialog.getByLabel('Trade date').fill('01/06/2024');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Transaction created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'New transaction' }).click();
  dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Type').selectOption('sell');
  await dialog.getByLabel('Quantity').fill('12');
  await dialog.getByLabel('Price per unit').fill('150');
  await dialog.getByLabel('Trade date').fill('01/03/2025');
  // The two lots, oldest first.
  const lots = dialog.getByTestId('available-lots');
  await expect(lots.getByRole('row')).toHaveCount(3);
  await expect(lots.getByRole('row').nth(1)).toContainText('#1');
  await expect(lots.getByRole('row').nth(2)).toContainText('#2');
  // Lot 1: 10 x 150 - 10 x 100 = 500 over 416 days: 17.2% = 86.00.
  // Lot 2: 2 x 150 - 2 x 120 = 60 over 273 days: 30% = 18.00. Total 104.00.
  const preview = dialog.getByTestId('sale-preview');
  await expect(preview.getByRole('row').nth(1)).toContainText(amount('€1 500,00'));
  await expect(preview.getByRole('row').nth(1)).toContainText(amount('+€500,00'));
  await expect(preview.getByRole('row').nth(1)).toContainText('416 days');
  await expect(preview.getByRole('row').nth(1)).toContainText('Long term');
  await expect(preview.getByRole('row').nth(1)).toContainText(amount('€86,00'));
  await expect(preview.getByRole('row').nth(2)).toContainText(amount('+€60,00'));
  await expect(preview.getByRole('row').nth(2)).toContainText('Short term');
  await expect(preview.getByRole('row').nth(2)).toContainText(amount('€18,00'));
  await expect(dialog.getByTestId('sale-tax-total')).toHaveText(amount('€104,00'));
  await expect(preview.getByRole('row').nth(3)).toContainText(amount('+€560,00'));
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Confirm the sale' }).click();
  await expect(page.getByText('Sell order executed successfully')).toBeVisible();

  // What is left: 3 of lot 2, at 120.
  await page.goto('/assets/market');
  await expect(page.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: amount('€120,00') })).toBeVisible();

  // Selling more than is held is refused with the figures.
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'New transaction' }).click();
  dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Type').selectOption('sell');
  await dialog.getByLabel('Quantity').fill('4');
  await dialog.getByLabel('Price per unit').fill('150');
  await expect(dialog.getByText('Insufficient balance. Available: 3, Requested: 4')).toBeVisible();
});
