import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

/**
 * CSV import and export (spec 002, section 9): a file with one bad row saves nothing and names
 * the row; the fixed file saves every row; the export downloads a date-stamped file.
 */

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\n')}\n`, 'utf8'),
});

/** The active (default) portfolio's holdings and transactions, read with the page's session. */
async function portfolioData(page: Page) {
  const portfolios = (await (await page.request.get('/api/v1/portfolios')).json()) as {
    portfolios: { id: string; isDefault: boolean }[];
  };
  const id = portfolios.portfolios.find((p) => p.isDefault)?.id ?? portfolios.portfolios[0]?.id;
  const holdings = (await (await page.request.get(`/api/v1/portfolios/${id}/holdings`)).json()) as {
    holdings: { name: string; quantity: string }[];
  };
  const transactions = (await (
    await page.request.get(`/api/v1/portfolios/${id}/transactions?pageSize=200`)
  ).json()) as { transactions: { transactionType: string; quantity: string }[] };
  return { holdings: holdings.holdings, transactions: transactions.transactions };
}

const HOLDINGS_HEADER = 'class;name;symbol;quantity;purchasePrice;currentPrice;purchaseDate';

test('a file with one bad row saves nothing and names the row; the fixed file saves all', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await register(page, uniqueEmail('importer'));
  await page.goto('/import-export');
  await expect(page.getByRole('heading', { name: 'Import and export' })).toBeVisible();
  await expect(page.getByText('Every holding of every class')).toBeVisible();
  await expectAccessible();

  // Holdings, semicolon-separated with decimal commas (as a French spreadsheet saves them).
  const file = page.getByLabel('CSV file');
  await file.setInputFiles(
    csvFile('holdings.csv', [
      HOLDINGS_HEADER,
      'market;Apple Inc.;AAPL;10;150,5;180;2024-01-10',
      'market;Broken;BRK;-5;300;400;2024-02-01',
      'crypto;Bitcoin;btc;0,5;30000;60000;2023-05-01',
    ]),
  );
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText('Row 3');
  await expect(errors).toContainText('Quantity: Share quantity must be positive');
  await expect(page.getByText('1 problem to fix before importing')).toBeVisible();
  const importHoldings = page.getByRole('button', { name: 'Import 3 rows' });
  await expect(importHoldings).toBeDisabled();
  await expect(page.getByRole('table', { name: /first rows of the file/ })).toContainText(
    'Apple Inc.',
  );
  await expectAccessible();
  expect((await portfolioData(page)).holdings).toEqual([]);

  await file.setInputFiles(
    csvFile('holdings.csv', [
      HOLDINGS_HEADER,
      'market;Apple Inc.;AAPL;10;150,5;180;2024-01-10',
      'market;Microsoft;MSFT;5;300;400;2024-02-01',
      'crypto;Bitcoin;btc;0,5;30000;60000;2023-05-01',
    ]),
  );
  await expect(page.getByText('Every row is valid.')).toBeVisible();
  await importHoldings.click();
  await expect(page.getByText('3 rows imported')).toBeVisible();
  await expect(importHoldings).toBeHidden();
  expect((await portfolioData(page)).holdings.map((h) => [h.name, h.quantity]).sort()).toEqual([
    ['Apple Inc.', '10'],
    ['Bitcoin', '0.5'],
    ['Microsoft', '5'],
  ]);

  // Transactions naming those assets: a sale above the holding is refused on its row.
  await page.getByRole('radio', { name: /Transactions/ }).check();
  const header = 'assetSymbol,transactionType,quantity,price,fees,tradeDate';
  await file.setInputFiles(
    csvFile('transactions.csv', [
      header,
      'AAPL,buy,5,160,1,2024-03-01',
      'MSFT,sell,9,420,2,2024-04-01',
      'BTC,sell,0.25,65000,0,2024-05-01',
    ]),
  );
  await expect(errors).toContainText('Row 3');
  await expect(errors).toContainText('Insufficient balance. Available: 5, Requested: 9');
  await expect(page.getByRole('button', { name: 'Import 3 rows' })).toBeDisabled();
  expect((await portfolioData(page)).transactions).toHaveLength(3);

  await file.setInputFiles(
    csvFile('transactions.csv', [
      header,
      'AAPL,buy,5,160,1,2024-03-01',
      'MSFT,sell,4,420,2,2024-04-01',
      'BTC,sell,0.25,65000,0,2024-05-01',
    ]),
  );
  await expect(page.getByText('Every row is valid.')).toBeVisible();
  // Saved: the form is reset and the toast says so. The holdings' toast may still be showing with
  // the same words, so the saving request's answer is what says the rows are in.
  const committed = page.waitForResponse(
    (response) => response.url().includes('/import') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  expect((await committed).status()).toBe(201);
  await expect(page.getByRole('button', { name: 'Import 3 rows' })).toBeHidden();
  await expect(page.getByText('3 rows imported').first()).toBeVisible();
  const after = await portfolioData(page);
  expect(after.transactions).toHaveLength(6);
  expect(after.holdings.map((h) => [h.name, h.quantity]).sort()).toEqual([
    ['Apple Inc.', '15'],
    ['Bitcoin', '0.25'],
    ['Microsoft', '1'],
  ]);

  // The imported assets are on the assets page.
  await page.goto('/assets/market');
  await expect(page.getByRole('cell', { name: /MSFT/ })).toBeVisible();

  // And the export downloads them in a date-stamped file.
  await page.goto('/import-export');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download All assets (CSV)' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^cairn-assets-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await saved.path())!, 'utf8');
  expect(text).toContain('market,Apple Inc.,AAPL,15,');
  expect(text).toContain('crypto,Bitcoin,BTC,0.25,');
});

test('on a phone, in dark mode, the page stays usable', async ({ page, expectAccessible }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await register(page, uniqueEmail('importer-phone'));
  await page.goto('/import-export');
  await page
    .getByLabel('CSV file')
    .setInputFiles(
      csvFile('holdings.csv', [HOLDINGS_HEADER, 'market;Apple Inc.;AAPL;-1;150;180;2024-01-10']),
    );
  await expect(page.getByTestId('import-errors')).toContainText('Row 2');
  // Nothing spills sideways: the preview table scrolls inside its frame.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectAccessible();
});
