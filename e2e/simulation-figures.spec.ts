import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

/**
 * A simulation shows itself (issue 26): made and opened, the dashboard and the portfolio page show
 * its own value (its holdings and its cash) and returns, not the real portfolio's; back to the
 * real portfolio they show the real ones again, and Ctrl+K finds the real holdings and
 * transactions after the round trip.
 */

async function addHolding(page: Page, portfolioId: string, body: object, simulationId?: string) {
  const origin = new URL(page.url()).origin;
  const query = simulationId ? `?sim=${simulationId}` : '';
  const added = await page.request.post(`/api/v1/portfolios/${portfolioId}/holdings${query}`, {
    headers: { origin },
    data: { class: 'market', currency: 'EUR', ...body },
  });
  expect(added.status(), await added.text()).toBe(201);
}

async function search(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Global Search' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox', { name: 'Search' }).pressSequentially(query);
  await expect(palette.getByTestId('search-footer')).toBeVisible();
  return palette;
}

test('a simulation shows its own figures, and the real ones come back with Ctrl+K working', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await register(page, uniqueEmail('what-if'), { fullName: 'Camille Martin' });
  const { portfolios } = (await (await page.request.get('/api/v1/portfolios')).json()) as {
    portfolios: { id: string }[];
  };
  const portfolioId = portfolios[0]!.id;
  // The real portfolio: 12 Airbus bought at 120, worth 150 (€1,800.00; the default number format
  // is European: €1 800,00).
  await addHolding(page, portfolioId, {
    symbol: 'AIR',
    name: 'Airbus Group',
    quantity: '12',
    purchasePrice: '120',
    currentPrice: '150',
    purchaseDate: '2024-01-10',
  });
  await page.goto(`/dashboard?portfolio=${portfolioId}`);
  const value = page.getByTestId('net-worth-value');
  await expect(value).toHaveText(/^€1\s800,00$/);

  // A simulation, made from the portfolio page: it opens at once.
  await page.goto(`/portfolio/${portfolioId}?portfolio=${portfolioId}`);
  await page.getByRole('button', { name: 'New simulation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New simulation' });
  await dialog.getByLabel('Name').fill('Bear case');
  await dialog.getByRole('button', { name: 'Create and switch' }).click();
  await expect(dialog).toBeHidden();
  const banner = page.getByRole('region', { name: 'Simulation mode' });
  await expect(banner).toContainText('Bear case');
  const simulationId = new URL(page.url()).searchParams.get('sim')!;
  expect(simulationId).toMatch(/^[0-9a-f-]{36}$/);

  // The portfolio page: the simulation's value is its cash, and it says whose figures they are.
  const performance = page.getByRole('region', {
    name: 'Performance of the simulation “Bear case”',
  });
  await expect(performance.getByTestId('performance-value')).toHaveText(/^€100\s000,00$/);
  await expect(performance).toContainText('No holdings in this simulation yet');
  await expect(performance).not.toContainText(/€1\s800,00/);

  // 20 LVMH bought in the simulation at 700 (€14,000.00 from its cash), worth 735.
  await addHolding(
    page,
    portfolioId,
    {
      symbol: 'MC',
      name: 'LVMH',
      quantity: '20',
      purchasePrice: '700',
      currentPrice: '735',
      purchaseDate: new Date().toISOString().slice(0, 10),
    },
    simulationId,
  );
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?.*sim=${simulationId}`));
  await expect(page.getByRole('heading', { name: 'Simulation value' })).toBeVisible();
  // €86,000.00 of cash and €14,700.00 of LVMH: not the real €1,800.00.
  await expect(value).toHaveText(/^€100\s700,00$/);
  await expect(page.getByTestId('simulation-value-cash')).toHaveText(/^€86\s000,00$/);
  await expect(page.getByText('Time-weighted return').locator('..')).toContainText(/\+0,70\s?%/);
  await expect(page.getByText('Money-weighted return').locator('..')).toContainText(/\+0,70\s?%/);
  await expect(page.getByRole('list', { name: 'Last transactions' })).toContainText('LVMH');
  await expectAccessible();

  await page.goto(`/portfolio/${portfolioId}?portfolio=${portfolioId}&sim=${simulationId}`);
  await expect(performance.getByTestId('performance-value')).toHaveText(/^€100\s700,00$/);
  await expect(performance.getByRole('table')).toContainText('LVMH');
  await expect(performance.getByRole('table')).not.toContainText('Airbus');
  await expectAccessible();

  // Ctrl+K searches the simulation, and says so.
  let palette = await search(page, 'airbus');
  await expect(palette).toContainText('In the simulation “Bear case”');
  await expect(palette.getByText('No results found for “airbus”')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // Back to the real portfolio: its own figures again.
  await banner.getByRole('button', { name: 'Back to real portfolio' }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('region', { name: 'Performance' })).toBeVisible();
  await expect(page.getByTestId('performance-value')).toHaveText(/^€1\s800,00$/);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { name: 'Net worth' })).toBeVisible();
  await expect(value).toHaveText(/^€1\s800,00$/);
  await expect(page.getByTestId('simulation-value-cash')).toHaveCount(0);

  // Ctrl+K finds the real holdings and transactions after the round trip, query after query.
  for (const query of ['airbus', 'air', 'buy']) {
    palette = await search(page, query);
    await expect(palette).not.toContainText('In the simulation');
    await expect(
      palette.getByRole('group', { name: 'Transactions' }).getByRole('option', {
        name: /Buy · Airbus Group/,
      }),
    ).toBeVisible();
    if (query !== 'buy') {
      await expect(
        palette
          .getByRole('group', { name: 'Market' })
          .getByRole('option', { name: /Airbus Group/ }),
      ).toBeVisible();
    }
    await expect(palette).not.toContainText('LVMH');
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  }
  await expectAccessible();
});
