import { expect, test } from './fixtures';
import { register, uniqueEmail } from './helpers';

/**
 * The notification centre, live: a portfolio shared with someone reaches both of their open tabs
 * at once; opening the centre in one tab reads it there and clears the other tab's badge; a row
 * marked unread and "Mark all as read" travel between the tabs the same way.
 */
test('a share notification arrives live in two tabs; opening reads it; mark all read', async ({
  page: owner,
  browser,
  expectAccessible,
}) => {
  // Two people, two registrations, two tabs: like the sharing journey, a larger budget.
  test.setTimeout(120_000);
  const inviteeEmail = uniqueEmail('notified');
  await register(owner, uniqueEmail('sharer'), { fullName: 'Sam Sharer' });

  const inviteeContext = await browser.newContext();
  const first = await inviteeContext.newPage();
  await register(first, inviteeEmail);
  const second = await inviteeContext.newPage();
  await second.goto('/dashboard');
  const bell = (tab: typeof first) => tab.getByRole('button', { name: /^Notifications/ });
  // Signing in left its alert.
  for (const tab of [first, second])
    await expect(bell(tab)).toHaveAccessibleName('Notifications, 1 unread');

  // The owner shares a portfolio; both of the invitee's tabs hear of it without a reload.
  await owner.goto('/portfolio-management');
  await owner.getByRole('link', { name: 'My Portfolio' }).click();
  const invite = owner.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Email address').fill(inviteeEmail);
  await invite.getByRole('radio', { name: /Read only/ }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${inviteeEmail}`)).toBeVisible();
  for (const tab of [first, second])
    await expect(bell(tab)).toHaveAccessibleName('Notifications, 2 unread');

  // Opening the centre shows it, reads everything after 100 ms, and the other tab follows.
  await bell(first).click();
  const modal = first.getByRole('dialog', { name: 'Notifications' });
  const shared = modal.getByRole('row', { name: /Portfolio shared with you/ });
  await expect(shared).toContainText('Sam Sharer invited you to the portfolio "My Portfolio".');
  await expect(modal.getByRole('row', { name: /New sign-in/ })).toContainText('IP address:');
  await expect(bell(second)).toHaveAccessibleName('Notifications');
  await expect(modal.getByTestId('unread-dot')).toHaveCount(0);
  await expect(modal.getByTestId('range')).toHaveText('1–2 of 2');
  await expectAccessible(first);

  // One marked unread again, then all read from the actions menu: the other tab follows each.
  await shared.getByRole('button', { name: 'Actions for “Portfolio shared with you”' }).click();
  await first.getByRole('menuitem', { name: 'Mark as unread' }).click();
  await expect(shared.getByTestId('unread-dot')).toHaveCount(1);
  await expect(bell(second)).toHaveAccessibleName('Notifications, 1 unread');
  await modal.getByRole('button', { name: 'Actions', exact: true }).click();
  await first.getByRole('menuitem', { name: 'Mark all as read' }).click();
  await expect(shared.getByTestId('unread-dot')).toHaveCount(0);
  await expect(bell(second)).toHaveAccessibleName('Notifications');
  await first.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(bell(first)).toHaveAccessibleName('Notifications');

  // The other tab's centre shows the same, read.
  await bell(second).click();
  const other = second.getByRole('dialog', { name: 'Notifications' });
  await expect(other.getByRole('row', { name: /Portfolio shared with you/ })).toBeVisible();
  await expect(other.getByTestId('unread-dot')).toHaveCount(0);
  await expect(other.getByRole('tab', { name: /Unread/ })).toContainText('0');
  await expectAccessible(second);
  await inviteeContext.close();
});
