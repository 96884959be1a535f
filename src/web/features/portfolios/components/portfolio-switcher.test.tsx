import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import {
  makePortfolio,
  makeShared,
  makeSimulation,
  renderInScope,
  stubResizeObserver,
} from '../test/fixtures';
import { PortfolioSwitcher } from './portfolio-switcher';

beforeEach(stubResizeObserver);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const main = makePortfolio({ name: 'Main', isDefault: true });
const crash = makeSimulation({ name: 'Crash 2027', portfolioId: main.id, backgroundTheme: 'red' });
const green = makeSimulation({
  name: 'Green energy',
  portfolioId: main.id,
  backgroundTheme: 'green',
});
const mainWithSims = { ...main, simulations: [crash, green] };
const side = makePortfolio({ name: 'Side projects' });
const readOnly = makeShared('read', { name: 'Family' });
const editable = makeShared('edit', { name: 'Club' });

function setup(route = '/dashboard') {
  mockApi({
    'GET /portfolios': { body: { portfolios: [mainWithSims, side, readOnly, editable] } },
  });
  return renderInScope(<PortfolioSwitcher />, { route });
}

async function openSwitcher(user: ReturnType<typeof setup>['user'], name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

describe('PortfolioSwitcher', () => {
  it('lists every portfolio with its badges and nested simulations', async () => {
    const { user } = setup();
    const popup = await openSwitcher(user, /Active portfolio: Main/);
    const mainButton = within(popup).getByRole('button', { name: /^Main/ });
    expect(mainButton).toHaveTextContent('Owned');
    expect(mainButton).toHaveTextContent('Default');
    expect(mainButton).toHaveAttribute('aria-current', 'true');
    expect(within(popup).getByRole('button', { name: /^Side projects/ })).toHaveTextContent(
      'Custom',
    );
    const family = within(popup).getByRole('button', { name: /^Family/ });
    expect(family).toHaveTextContent('Shared');
    expect(family).toHaveTextContent('Read only');
    expect(within(popup).getByRole('list', { name: 'Simulations of Main' })).toHaveTextContent(
      'Crash 2027',
    );
    // Edit buttons: owned portfolios and simulations the user may manage; none on shared ones.
    expect(within(popup).getByRole('button', { name: 'Edit portfolio Main' })).toBeInTheDocument();
    expect(
      within(popup).getByRole('button', { name: 'Edit simulation Crash 2027' }),
    ).toBeInTheDocument();
    expect(within(popup).queryByRole('button', { name: 'Edit portfolio Family' })).toBeNull();
  });

  it('finds a portfolio by the name of one of its simulations', async () => {
    const { user } = setup();
    const popup = await openSwitcher(user, /Active portfolio: Main/);
    await user.type(within(popup).getByRole('searchbox'), 'green');
    await waitFor(() =>
      expect(within(popup).queryByRole('button', { name: /^Side projects/ })).toBeNull(),
    );
    expect(within(popup).getByRole('button', { name: /^Main/ })).toBeInTheDocument();
    expect(
      within(popup).getByRole('button', { name: 'Green energy (simulation)' }),
    ).toBeInTheDocument();
    expect(within(popup).queryByRole('button', { name: 'Crash 2027 (simulation)' })).toBeNull();

    await user.clear(within(popup).getByRole('searchbox'));
    await user.type(within(popup).getByRole('searchbox'), 'zzz');
    expect(within(popup).getByRole('status')).toHaveTextContent(
      'No portfolio or simulation matches “zzz”.',
    );
  });

  it('moves through the options with the arrow keys', async () => {
    const { user } = setup();
    const popup = await openSwitcher(user, /Active portfolio: Main/);
    expect(within(popup).getByRole('searchbox')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(popup).getByRole('button', { name: /^Main/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(popup).getByRole('button', { name: 'Crash 2027 (simulation)' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(popup).getByRole('link', { name: 'Manage portfolios' })).toHaveFocus();
  });

  it('offers "create simulation" only where the user may manage simulations', async () => {
    const { user, unmount } = setup(`/dashboard?portfolio=${readOnly.id}`);
    let popup = await openSwitcher(user, /Active portfolio: Family/);
    expect(within(popup).getByRole('button', { name: 'Create new portfolio' })).toBeInTheDocument();
    expect(
      within(popup).queryByRole('button', { name: 'Create simulation in current portfolio' }),
    ).toBeNull();
    unmount();

    const next = setup(`/dashboard?portfolio=${editable.id}`);
    popup = await openSwitcher(next.user, /Active portfolio: Club/);
    await next.user.click(
      within(popup).getByRole('button', { name: 'Create simulation in current portfolio' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New simulation' });
    // A shared portfolio the user may edit: fixed, not one of their own to choose from.
    expect(within(dialog).getByLabelText('Portfolio')).toHaveValue('Club');
    expect(within(dialog).getByLabelText('Portfolio')).toHaveAttribute('readonly');
  });

  it('shows the active simulation with its name, and switches back to the real view', async () => {
    const { user, router } = setup(`/dashboard?portfolio=${main.id}&sim=${crash.id}`);
    const popup = await openSwitcher(user, /Simulation Crash 2027 in Main is active/);
    await user.click(within(popup).getByRole('button', { name: /^Main/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?portfolio=${main.id}`));
    expect(await screen.findByText('Back to the real portfolio')).toBeInTheDocument();
  });
});
