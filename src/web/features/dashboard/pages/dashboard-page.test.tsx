import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '@/web/lib/session';
import { mockApi, testFactor, testSession, testUser } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { DashboardPage } from './dashboard-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function renderDashboard(user = testUser, factors = [testFactor()]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, testSession({ user }));
  const api = mockApi({
    'GET /auth/mfa/factors': { body: { factors } },
    'POST /auth/email/resend': { body: { ok: true } },
  });
  renderWithProviders(<DashboardPage />, { queryClient, route: '/dashboard' });
  return api;
}

describe('dashboard', () => {
  it('says honestly that there is nothing to show yet, and what to set up', async () => {
    renderDashboard({ ...testUser, emailConfirmedAt: null, avatarUrl: null }, []);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Your net worth will appear here' })).toBeVisible();
    expect(await screen.findByText('0 of 3 done')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set it up' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
    expect(screen.getByRole('link', { name: 'Add a picture' })).toHaveAttribute('href', '/profile');
  });

  it('marks finished steps done', async () => {
    renderDashboard({ ...testUser, avatarUrl: '/uploads/avatars/x-1.webp' });
    expect(await screen.findByText('3 of 3 done')).toBeVisible();
    // One 'Done' per step (the progress badge says "3 of 3 done").
    expect(screen.getAllByText('Done', { exact: true })).toHaveLength(3);
  });

  it('resends the confirmation link', async () => {
    const api = renderDashboard({ ...testUser, emailConfirmedAt: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByRole('button', { name: 'Link sent' })).toBeDisabled();
    expect(api.callsTo('POST', '/auth/email/resend')).toHaveLength(1);
  });

  it('asks for a completed profile when the name is missing', () => {
    renderDashboard({ ...testUser, fullName: null });
    const card = screen
      .getByRole('heading', { name: 'Complete your profile' })
      .closest('div')!.parentElement!;
    expect(within(card).getByRole('link', { name: 'Complete my profile' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  });
});
