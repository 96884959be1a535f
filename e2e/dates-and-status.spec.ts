import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

/** An amount as the app shows it by default ('€1 800,00'), matched loosely on the space. */
const amount = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s'));

/** Whether two boxes overlap. */
async function overlaps(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** With a toast on screen, opens the transaction dialog: no toast covers its buttons. */
async function expectToastClearOfDialogButtons(page: Page, toast: string) {
  const shown = page.locator('[data-sonner-toast]').filter({ hasText: toast });
  await expect(shown).toBeVisible();
  await page.getByRole('button', { name: 'New transaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New transaction' });
  await expect(dialog).toBeVisible();
  await expect(shown).toBeVisible();
  for (const name of ['Cancel', 'Record']) {
    expect(await overlaps(shown, dialog.getByRole('button', { name, exact: true })), name).toBe(
      false,
    );
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

test('dates typed and picked in the user’s format; a status change that moves the ledger asks first', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await register(page, uniqueEmail('dates'));

  // A new account's dates are dd/MM/yyyy (the default preference): typed that way.
  await page.goto('/assets/market');
  await page.getByRole('button', { name: 'Add investment' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a market investment' });
  await add.getByLabel('Symbol').fill('MC.PA');
  await add.getByLabel('Name').fill('LVMH');
  await add.getByLabel('Quantity').fill('10');
  await add.getByLabel('Purchase price').fill('100');
  await add.getByLabel('Current price').fill('150');
  await expect(add.getByLabel('Purchase date')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await add.getByLabel('Purchase date').fill('10/01/2024');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();

  // The opening buy is dated 10 January 2024, settled two days later.
  await page.goto('/transactions');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('12/01/2024');
  await expect(rows.nth(1)).toContainText('10/01/2024');

  // A trade date picked from the calendar with the keyboard: month and year, then the day.
  await page.getByRole('button', { name: 'New transaction' }).click();
  let dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Quantity').fill('5');
  await dialog.getByLabel('Price per unit').fill('120');
  await dialog.getByRole('button', { name: 'Choose a date' }).first().click();
  const calendar = page.getByRole('grid');
  await expect(calendar).toBeVisible();
  await expectAccessible();
  await page.getByRole('combobox', { name: 'Choose the Year' }).selectOption('2024');
  await page.getByRole('combobox', { name: 'Choose the Month' }).selectOption('5');
  await expect(calendar).toHaveAccessibleName('June 2024');
  await page.getByRole('button', { name: /June 3rd, 2024/ }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(dialog.getByLabel('Trade date')).toHaveValue('01/06/2024');
  await expect(dialog.getByLabel('Trade date')).toBeFocused();
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Transaction created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('totals')).toContainText(amount('€1 600,00'));

  // Filters take the same format.
  await page.getByLabel('From (settlement date)').fill('01/06/2024');
  await expect(page).toHaveURL(/from=2024-06-01/);
  await expect(rows).toHaveCount(2);
  await page.getByLabel('From (settlement date)').fill('');
  await expect(rows).toHaveCount(3);

  // Cancelling the opening buy asks first and says what it recomputes; keeping it changes nothing.
  const status = page.getByRole('combobox', { name: 'Status of the LVMH transaction' }).last();
  await status.selectOption('cancelled');
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this transaction?' });
  await expect(confirm).toContainText('will no longer count');
  await expect(confirm).toContainText('MC.PA');
  await expectAccessible();
  await confirm.getByRole('button', { name: 'Keep it as it is' }).click();
  await expect(confirm).toBeHidden();
  await expect(status).toHaveValue('completed');
  await expect(page.getByTestId('totals')).toContainText(amount('€1 600,00'));

  await status.selectOption('cancelled');
  await confirm.getByRole('button', { name: 'Cancel the transaction' }).click();
  await expect(confirm).toBeHidden();
  // The ledger without it: only the June buy was bought.
  await expect(page.getByTestId('totals')).toContainText(amount('€600,00'));
  await expect(status).toHaveValue('cancelled');
  // The toast of that change stays clear of a dialog's buttons.
  await expectToastClearOfDialogButtons(page, 'Transaction updated successfully');

  // Pending <-> completed leaves the ledger alone: no question.
  const june = page.getByRole('combobox', { name: 'Status of the LVMH transaction' }).first();
  await june.selectOption('pending');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(june).toHaveValue('pending');

  // On a phone the delete action stays on screen, and toasts stay clear of dialog buttons.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const remove = page.getByRole('button', { name: 'Delete the LVMH transaction' }).first();
  await expect(remove).toBeVisible();
  const box = await remove.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  // Every column a phone shows is readable: the table does not scroll sideways, and the amount
  // ends before the pinned delete column begins (the date is under the asset).
  const frame = page.locator('[data-slot="table-container"]').first();
  const overflow = await frame.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const firstRow = frame.getByRole('row').nth(1);
  const cells = firstRow.getByRole('cell');
  const amountBox = await cells.nth((await cells.count()) - 2).boundingBox();
  const deleteBox = await cells.last().boundingBox();
  expect(amountBox && deleteBox && amountBox.x + amountBox.width).toBeLessThanOrEqual(
    deleteBox?.x ?? 0,
  );
  await expect(firstRow).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await page.getByRole('button', { name: 'New transaction' }).click();
  dialog = page.getByRole('dialog', { name: 'New transaction' });
  await dialog.getByLabel('Quantity').fill('1');
  await dialog.getByLabel('Price per unit').fill('100');
  await dialog.getByLabel('Trade date').fill('03/06/2024');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();
  await expectToastClearOfDialogButtons(page, 'Transaction created successfully');

  // In French the calendar is French, weeks from Monday.
  await page.setViewportSize({ width: 1280, height: 800 });
  const origin = new URL(page.url()).origin;
  const french = await page.request.patch('/api/v1/settings', {
    data: { preferences: { language: 'fr' } },
    headers: { origin },
  });
  expect(french.status()).toBe(200);
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Nouvelle opération' }).click();
  dialog = page.getByRole('dialog', { name: 'Nouvelle opération' });
  await expect(dialog.getByLabel('Date d’opération')).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  await dialog.getByRole('button', { name: 'Choisir une date' }).first().click();
  await expect(page.getByRole('grid')).toHaveAccessibleName(
    /^(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/,
  );
  await expect(page.getByRole('grid').locator('th').first()).toHaveAttribute('aria-label', 'lundi');
  await expectAccessible();
});
