import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import { renderAdmin } from '../test/fixtures';
import { AdminGate } from './admin-gate';

afterEach(() => vi.restoreAllMocks());

const page = (
  <AdminGate>
    <p>Admin data</p>
  </AdminGate>
);

describe('AdminGate', () => {
  it('says it is verifying while the session loads, and shows nothing else', () => {
    mockApi({ 'GET /auth/session': () => new Promise(() => {}) });
    renderAdmin(page, { role: null });
    expect(screen.getByRole('status')).toHaveTextContent('Verifying admin access...');
    expect(screen.queryByText('Admin data')).not.toBeInTheDocument();
  });

  it('turns a regular user away with a link to the dashboard', () => {
    mockApi({});
    renderAdmin(page, { role: 'user' });
    expect(screen.getByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText('Unauthorized: Admin access required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByText('Admin data')).not.toBeInTheDocument();
    expect(screen.queryByText('Changes here affect all users.')).not.toBeInTheDocument();
  });

  it('shows an admin the warning banner above the page', () => {
    mockApi({});
    renderAdmin(page);
    const banner = screen.getByRole('note');
    expect(within(banner).getByText('Changes here affect all users.')).toBeInTheDocument();
    expect(screen.getByText('Admin data')).toBeInTheDocument();
    expect(banner.compareDocumentPosition(screen.getByText('Admin data'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
