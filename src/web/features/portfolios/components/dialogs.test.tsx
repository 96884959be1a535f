import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/web/test/mock-api';
import {
  makePortfolio,
  makeShared,
  makeSimulation,
  renderInScope,
  stubResizeObserver,
} from '../test/fixtures';
import { type OpenDialog, usePortfolioDialogs } from './portfolio-dialogs-context';

beforeEach(stubResizeObserver);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const main = makePortfolio({ name: 'Main', isDefault: true });
const side = makePortfolio({ name: 'Side projects' });
const shared = makeShared('edit', { name: 'Club' });

function Opener({ dialog }: { dialog: OpenDialog }) {
  const dialogs = usePortfolioDialogs();
  return <button onClick={() => dialogs.open(dialog)}>open</button>;
}

function setup(dialog: OpenDialog, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /portfolios': { body: { portfolios: [main, side, shared] } },
    ...routes,
  });
  const view = renderInScope(<Opener dialog={dialog} />, {
    route: `/dashboard?portfolio=${main.id}`,
  });
  return { api, ...view };
}

describe('portfolio dialog', () => {
  it('asks for a name and limits the description, without calling the server', async () => {
    const { user, api } = setup({ kind: 'create-portfolio' });
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'New portfolio' });
    await user.click(within(dialog).getByLabelText('Description'));
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Create portfolio' }));
    expect(await within(dialog).findByText('Portfolio name is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Description must be less than 500 characters'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Create portfolio' }));
    expect(
      await within(dialog).findByText('Name must be less than 100 characters'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/portfolios')).toHaveLength(0);
  });

  it('creates a default portfolio, switches to it and says so', async () => {
    const created = makePortfolio({ name: 'Retirement', isDefault: true });
    let exists = false;
    const { user, api, router } = setup(
      { kind: 'create-portfolio' },
      {
        // Once created, the new portfolio is in the list, as the server answers.
        'GET /portfolios': () => ({
          body: {
            portfolios: exists
              ? [{ ...main, isDefault: false }, side, shared, created]
              : [main, side, shared],
          },
        }),
        'POST /portfolios': () => {
          exists = true;
          return { status: 201, body: { portfolio: created } };
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'New portfolio' });
    await user.type(within(dialog).getByLabelText('Name'), '  Retirement ');
    await user.click(within(dialog).getByLabelText('Set as default'));
    await user.click(within(dialog).getByRole('button', { name: 'Create portfolio' }));
    expect(await screen.findByText('Portfolio “Retirement” created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/portfolios')[0]?.body).toEqual({
      name: 'Retirement',
      description: null,
      isDefault: true,
      // The user's preferred currency unless another is chosen.
      baseCurrency: 'EUR',
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?portfolio=${created.id}`));
  });

  it('shows the server refusal, translated', async () => {
    const { user } = setup(
      { kind: 'edit-portfolio', portfolio: side },
      { [`PATCH /portfolios/${side.id}`]: apiError(403, 'FORBIDDEN') },
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit portfolio' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Insufficient permissions');
  });
});

describe('simulation dialog', () => {
  it('validates the name and offers only owned portfolios', async () => {
    const { user, api } = setup({ kind: 'create-simulation' });
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'New simulation' });
    const select = within(dialog).getByLabelText('Portfolio');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Main', 'Side projects']);
    await user.click(within(dialog).getByRole('button', { name: 'Create and switch' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Name'));
    await user.paste('n'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Create and switch' }));
    expect(await within(dialog).findByText('Name is too long')).toBeInTheDocument();
    expect(api.spy).toHaveBeenCalledTimes(1);
  });

  it('says the simulation could not be created, with the reason', async () => {
    const { user } = setup(
      { kind: 'create-simulation' },
      { [`POST /portfolios/${main.id}/simulations`]: apiError(403, 'FORBIDDEN') },
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'New simulation' });
    await user.selectOptions(within(dialog).getByLabelText('Portfolio'), 'Main');
    await user.type(within(dialog).getByLabelText('Name'), 'Stress');
    await user.click(within(dialog).getByRole('button', { name: 'Create and switch' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create simulation: Insufficient permissions',
    );
  });

  it('creates with a theme and a starting point, then switches to it', async () => {
    const created = makeSimulation({
      name: 'Stress',
      portfolioId: side.id,
      backgroundTheme: 'orange',
    });
    // Like the server: once the simulation exists, the portfolio list includes it (the dialog
    // refetches the list before switching, and an unknown ?sim= would be dropped).
    let exists = false;
    const { user, api, router } = setup(
      { kind: 'create-simulation' },
      {
        'GET /portfolios': () => ({
          body: {
            portfolios: [
              main,
              exists ? { ...side, simulations: [created, ...side.simulations] } : side,
              shared,
            ],
          },
        }),
        [`POST /portfolios/${side.id}/simulations`]: () => {
          exists = true;
          return { status: 201, body: { simulation: created } };
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'New simulation' });
    await user.selectOptions(within(dialog).getByLabelText('Portfolio'), 'Side projects');
    await user.type(within(dialog).getByLabelText('Name'), 'Stress');
    await user.click(within(dialog).getByRole('radio', { name: /Energy Orange/ }));
    await user.click(within(dialog).getByRole('radio', { name: /copy of the real holdings/ }));
    expect(
      within(dialog).getByRole('radio', { name: /Start empty with €100,000 cash/ }),
    ).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create and switch' }));
    expect(await screen.findByText('Simulation “Stress” created and active')).toBeInTheDocument();
    expect(api.callsTo('POST', `/portfolios/${side.id}/simulations`)[0]?.body).toEqual({
      name: 'Stress',
      description: null,
      backgroundTheme: 'orange',
      copyHoldings: true,
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?portfolio=${side.id}&sim=${created.id}`),
    );
  });
});
