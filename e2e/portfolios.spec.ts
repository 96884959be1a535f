import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { outbox, PASSWORD, register, signOut, uniqueEmail } from './helpers';

/** The /accept-invitation link of the newest email sent to `to` that carries one. */
async function invitationLink(request: APIRequestContext, to: string) {
  const pattern = /https?:\/\/\S+\/accept-invitation\?token=[A-Za-z0-9_-]+/;
  await expect
    .poll(async () => (await outbox(request, to)).some((m) => pattern.test(m.text)))
    .toBe(true);
  const message = (await outbox(request, to)).find((m) => pattern.test(m.text))!;
  const url = new URL(pattern.exec(message.text)![0]);
  return `${url.pathname}${url.search}`;
}

async function openSwitcher(page: Page) {
  await page
    .getByRole('complementary')
    .or(page.locator('#app-sidebar'))
    .getByRole('button', { name: /Change portfolio/ })
    .first()
    .click();
  return page.getByRole('dialog', { name: 'Portfolios and simulations' });
}

async function createSimulationFromSwitcher(page: Page, name: string, theme: RegExp) {
  const switcher = await openSwitcher(page);
  await switcher.getByRole('button', { name: 'Create simulation in current portfolio' }).click();
  const dialog = page.getByRole('dialog', { name: 'New simulation' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: theme }).check();
  await dialog.getByRole('button', { name: 'Create and switch' }).click();
  await expect(dialog).toBeHidden();
}

test('a simulation from the switcher: URL, banner, back to real', async ({
  page,
  expectAccessible,
}) => {
  await register(page, uniqueEmail('simulator'));
  await createSimulationFromSwitcher(page, 'Bear market', /Alert Red/);

  await expect(page).toHaveURL(/[?&]sim=[0-9a-f-]{36}/);
  await expect(page).toHaveURL(/[?&]portfolio=[0-9a-f-]{36}/);
  const banner = page.getByRole('region', { name: 'Simulation mode' });
  await expect(banner).toContainText('Bear market');
  await expect(banner).toContainText('Simulation');
  await expect(page.getByText('Simulation “Bear market” created and active')).toBeVisible();
  await expectAccessible();

  // Links keep the scope: the simulation stays active on another page.
  const switcher = await openSwitcher(page);
  await expectAccessible();
  await switcher.getByRole('link', { name: 'Manage portfolios' }).click();
  await expect(page).toHaveURL(/\/portfolio-management\?.*sim=/);
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeVisible();
  await expectAccessible();

  await banner.getByRole('button', { name: 'Back to real portfolio' }).click();
  await expect(banner).toBeHidden();
  await expect(page).not.toHaveURL(/sim=/);
  await expect(page.getByText('Back to the real portfolio')).toBeVisible();
});

test('sharing: read-only invitation, upgrade to edit, revoke without reload', async ({
  page: owner,
  browser,
  request,
  expectAccessible,
}) => {
  // Two people, two registrations and eleven page checks: 45 s alone on a loaded two-core machine
  // and over a minute beside another journey, so this one gets four times the usual budget.
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail('owner');
  const inviteeEmail = uniqueEmail('invitee');
  await register(owner, ownerEmail, { fullName: 'Olive Owner' });
  await createSimulationFromSwitcher(owner, 'Rate hike', /Professional Blue/);

  // The invitee has an account and is signed out when the email arrives.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await register(invitee, inviteeEmail);
  await signOut(invitee);

  // Owner: the portfolio page, sharing read-only with all simulations.
  await owner.goto('/portfolio-management');
  await expect(owner.getByRole('heading', { level: 1, name: 'Portfolios' })).toBeVisible();
  await expectAccessible();
  await owner.getByRole('link', { name: 'My Portfolio' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'My Portfolio' })).toBeVisible();
  const invite = owner.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Email address').fill(inviteeEmail);
  await invite.getByRole('radio', { name: /Read only/ }).check();
  await invite.getByRole('radio', { name: 'All simulations' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${inviteeEmail}`)).toBeVisible();
  const row = owner.getByRole('row', { name: new RegExp(inviteeEmail) });
  await expect(row).toContainText('Pending');
  await expectAccessible();

  // Invitee: the emailed link, through sign-in, to the invitation.
  const link = await invitationLink(request, inviteeEmail);
  await invitee.goto(link);
  await expect(invitee).toHaveURL(/\/login\?next=/);
  await invitee.getByLabel('Email').fill(inviteeEmail);
  await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(invitee.getByRole('heading', { name: /invites you to a portfolio/ })).toBeVisible();
  await expect(invitee.getByText('Read only').first()).toBeVisible();
  await expectAccessible(invitee);
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee).toHaveURL(/\/portfolio\/[0-9a-f-]{36}\?portfolio=/);
  await expect(invitee.getByText(/Shared with you by/)).toBeVisible();
  await expect(invitee.getByText(/You can view this portfolio/)).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'New simulation' })).toHaveCount(0);
  await expect(invitee.getByRole('button', { name: 'Edit simulation Rate hike' })).toHaveCount(0);
  await expectAccessible(invitee);
  await expect(row).toContainText('Accepted');

  // Owner upgrades to edit: the invitee's page follows without a reload.
  await row.getByRole('button', { name: `Change sharing with ${inviteeEmail}` }).click();
  const edit = owner.getByRole('dialog', { name: 'Change sharing' });
  await edit.getByRole('radio', { name: /Can edit/ }).check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(owner.getByText(`Sharing with ${inviteeEmail} updated`)).toBeVisible();
  await expect(row).toContainText('Can edit');

  const renameButton = invitee.getByRole('button', { name: 'Edit simulation Rate hike' });
  await expect(renameButton).toBeVisible({ timeout: 15_000 });
  await expect(invitee.getByText(/You can view and edit/)).toBeVisible();
  await renameButton.click();
  const simDialog = invitee.getByRole('dialog', { name: 'Edit simulation' });
  await simDialog.getByLabel('Name').fill('Rate hike (Ivy)');
  await simDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(invitee.getByText('Simulation updated')).toBeVisible();

  // Owner revokes: the invitee loses the portfolio, live.
  await row.getByRole('button', { name: `Revoke access for ${inviteeEmail}` }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Revoke access' }).click();
  await expect(owner.getByText(`${inviteeEmail} no longer has access`)).toBeVisible();
  await expect(row).toContainText('Revoked');

  await expect(invitee.getByText(/You no longer have access to “My Portfolio”/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(invitee.getByRole('heading', { name: 'Portfolio unavailable' })).toBeVisible();
  await inviteeContext.close();
});
