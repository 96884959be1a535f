import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailEntry } from '@/contracts/admin';
import { mockApi } from '@/web/test/mock-api';
import { renderAdmin } from '../test/fixtures';
import { AdminAuditPage } from './admin-audit-page';
import { AdminMailPage } from './admin-mail-page';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const activation: MailEntry = {
  id: '77777777-7777-4777-8777-777777777771',
  to: 'newcomer@example.com',
  subject: 'Activate your Cairn account',
  template: 'activate-account',
  status: 'stored',
  hasBody: true,
  hasLink: true,
  createdAt: '2026-11-28T11:00:00.000Z',
  sentAt: null,
};
const cleared: MailEntry = {
  ...activation,
  id: '77777777-7777-4777-8777-777777777772',
  to: 'old@example.com',
  subject: 'Reset your Cairn password',
  template: 'reset-password',
  hasBody: false,
  hasLink: false,
  createdAt: '2026-11-10T11:00:00.000Z',
};
const LINK = 'http://localhost:3000/auth/activate?token=abc123';
const list = (delivery: boolean, entries: MailEntry[]) => ({
  body: {
    delivery,
    waiting: entries.filter((e) => e.status === 'stored' && e.hasBody && e.hasLink).length,
    entries,
    total: entries.length,
  },
});

describe('AdminMailPage', () => {
  it('says mail is not configured and lists who, what and when', async () => {
    mockApi({ 'GET /admin/mail': list(false, [activation, cleared]) });
    renderAdmin(<AdminMailPage />, { route: '/admin/mail' });
    expect(screen.getByRole('heading', { level: 1, name: 'Outgoing mail' })).toBeInTheDocument();
    expect(await screen.findByText('Mail is not configured')).toBeInTheDocument();
    const row = screen.getByText('newcomer@example.com').closest('tr')!;
    expect(row).toHaveTextContent('Activate your Cairn account');
    expect(row).toHaveTextContent('Account activation');
    expect(row).toHaveTextContent('Waiting for you');
    expect(row).toHaveTextContent('1 hour ago');
    const old = screen.getByText('old@example.com').closest('tr')!;
    expect(old).toHaveTextContent('Body cleared');
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
  });

  it('reads an email only when asked, then copies its link', async () => {
    const api = mockApi({
      'GET /admin/mail': list(false, [activation]),
      [`GET /admin/mail/${activation.id}`]: {
        body: { ...activation, text: `Activate\n\n${LINK}`, actionUrl: LINK },
      },
    });
    const { user } = renderAdmin(<AdminMailPage />, { route: '/admin/mail' });
    // user-event puts a clipboard of its own on the navigator.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const copy = await screen.findByRole('button', {
      name: 'Copy the link of the email to newcomer@example.com',
    });
    // Listing reads no body (each reading is audited on the server).
    expect(api.callsTo('GET', `/admin/mail/${activation.id}`)).toHaveLength(0);
    await user.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    expect(
      await screen.findByText('Link copied. Send it to newcomer@example.com yourself.'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', `/admin/mail/${activation.id}`)).toHaveLength(1);

    // Opening it shows the text, from the same reading.
    await user.click(
      screen.getByRole('button', { name: 'Open the email to newcomer@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Activate your Cairn account' });
    expect(within(dialog).getByText(LINK, { selector: 'code' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Opening an email is recorded in the audit log.');
    expect(api.callsTo('GET', `/admin/mail/${activation.id}`)).toHaveLength(1);
  });

  it('is a delivery log when mail is sent, with an empty state that says so', async () => {
    mockApi({ 'GET /admin/mail': list(true, []) });
    renderAdmin(<AdminMailPage />, { route: '/admin/mail' });
    expect(
      await screen.findByText(
        'Mail is sent through the configured server. Bodies are cleared once an email is sent.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No email yet')).toBeInTheDocument();
    expect(screen.queryByText('Mail is not configured')).not.toBeInTheDocument();
  });
});

describe('the admin area without a mail server', () => {
  it('reminds the administrator on every page where the emails wait', async () => {
    mockApi({
      'GET /admin/mail?pageSize=1': list(false, [activation]),
      'GET /admin/audit': { body: { entries: [], total: 0 } },
    });
    renderAdmin(<AdminAuditPage />, { route: '/admin/audit' });
    const notice = await screen.findByTestId('mail-notice');
    expect(notice).toHaveTextContent(
      'Mail is not configured. 1 email waits for you to pass it on.',
    );
    expect(within(notice).getByRole('link', { name: 'Open Outgoing mail' })).toHaveAttribute(
      'href',
      '/admin/mail',
    );
  });

  it('says nothing when mail is sent', async () => {
    const api = mockApi({
      'GET /admin/mail?pageSize=1': list(true, []),
      'GET /admin/audit': { body: { entries: [], total: 0 } },
    });
    renderAdmin(<AdminAuditPage />, { route: '/admin/audit' });
    await waitFor(() => expect(api.callsTo('GET', '/admin/mail')).toHaveLength(1));
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Mail is not configured/)).toBeNull();
  });
});
