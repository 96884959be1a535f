import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import { formatTypedDate } from '@/web/lib/date-input';
import { toDateInput } from '../lib/share-form';
import { makePortfolio, makeSimulation, renderInScope, stubResizeObserver } from '../test/fixtures';
import { ShareForm } from './share-form';

beforeEach(stubResizeObserver);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const main = makePortfolio({ name: 'Main', isDefault: true });
const crash = makeSimulation({ name: 'Crash 2027', portfolioId: main.id });
const green = makeSimulation({ name: 'Green', portfolioId: main.id });
const portfolio = { ...main, simulations: [crash, green] };

function setup() {
  const api = mockApi({
    'GET /portfolios': { body: { portfolios: [portfolio] } },
    [`POST /portfolios/${main.id}/shares`]: ({ body }) => ({
      status: 201,
      body: {
        share: {
          id: '55555555-5555-4555-8555-555555555555',
          portfolioId: main.id,
          ownerUserId: main.userId,
          sharedWithUserId: null,
          sharedWithEmail: (body as { email: string }).email,
          permissionLevel: 'edit',
          status: 'pending',
          expiresAt: '2026-03-08T10:00:00.000Z',
          acceptedAt: null,
          simulationSharingMode: 'specific',
          sharedSimulationIds: [green.id],
          createdAt: '2026-03-01T10:00:00.000Z',
          updatedAt: '2026-03-01T10:00:00.000Z',
        },
      },
    }),
  });
  return { api, ...renderInScope(<ShareForm portfolio={portfolio} />) };
}

describe('ShareForm', () => {
  it('needs a valid email, and at least one simulation in "chosen ones" mode', async () => {
    const { api, user } = setup();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Email address'), 'not-an-email');
    await user.click(within(form).getByRole('radio', { name: 'Chosen ones' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Valid email required')).toBeInTheDocument();
    expect(
      within(form).getByText('Simulation IDs required when sharing specific simulations'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/portfolios/${main.id}/shares`)).toHaveLength(0);
  });

  it('sends the invitation with the permission, the simulations and a 7-day expiry', async () => {
    const { api, user } = setup();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    const expires = within(form).getByLabelText('Invitation valid until') as HTMLInputElement;
    const inSevenDays = new Date();
    inSevenDays.setDate(inSevenDays.getDate() + 7);
    // Shown in the user's format (no preference in English: month first).
    expect(expires).toHaveValue(formatTypedDate(toDateInput(inSevenDays), 'MM/dd/yyyy'));

    await user.type(within(form).getByLabelText('Email address'), ' Grace@Example.com ');
    await user.click(within(form).getByRole('radio', { name: /Can edit/ }));
    await user.click(within(form).getByRole('radio', { name: 'Chosen ones' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Green' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to grace@example.com')).toBeInTheDocument();
    const body = api.callsTo('POST', `/portfolios/${main.id}/shares`)[0]?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      email: 'grace@example.com',
      permissionLevel: 'edit',
      simulationSharingMode: 'specific',
      sharedSimulationIds: [green.id],
    });
    expect(new Date(body.expiresAt as string).toDateString()).toBe(inSevenDays.toDateString());
    await waitFor(() => expect(within(form).getByLabelText('Email address')).toHaveValue(''));
  });
});
