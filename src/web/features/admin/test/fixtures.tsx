import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import type { AdminUser, Flag, Invite, WaitlistEntry } from '@/contracts/admin';
import type { Role } from '@/contracts/auth';
import { FEATURE_FLAGS } from '@/contracts/feature-flags';
import { sessionKeys } from '@/web/lib/session';
import { testSession, testUser } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';

/** Radix positions menus and tooltips with ResizeObserver, which jsdom lacks. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

/** A promise the test settles when it wants (to see a change before the server answers). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A query client whose session is signed in with `role` (or loading when role is null). */
export function sessionClient(role: Role | null = 'admin') {
  const queryClient = createTestQueryClient();
  if (role) queryClient.setQueryData(sessionKeys.all, testSession({ user: { ...testUser, role } }));
  return queryClient;
}

/** Renders an admin screen with toasts, signed in as an admin (Ada, testUser) by default. */
export function renderAdmin(
  ui: ReactElement,
  { role = 'admin', route = '/admin' }: { role?: Role | null; route?: string } = {},
) {
  const user = userEvent.setup();
  const view = renderWithProviders(
    <>
      {ui}
      <Toaster />
    </>,
    { route, queryClient: sessionClient(role) },
  );
  return { user, ...view };
}

/** The URLs fetch was called with (the query string included, which mockApi's calls leave out). */
export function fetchedUrls(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map(([input]) =>
    typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url,
  );
}

export function adminUserRow(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    email: 'grace@example.com',
    fullName: 'Grace Hopper',
    role: 'user',
    createdAt: '2026-02-01T10:00:00.000Z',
    lastSignInAt: '2026-03-09T10:00:00.000Z',
    emailConfirmedAt: '2026-02-01T11:00:00.000Z',
    provider: 'email',
    phone: null,
    twoFactor: false,
    tier: 'free',
    ...overrides,
  };
}

/** The self row: the signed-in admin (testUser). */
export const selfRow = adminUserRow({
  id: testUser.id,
  email: testUser.email,
  fullName: testUser.fullName,
  role: 'admin',
  twoFactor: true,
  provider: 'github',
  phone: '+33 6 12 34 56 78',
});

/** Every flag of the catalogue at its default, unless overridden by key. */
export function makeFlags(enabled: Record<string, boolean> = {}): Flag[] {
  return FEATURE_FLAGS.map((definition) => ({
    key: definition.key,
    name: definition.name,
    category: definition.category,
    description: definition.description,
    enabled: enabled[definition.key] ?? definition.defaultEnabled,
    defaultEnabled: definition.defaultEnabled,
    critical: definition.critical,
    updatedAt: '2026-03-01T10:00:00.000Z',
    updatedBy: null,
    updatedByEmail: null,
  }));
}

export function makeInvite(overrides: Partial<Invite> = {}): Invite {
  return {
    code: 'ABCD2345',
    email: null,
    status: 'valid',
    usedBy: null,
    usedByEmail: null,
    usedAt: null,
    expiresAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    email: 'linus@example.com',
    fullName: 'Linus Pauling',
    motivation: 'I track my savings across three banks.',
    status: 'pending',
    inviteCode: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}
