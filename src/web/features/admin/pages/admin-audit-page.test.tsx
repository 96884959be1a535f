import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@/contracts/admin';
import { mockApi } from '@/web/test/mock-api';
import { fetchedUrls, renderAdmin } from '../test/fixtures';
import { AdminAuditPage } from './admin-audit-page';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const roleChange: AuditEntry = {
  id: '99999999-9999-4999-8999-999999999991',
  actorId: '11111111-1111-4111-8111-111111111111',
  actorEmail: 'ada@example.com',
  action: 'user.role',
  targetType: 'user',
  targetId: '33333333-3333-4333-8333-333333333333',
  before: { role: 'user' },
  after: { role: 'admin' },
  ip: '203.0.113.9',
  createdAt: '2026-03-10T10:00:00.000Z',
};
const flagToggle: AuditEntry = {
  ...roleChange,
  id: '99999999-9999-4999-8999-999999999992',
  action: 'feature_flag.toggle',
  targetType: 'feature_flag',
  targetId: 'search_bar',
  before: { enabled: true },
  after: { enabled: false },
  ip: null,
};

describe('AdminAuditPage', () => {
  it('lists entries: when, who, action, target, and before → after as JSON', async () => {
    mockApi({ 'GET /admin/audit': { body: { entries: [roleChange, flagToggle], total: 2 } } });
    renderAdmin(<AdminAuditPage />, { route: '/admin/audit' });
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(document.title).toBe('Audit log · Admin · Cairn');

    const row = (await screen.findByText('user.role', { selector: 'code' })).closest('tr')!;
    expect(row).toHaveTextContent('Role changed');
    expect(row).toHaveTextContent('ada@example.com');
    expect(row).toHaveTextContent('IP 203.0.113.9');
    expect(row).toHaveTextContent('2 hours ago');
    expect(row).toHaveTextContent('user.role');
    expect(row).toHaveTextContent('User33333333-3333-4333-8333-333333333333');
    expect(row).toHaveTextContent('{"role":"user"}');
    expect(row).toHaveTextContent('{"role":"admin"}');
    expect(
      screen.getByText('feature_flag.toggle', { selector: 'code' }).closest('tr'),
    ).toHaveTextContent('{"enabled":true}{"enabled":false}');
  });

  it('filters by action and pages by 50', async () => {
    const api = mockApi({ 'GET /admin/audit': { body: { entries: [roleChange], total: 120 } } });
    const { user } = renderAdmin(<AdminAuditPage />, { route: '/admin/audit' });
    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(fetchedUrls(api.spy)).toContain('/api/v1/admin/audit?page=2&pageSize=50'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'user.role');
    await waitFor(() =>
      expect(fetchedUrls(api.spy)).toContain(
        '/api/v1/admin/audit?action=user.role&page=1&pageSize=50',
      ),
    );
  });

  it('says what shows up here when the log is empty', async () => {
    mockApi({ 'GET /admin/audit': { body: { entries: [], total: 0 } } });
    renderAdmin(<AdminAuditPage />, { route: '/admin/audit' });
    expect(await screen.findByText('No admin actions recorded yet')).toBeInTheDocument();
    expect(screen.getByText('Changes made in the admin area appear here.')).toBeInTheDocument();
  });
});
