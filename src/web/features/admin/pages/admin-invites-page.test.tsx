import i18n from 'i18next';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/web/test/mock-api';
import {
  fetchedUrls,
  makeEntry,
  makeInvite,
  renderAdmin,
  stubResizeObserver,
} from '../test/fixtures';
import { AdminInvitesPage } from './admin-invites-page';

beforeEach(stubResizeObserver);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const used = makeInvite({
  code: 'USED7777',
  status: 'used',
  email: 'marie@example.com',
  usedBy: '55555555-5555-4555-8555-555555555555',
  usedByEmail: 'marie@example.com',
  usedAt: '2026-03-03T10:00:00.000Z',
  expiresAt: '2026-04-01T10:00:00.000Z',
});
const valid = makeInvite();

const linus = makeEntry();
const rosalind = makeEntry({
  id: '66666666-6666-4666-8666-666666666666',
  email: 'rosalind@example.com',
  fullName: 'Rosalind Franklin',
  motivation:
    'I hold index funds, a flat in Lyon and some crowdfunding projects, and I want one place to see how they all move together.',
});
const refused = makeEntry({
  id: '77777777-7777-4777-8777-777777777777',
  email: 'refused@example.com',
  fullName: 'Refused Person',
  status: 'refused',
});
const registered = makeEntry({
  id: '88888888-8888-4888-8888-888888888888',
  email: 'member@example.com',
  fullName: 'Member',
  status: 'registered',
});

function setup(routes: Parameters<typeof mockApi>[0] = {}, route = '/admin/invites') {
  const api = mockApi({
    'GET /beta': { body: { enabled: true } },
    'GET /admin/invites': { body: { invites: [valid, used] } },
    'GET /admin/waitlist': { body: { entries: [linus, rosalind, refused, registered] } },
    ...routes,
  });
  return { api, ...renderAdmin(<AdminInvitesPage />, { route }) };
}

const codeRow = (code: string) => screen.getByRole('row', { name: new RegExp(code) });

describe('AdminInvitesPage: beta mode and codes', () => {
  it('lists codes with their status, reservation and use', async () => {
    setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Invites & waitlist' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Invites & waitlist · Admin · Cairn');
    expect(await screen.findByText('USED7777')).toBeInTheDocument();
    expect(codeRow('USED7777')).toHaveTextContent('Used');
    expect(codeRow('USED7777')).toHaveTextContent('marie@example.com');
    expect(codeRow('USED7777')).toHaveTextContent('Apr 1, 2026');
    expect(codeRow('ABCD2345')).toHaveTextContent('Valid');
    expect(codeRow('ABCD2345')).toHaveTextContent('Never');
    expect(screen.getByRole('switch', { name: 'Beta mode' })).toBeChecked();
  });

  it('refuses to generate more than 100 codes, without calling the server', async () => {
    const { api, user } = setup();
    const count = screen.getByLabelText('How many');
    await user.clear(count);
    await user.type(count, '101');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Enter a whole number from 1 to 100.')).toBeInTheDocument();
    expect(count).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/admin/invites')).toHaveLength(0);
  });

  it('generates codes reserved for an email, then refreshes the list', async () => {
    const created = [
      makeInvite({ code: 'NEWC0DE1', email: 'new@example.com' }),
      makeInvite({ code: 'NEWC0DE2', email: 'new@example.com' }),
    ];
    const { api, user } = setup({
      'POST /admin/invites': { status: 201, body: { invites: created } },
    });
    await screen.findByText('USED7777');
    const count = screen.getByLabelText('How many');
    await user.clear(count);
    await user.type(count, '2');
    await user.type(screen.getByLabelText('Reserved for email'), 'new@example.com');
    await user.type(screen.getByLabelText('Expires in (days)'), '30');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('2 codes generated')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/invites')[0]?.body).toEqual({
      count: 2,
      email: 'new@example.com',
      expiresInDays: 30,
    });
    expect(screen.getByText('NEWC0DE1')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/admin/invites')).toHaveLength(2));
  });

  it('toasts when generating fails', async () => {
    const { user } = setup({ 'POST /admin/invites': apiError(500, 'UNKNOWN_ERROR') });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Failed to generate codes')).toBeInTheDocument();
  });

  it('copies a code to the clipboard', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Copy code ABCD2345' }));
    expect(await navigator.clipboard.readText()).toBe('ABCD2345');
    expect(await screen.findByText('Code ABCD2345 copied')).toBeInTheDocument();
  });

  it('deletes a code after confirmation', async () => {
    const { api, user } = setup({ 'DELETE /admin/invites/ABCD2345': { body: { ok: true } } });
    await user.click(await screen.findByRole('button', { name: 'Delete code ABCD2345' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete code ABCD2345?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete code' }));
    expect(await screen.findByText('Code ABCD2345 deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/admin/invites/ABCD2345')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/admin/invites')).toHaveLength(2));
  });

  it('toasts when deleting fails', async () => {
    const { user } = setup({ 'DELETE /admin/invites/ABCD2345': apiError(404, 'NOT_FOUND') });
    await user.click(await screen.findByRole('button', { name: 'Delete code ABCD2345' }));
    await user.click(screen.getByRole('button', { name: 'Delete code' }));
    expect(await screen.findByText('Failed to delete invite code')).toBeInTheDocument();
  });

  it('filters codes by status and searches them', async () => {
    const { api, user } = setup();
    await screen.findByText('USED7777');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'used');
    await waitFor(() =>
      expect(fetchedUrls(api.spy)).toContain('/api/v1/admin/invites?status=used'),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search invite codes' }), 'marie');
    await waitFor(() =>
      expect(fetchedUrls(api.spy)).toContain('/api/v1/admin/invites?search=marie&status=used'),
    );
  });

  it('turns beta mode off after confirmation, and back when it fails', async () => {
    const { api, user } = setup({ 'POST /admin/beta': apiError(500, 'UNKNOWN_ERROR') });
    const beta = await screen.findByRole('switch', { name: 'Beta mode' });
    await waitFor(() => expect(beta).toBeChecked());
    await user.click(beta);
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Turn beta mode off?' })).getByRole('button', {
        name: 'Turn off',
      }),
    );
    expect(await screen.findByText('Failed to toggle beta mode')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/beta')[0]?.body).toEqual({ enabled: false });
    expect(beta).toBeChecked();
  });
});

