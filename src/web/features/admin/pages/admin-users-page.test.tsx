import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@/contracts/admin';
import { apiError, mockApi, type Reply } from '@/web/test/mock-api';
import {
  adminUserRow,
  deferred,
  fetchedUrls,
  renderAdmin,
  selfRow,
  stubResizeObserver,
} from '../test/fixtures';
import { AdminUsersPage } from './admin-users-page';

beforeEach(() => {
  stubResizeObserver();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const grace = adminUserRow();
const page = (users: AdminUser[], total = users.length) => ({
  body: { users, total, page: 1, pageSize: 25 },
});

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /admin/users': page([selfRow, grace]), ...routes });
  return { api, ...renderAdmin(<AdminUsersPage />, { route: '/admin/users' }) };
}

const row = (email: string) => screen.getByRole('row', { name: new RegExp(email) });

describe('AdminUsersPage', () => {
  it('lists users densely with their details, and sets the title', async () => {
    const { api } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(document.title).toBe('Users · Admin · Cairn');
    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();

    const graceRow = row('grace@example.com');
    expect(graceRow).toHaveTextContent('Grace Hopper');
    expect(graceRow).toHaveTextContent('User');
    expect(graceRow).toHaveTextContent('Feb 1, 2026');
    expect(graceRow).toHaveTextContent('yesterday');
    expect(graceRow).toHaveTextContent('Email');
    expect(graceRow).toHaveTextContent('Off');

    const mine = row('ada@example.com');
    expect(mine).toHaveTextContent('You');
    expect(mine).toHaveTextContent('Admin');
    expect(mine).toHaveTextContent('GitHub');
    expect(mine).toHaveTextContent('+33 6 12 34 56 78');
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(fetchedUrls(api.spy).filter((url) => url.startsWith('/api/v1/admin/users'))[0]).toBe(
      '/api/v1/admin/users?page=1&pageSize=25',
    );
  });

  it('searches after a pause in typing, with the term', async () => {
    const { api, user } = setup({ 'GET /admin/users': page([grace]) });
    await screen.findByText('grace@example.com');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'grace');
    await waitFor(() =>
      expect(fetchedUrls(api.spy)).toContain('/api/v1/admin/users?search=grace&page=1&pageSize=25'),
    );
    // Debounced: the partial terms were never sent.
    expect(fetchedUrls(api.spy).filter((url) => url.includes('search='))).toHaveLength(1);
  });

  it('pages through 25 at a time', async () => {
    const { api, user } = setup({ 'GET /admin/users': page([selfRow, grace], 60) });
    await screen.findByText('grace@example.com');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(fetchedUrls(api.spy)).toContain('/api/v1/admin/users?page=2&pageSize=25'),
    );
  });

  it('promotes after confirmation, at once, and rolls back with a toast when it fails', async () => {
    const answer = deferred<Reply>();
    const { api, user } = setup({
      [`POST /admin/users/${grace.id}/role`]: () => answer.promise,
    });
    await screen.findByText('grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Promote grace@example.com to admin' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Promote grace@example.com to admin?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Promote to admin' }));

    // Shown before the server answers.
    await waitFor(() =>
      expect(within(row('grace@example.com')).getByText('Admin')).toBeInTheDocument(),
    );
    expect(api.callsTo('POST', `/admin/users/${grace.id}/role`)[0]?.body).toEqual({
      role: 'admin',
    });

    answer.resolve(apiError(500, 'UNKNOWN_ERROR'));
    expect(await screen.findByText('Failed to update user role')).toBeInTheDocument();
    expect(within(row('grace@example.com')).getByText('User')).toBeInTheDocument();
    expect(within(row('grace@example.com')).queryByText('Admin')).not.toBeInTheDocument();
  });

  it('says the list failed to load in a toast, and in the table with a way to retry', async () => {
    setup({ 'GET /admin/users': apiError(500, 'UNKNOWN_ERROR') });
    await waitFor(
      () =>
        expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent(
          'Failed to load users',
        ),
      { timeout: 15_000 },
    );
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  }, 20_000);

  it('sets a user’s plan from the list, and says so', async () => {
    const { api, user } = setup({
      [`PATCH /admin/users/${grace.id}/subscription`]: {
        body: {
          subscription: {
            tier: 'pro',
            status: 'active',
            cancelAtPeriodEnd: false,
            currentPeriodEnd: null,
            managedBy: 'admin',
          },
        },
      },
    });
    await screen.findByText('grace@example.com');
    const plan = screen.getByRole('combobox', { name: 'Plan of grace@example.com' });
    expect(plan).toHaveValue('free');
    await user.selectOptions(plan, 'pro');
    expect(api.callsTo('PATCH', `/admin/users/${grace.id}/subscription`)[0]?.body).toEqual({
      tier: 'pro',
    });
    expect(await screen.findByText('grace@example.com is now on Enterprise')).toBeInTheDocument();
  });

  it('refreshes the list after a successful role change', async () => {
    let users = [selfRow, grace];
    const { api, user } = setup({
      'GET /admin/users': () => page(users),
      [`POST /admin/users/${grace.id}/role`]: () => {
        users = [selfRow, { ...grace, role: 'admin' }];
        return { body: { user: users[1] } };
      },
    });
    await screen.findByText('grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Promote grace@example.com to admin' }));
    await user.click(screen.getByRole('button', { name: 'Promote to admin' }));
    expect(await screen.findByText('grace@example.com is now an admin')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/users')).toHaveLength(2);
    expect(
      screen.getByRole('button', { name: 'Demote grace@example.com to user' }),
    ).toBeInTheDocument();
  });

  it('never lets an admin demote themselves', async () => {
    setup();
    const demoteSelf = await screen.findByRole('button', {
      name: 'Demote ada@example.com to user',
    });
    expect(demoteSelf).toBeDisabled();
    expect(demoteSelf).toHaveAccessibleDescription('You cannot demote yourself');
  });

  it('says what to do when a search finds nobody', async () => {
    const { user } = setup({ 'GET /admin/users': page([]) });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No user matches')).toBeInTheDocument();
    expect(screen.getByText(/Try another email or name/)).toBeInTheDocument();
  });
});
