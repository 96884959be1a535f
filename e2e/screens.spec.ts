import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, PASSWORD, register, uniqueEmail } from './helpers';

/**
 * What a new user met on the screens (issue 26): a page-not-found screen for an unknown address,
 * long holding names that keep the figures in view, add forms in the portfolio's currency with
 * the purchase price filled from the day's close, the floating Admin tools button clear of a
 * table's last row, and signed-out pages that load without a console warning or error.
 */

const LONG_NAME =
  'Vanguard_FTSE_All_World_UCITS_ETF_USD_Accumulating_Share_Class_Ireland_Domiciled_Fund_Units';

async function portfolioId(page: Page) {
  const list = (await (await page.request.get('/api/v1/portfolios')).json()) as {
    portfolios: { id: string; baseCurrency: string }[];
  };
  return list.portfolios[0]!;
}

async function addHolding(page: Page, data: Record<string, unknown>) {
  const origin = new URL(page.url()).origin;
  const { id } = await portfolioId(page);
  const added = await page.request.post(`/api/v1/portfolios/${id}/holdings`, {
    headers: { origin },
    data,
  });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { holding: { id: string } }).holding.id;
}

/** Whether `inner` is wholly inside the visible part of `outer` (a scrolling table frame). */
async function shownWithin(inner: Locator, outer: Locator) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1 && a.y >= b.y - 1;
}

async function overlaps(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** As the admin (the server's first account), in a browser context of its own. */
async function asAdmin<T>(browser: Browser, baseURL: string, work: (page: Page) => Promise<T>) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const signedIn = await page.request.post('/api/v1/auth/login', {
      data: { email: ADMIN_EMAIL, password: PASSWORD },
      headers: { origin: baseURL },
    });
    expect(signedIn.status()).toBe(200);
    return await work(page);
  } finally {
    await context.close();
  }
}