describe('AdminInvitesPage: waitlist', () => {
  it('shows entries with a truncated motivation that expands', async () => {
    const { user } = setup({}, '/admin/invites?tab=waitlist');
    expect(screen.getByRole('tab', { name: 'Waitlist' })).toHaveAttribute('aria-selected', 'true');
    const row = (await screen.findByText('rosalind@example.com')).closest('tr')!;
    const more = within(row).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(row).getByTitle(rosalind.motivation)).toBeInTheDocument();
    await user.click(more);
    expect(within(row).getByRole('button', { name: 'Less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // Registered people cannot be selected.
    expect(screen.getByRole('checkbox', { name: 'Select member@example.com' })).toBeDisabled();
  });

  it('invites the selected entries', async () => {
    const { api, user } = setup({
      'POST /admin/waitlist/invite': {
        body: {
          entries: [
            { ...linus, status: 'invited' },
            { ...rosalind, status: 'invited' },
          ],
          invites: [],
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Waitlist' }));
    const invite = screen.getByRole('button', { name: 'Invite selected' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select linus@example.com' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select rosalind@example.com' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(invite);

    const dialog = screen.getByRole('alertdialog', { name: 'Invite 2 people?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByText('2 invitations sent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/waitlist/invite')[0]?.body).toEqual({
      ids: [linus.id, rosalind.id],
    });
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/admin/waitlist')).toHaveLength(2));
  });

  it('approves the selected entries, to invite them later, in both languages', async () => {
    const { api, user } = setup({
      'POST /admin/waitlist/approve': {
        body: { entries: [{ ...linus, status: 'approved' }], invites: [] },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Waitlist' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select linus@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve 1 person?' });
    expect(dialog).toHaveTextContent('invite them when there is room');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('1 entry approved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/waitlist/approve')[0]?.body).toEqual({ ids: [linus.id] });
    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('button', { name: 'Approuver la sélection' })).toBeVisible();
  });

  it('refuses all selectable entries, and restores a refused one', async () => {
    const { api, user } = setup({
      'POST /admin/waitlist/refuse': { body: { entries: [linus, rosalind], invites: [] } },
      'POST /admin/waitlist/restore': { body: { entries: [refused], invites: [] } },
    });
    await user.click(screen.getByRole('tab', { name: 'Waitlist' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select all shown entries' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refuse selected' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Refuse 3 people?' })).getByRole('button', {
        name: 'Refuse',
      }),
    );
    expect(await screen.findByText('2 entries refused')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/waitlist/refuse')[0]?.body).toEqual({
      ids: [linus.id, rosalind.id, refused.id],
    });

    await user.click(screen.getByRole('button', { name: 'Restore refused@example.com' }));
    expect(await screen.findByText('1 entry restored')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/waitlist/restore')[0]?.body).toEqual({ ids: [refused.id] });
  });

  it('filters the waitlist by status', async () => {
    const { api, user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Waitlist' }));
    await screen.findByText('linus@example.com');
    const panel = screen.getByRole('tabpanel', { name: 'Waitlist' });
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Status' }), 'refused');
    await waitFor(() =>
      expect(fetchedUrls(api.spy)).toContain('/api/v1/admin/waitlist?status=refused'),
    );
  });
});
