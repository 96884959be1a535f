import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { register, signOut, uniqueEmail } from './helpers';

/**
 * The installable app (issue 17, spec 002): the service worker caches the app, the signed-in
 * user's last data opens offline with the offline notice (every page visited, with its figures),
 * what would change something is disabled and says why (issue 26), a new version waits for
 * 'Update', and the browser finds the app installable.
 */

test.use({
  serviceWorkers: 'allow',
  // Offline, the live connection's reconnection attempts fail in the console, as they should.
  expectedErrors: /WebSocket connection|ERR_INTERNET_DISCONNECTED/,
});

const DIST = path.join(import.meta.dirname, '..', 'dist', 'web');
/** The holding's value, 10 x 180 (as the default format writes it: '1 800,00'). */
const NET_WORTH = /1\s?800,00/;
const REASON = 'Unavailable offline: changes are disabled until the connection is back.';

async function addHolding(page: Page) {
  const origin = new URL(page.url()).origin;
  const portfolios = (await (await page.request.get('/api/v1/portfolios')).json()) as {
    portfolios: { id: string }[];
  };
  const portfolioId = portfolios.portfolios[0]?.id;
  const added = await page.request.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
    headers: { origin },
    data: {
      class: 'market',
      symbol: 'OFFL',
      name: 'Offline Holding Corp',
      quantity: '10',
      purchasePrice: '150',
      currentPrice: '180',
      purchaseDate: '2024-01-10',
    },
  });
  expect(added.status()).toBe(201);
}

test('the app opens offline on the last data, read-only, and updates when asked', async ({
  page,
  context,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await register(page, uniqueEmail('offline'));
  await addHolding(page);
  // Generous waits: this journey downloads the whole app for its cache beside the others.
  const loaded = { timeout: 20_000 };
  // Pages visited before, each in a page load of its own: each keeps its last data.
  await page.goto('/dashboard');
  await expect(page.getByText(NET_WORTH).first()).toBeVisible(loaded);
  await page.goto('/assets');
  await expect(page.getByTestId('category-market')).toBeVisible(loaded);
  await page.goto('/transactions');
  await expect(page.getByRole('table').getByText('OFFL', { exact: true })).toBeVisible(loaded);
  await page.goto('/assets/market');
  await expect(page.getByText('Offline Holding Corp').first()).toBeVisible(loaded);
  // The app is cached once the worker is active (it said 'Ready to work offline' then: the
  // toast is tested in pwa-notices.test.tsx, its moment depends on the download).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state ?? null;
        }),
      { timeout: 30_000 },
    )
    .toBe('activated');
  // The last data is kept a moment after it arrives.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('cairn.offline.user')))
    .not.toBeNull();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage).some(
          (key) =>
            key.startsWith('cairn.offline.data.') &&
            (localStorage.getItem(key) ?? '').includes('Offline Holding Corp'),
        ),
      ),
    )
    .toBe(true);

  // The browser finds it installable (manifest, icons, service worker).
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A journey's browser context is incognito by construction; nothing else may stand in the way.
  expect(
    installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'),
  ).toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.json$/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(
    'Network unavailable - showing offline mode',
    loaded,
  );
  await expect(page.getByText('Offline Holding Corp').first()).toBeVisible(loaded);
  // Adding is disabled, and says why.
  const add = page.getByRole('button', { name: 'Add investment' }).first();
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await add.hover();
  await expect(page.getByRole('tooltip')).toContainText(REASON);
  await add.click({ force: true });
  await expect(page.getByRole('dialog')).toBeHidden();

  // Other pages of the app open too (their code is cached), on the figures last seen.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(loaded);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByText(NET_WORTH).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expectAccessible();
  await page.goto('/assets');
  await expect(page.getByTestId('category-market')).toContainText(NET_WORTH, loaded);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId('offline-missing')).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Add an asset' })).toBeDisabled();

  // On the transactions page, nothing that would change the ledger can be used.
  await page.goto('/transactions');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'OFFL' });
  await expect(row).toBeVisible(loaded);
  await expect(page.getByRole('button', { name: 'New transaction' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(row.getByRole('combobox')).toBeDisabled();
  await expect(row.getByRole('button', { name: /^Delete/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await row.getByRole('button', { name: /^Delete/ }).focus();
  await expect(page.getByRole('tooltip')).toContainText(REASON);
  await expectAccessible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'New transaction' })).not.toHaveAttribute(
    'aria-disabled',
  );
  await expect(row.getByRole('combobox')).toBeEnabled();
  await page.goto('/assets/market');

  // A new version: the worker changes on the server; the app offers it and takes it on 'Update'.
  const worker = path.join(DIST, 'sw.js');
  const original = await readFile(worker, 'utf8');
  const compressed = ['sw.js.br', 'sw.js.gz'].map((name) => path.join(DIST, name));
  const kept = await Promise.all(compressed.map((file) => readFile(file)));
  try {
    await writeFile(worker, `${original}\n// ${Date.now()}\n`);
    // The server prefers the precompressed copies: they go while the new version is out.
    await Promise.all(
      compressed.map((file) =>
        import('node:fs/promises').then((fs) => fs.rm(file, { force: true })),
      ),
    );
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const toast = page.getByRole('listitem').filter({ hasText: 'New version available' });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: 'Update' }).click();
    await reloaded;
    await expect(page.getByText('Offline Holding Corp').first()).toBeVisible(loaded);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(registration?.waiting), active: Boolean(registration?.active) };
      }),
    ).toEqual({ waiting: false, active: true });
  } finally {
    await writeFile(worker, original);
    await Promise.all(compressed.map((file, index) => writeFile(file, kept[index] as Buffer)));
  }

  // Signing out removes the kept data.
  await signOut(page);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('cairn.offline.')),
    ),
  ).toEqual([]);
});