test.describe('an address no page has', () => {
  // The browser logs the document's own 404 status: that answer is the point here.
  test.use({ expectedErrors: /status of 404 \(Not Found\)/ });

  test('shows a visitor and a signed-in user a page-not-found screen with the way back', async ({
    page,
    expectAccessible,
  }) => {
    const visit = await page.goto('/no/such/page');
    expect(visit?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Cairn');
    // The address stays as typed (no silent redirect), and says what was asked for.
    await expect(page).toHaveURL('/no/such/page');
    await expect(page.getByText('/no/such/page')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    await expectAccessible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/login');

    await register(page, uniqueEmail('lost'));
    const lost = await page.goto('/dashbord');
    expect(lost?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Cairn');
    // Inside the app: its navigation leads on, and the dashboard is the first way back. The
    // breadcrumb names no page after the mistyped address.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText('Page not found');
    await expect(crumbs).not.toContainText(/dashbord/i);
    await expectAccessible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Reached from inside the app: no reload, and Back returns.
    await page.evaluate(() => {
      window.history.pushState({ idx: 1 }, '', '/old/bookmark');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL('/dashboard');
  });
});

test('signed-out pages load without a console warning or error', async ({ page }) => {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    // Playwright's own note about the service worker it blocks for journeys.
    if (message.text().startsWith('Service Worker registration blocked by Playwright')) return;
    messages.push(`${message.type()}: ${message.text()} (${page.url()})`);
  });
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/', '/login', '/register', '/forgot-password', '/privacy', '/dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // A browser that was signed in before (its hint kept) and whose session has ended.
  await page.evaluate(() => localStorage.setItem('cairn.signedIn', '1'));
  for (const path of ['/', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(messages).toEqual([]);
  expect(failed).toEqual([]);
});

test('a long unbroken holding name keeps every column in view at 1366 px', async ({
  page,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await register(page, uniqueEmail('long-name'));
  for (const [symbol, name] of [
    ['VWRA', LONG_NAME],
    ['MC', 'LVMH'],
  ] as const) {
    await addHolding(page, {
      class: 'market',
      symbol,
      name,
      quantity: '3',
      purchasePrice: '100',
      currentPrice: '110',
      purchaseDate: '2024-02-10',
    });
  }

  await page.goto('/transactions');
  const frame = page.locator('[data-slot="table-container"]');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  for (const column of ['Quantity', 'Price', 'Fees', 'Amount', 'Status']) {
    const header = table.getByRole('columnheader', { name: column });
    expect(await shownWithin(header, frame), column).toBe(true);
  }
  const row = table.getByRole('row').filter({ hasText: 'VWRA' });
  expect(await shownWithin(row.getByRole('combobox'), frame)).toBe(true);
  // The whole name is there for a screen reader, and in the title once cut.
  await expect(row.getByTitle(`VWRA ${LONG_NAME}`)).toBeVisible();
  await expectAccessible();

  await page.goto('/assets/market');
  const holdings = page.getByRole('table');
  const holdingRow = holdings.getByRole('row').filter({ hasText: 'VWRA' });
  for (const column of ['Quantity', 'Value']) {
    expect(
      await shownWithin(holdings.getByRole('columnheader', { name: column }), frame),
      column,
    ).toBe(true);
  }
  await expect(
    holdingRow.getByRole('button', { name: `Actions for ${LONG_NAME}` }),
  ).toBeInViewport();
});

test('adding crypto in a euro portfolio starts in euros, its price from the day’s close', async ({
  page,
  browser,
  baseURL,
}) => {
  const symbol = `E2E${Date.now().toString(36).toUpperCase().slice(-6)}`;
  // The admin enters the coin's dollar closes and the euro rate of those days.
  await asAdmin(browser, baseURL!, async (admin) => {
    const origin = baseURL!;
    const closes = await admin.request.put(`/api/v1/market-data/prices/${symbol}`, {
      headers: { origin },
      data: {
        currency: 'USD',
        name: 'Journey Coin',
        kind: 'crypto',
        closes: [
          { date: '2021-06-14', close: '90' },
          { date: '2021-06-15', close: '100' },
        ],
      },
    });
    expect(closes.status(), await closes.text()).toBe(200);
    const rates = await admin.request.post('/api/v1/market-data/import', {
      headers: { origin },
      data: { csv: 'symbol,date,close,currency\nEURUSD,2021-06-15,1.25,USD\n', commit: true },
    });
    expect(rates.status(), await rates.text()).toBe(201);
  });

  await register(page, uniqueEmail('crypto-eur'));
  expect((await portfolioId(page)).baseCurrency).toBe('EUR');
  await page.goto('/assets/crypto');
  await page.getByRole('button', { name: 'Add crypto' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add crypto' });
  await expect(dialog.getByLabel('Currency')).toHaveValue('EUR');

  // Typed, not picked from the suggestions (picking takes the coin's own currency).
  await dialog.getByLabel('Symbol').fill(symbol);
  await expect(page.getByRole('option', { name: new RegExp(symbol) })).toBeVisible();
  await dialog.getByLabel('Symbol').press('Escape');
  await dialog.getByLabel('Purchase date').fill('15/06/2021');
  const price = dialog.getByLabel('Purchase price');
  // 100 USD at 1 EUR = 1.25 USD.
  await expect(price).toHaveValue('80');
  await expect(price).toHaveAccessibleDescription(
    /Filled in from the close of .+ on 15\/06\/2021 \(\$100,00\), converted at 1 USD = 0,8 EUR \(rate of 15\/06\/2021\)\. You can change it\./,
  );
  // The user's own price stays.
  await price.fill('81');
  await dialog.getByLabel('Purchase date').fill('14/06/2021');
  await expect(dialog.getByTestId('purchase-price-source')).toBeHidden();
  await expect(price).toHaveValue('81');
});

test('the Admin tools button leaves the last row’s delete action clear, on a desktop and a phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('corner');
  await register(page, email);
  const origin = baseURL!;
  // Made an admin by the server's first account: the floating Admin tools button shows.
  const session = (await (await page.request.get('/api/v1/auth/session')).json()) as {
    user: { id: string };
  };
  await asAdmin(browser, origin, async (admin) => {
    const promoted = await admin.request.post(`/api/v1/admin/users/${session.user.id}/role`, {
      headers: { origin },
      data: { role: 'admin' },
    });
    expect(promoted.status(), await promoted.text()).toBe(200);
  });
  // Enough rows for the table to reach the bottom of the screen.
  const assetId = await addHolding(page, {
    class: 'market',
    symbol: 'CRNR',
    name: 'Corner Corp',
    quantity: '1',
    purchasePrice: '10',
    currentPrice: '11',
    purchaseDate: '2024-03-01',
  });
  const { id } = await portfolioId(page);
  for (let day = 2; day <= 13; day += 1) {
    const bought = await page.request.post(`/api/v1/portfolios/${id}/transactions`, {
      headers: { origin },
      data: {
        assetId,
        transactionType: 'buy',
        quantity: '1',
        price: '10',
        tradeDate: `2024-03-${String(day).padStart(2, '0')}`,
      },
    });
    expect(bought.status(), await bought.text()).toBe(201);
  }
  const tools = page.getByRole('button', { name: 'Admin tools' });
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/transactions');
    await expect(tools).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(14);
    // Scrolled to the very end, as far as the table and the page go.
    await page.locator('[data-slot="table-container"]').evaluate((frame) => {
      frame.scrollTop = frame.scrollHeight;
    });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastDelete = rows.last().getByRole('button', { name: /^Delete/ });
    await expect(lastDelete).toBeInViewport();
    expect(await overlaps(lastDelete, tools), `${viewport.width} px`).toBe(false);
  }
});
