import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import { renderAdmin, stubResizeObserver } from '../test/fixtures';
import { AdminToolsMenu } from './admin-tools-menu';

beforeEach(stubResizeObserver);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdminToolsMenu', () => {
  it('is hidden from regular users', () => {
    mockApi({});
    renderAdmin(<AdminToolsMenu />, { role: 'user' });
    expect(screen.queryByRole('button', { name: 'Admin tools' })).not.toBeInTheDocument();
  });

  it('is hidden while the role is loading', () => {
    mockApi({ 'GET /auth/session': () => new Promise(() => {}) });
    renderAdmin(<AdminToolsMenu />, { role: null });
    expect(screen.queryByRole('button', { name: 'Admin tools' })).not.toBeInTheDocument();
  });

  it('lists the admin pages for an admin, from the keyboard', async () => {
    mockApi({});
    const { user } = renderAdmin(<AdminToolsMenu />, { route: '/admin/audit' });
    const trigger = screen.getByRole('button', { name: 'Admin tools' });
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    const expected = [
      ['Users', '/admin/users'],
      ['Feature flags', '/admin/feature-flags'],
      ['Invites & waitlist', '/admin/invites'],
      ['Audit log', '/admin/audit'],
      ['Outgoing mail', '/admin/mail'],
      ['MFA debug', '/admin/mfa-debug'],
      ['SEO tools', '/admin/seo-tools'],
      ['Device location', '/admin/device-location'],
      ['Market data', '/admin/market-data'],
    ];
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual(expected);
    expect(screen.getByRole('menuitem', { name: 'Audit log' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
