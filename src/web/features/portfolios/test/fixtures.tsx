import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import type { Portfolio, Simulation } from '@/contracts/portfolios';
import { sessionKeys } from '@/web/lib/session';
import { testSession, testUser } from '@/web/test/mock-api';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { PortfolioScope } from '../components/portfolio-scope';

export const OWNER_ID = testUser.id;
const OTHER_ID = '99999999-9999-4999-8999-999999999999';

/** Radix positions popovers and menus with ResizeObserver, which jsdom lacks. */
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

let counter = 0;
const uuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function makeSimulation(overrides: Partial<Simulation> = {}): Simulation {
  return {
    id: uuid(),
    portfolioId: overrides.portfolioId ?? uuid(),
    userId: OWNER_ID,
    name: 'Crash test',
    description: null,
    initialCash: '100000',
    cash: '100000.00',
    cashCurrency: 'EUR',
    backgroundTheme: 'red',
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    permissionLevel: 'owner',
    ...overrides,
  };
}

export function makePortfolio(overrides: Partial<Portfolio> = {}): Portfolio {
  const id = overrides.id ?? uuid();
  return {
    id,
    userId: OWNER_ID,
    name: 'My Portfolio',
    description: 'Default portfolio',
    isDefault: false,
    baseCurrency: 'EUR',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    isOwner: true,
    permissionLevel: 'owner',
    owner: null,
    simulations: [],
    ...overrides,
  };
}

/** A portfolio someone else shares with Ada at `level`. */
export function makeShared(level: 'edit' | 'read', overrides: Partial<Portfolio> = {}) {
  return makePortfolio({
    userId: OTHER_ID,
    name: 'Family savings',
    description: null,
    isOwner: false,
    permissionLevel: level,
    owner: { id: OTHER_ID, email: 'grace@example.com', displayName: 'Grace Hopper' },
    ...overrides,
  });
}

/** Renders inside the signed-in providers: session (Ada), active scope, dialogs and toasts. */
export function renderInScope(ui: ReactElement, { route = '/', path = '*' } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, testSession());
  const user = userEvent.setup();
  const view = renderWithProviders(
    <PortfolioScope userId={OWNER_ID}>
      {ui}
      <Toaster />
    </PortfolioScope>,
    { route, path, queryClient },
  );
  return { user, ...view };
}
