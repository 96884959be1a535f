import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECTION_DEFAULT_SEED } from '@/contracts/projections';
import { mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { makeGoal } from '@/web/test/goals';
import { GoalPage, oddsBody } from './goal-page';

afterEach(() => vi.restoreAllMocks());

const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');
const RUN = `/portfolios/${PORTFOLIO_ID}/projections/run`;

describe('a goal’s page', () => {
  it('shows where it stands, and its chance by its date from the simulation, with a saving typed', async () => {
    const goal = makeGoal({
      title: 'House',
      description: 'A flat in Lyon',
      progress: { monthsLeft: 30, monthlyNeeded: '310.40' },
    });
    const api = mockApi({
      [`GET /goals/${goal.id}`]: { body: { goal } },
      [`POST ${RUN}`]: (call) => {
        const body = call.body as { inputs: { monthlyContribution: number } };
        return {
          body: {
            targetProbabilities: [body.inputs.monthlyContribution > 0 ? 0.52 : 0.18],
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWithScope(<GoalPage />, {
      route: `/goals/${goal.id}`,
      path: '/goals/:goalId',
      baseCurrency: 'EUR',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'House' })).toBeVisible();
    const page = plain(document.body.textContent);
    expect(page).toContain('€10,000 of €20,000');
    expect(page).toContain('Time left30 months');
    expect(page).toContain('To save each month€310');
    expect(page).toContain('At an expected return of 7.0% a year');
    expect(page).toContain('Measured byWhole portfolio’s value');
    expect(page).toContain('A flat in Lyon');

    expect(await screen.findByTestId('goal-odds')).toHaveTextContent('18%');
    expect(api.callsTo('POST', RUN)[0]?.body).toEqual({
      inputs: {
        startValue: 10000,
        monthlyContribution: 0,
        contributionGrowth: 0,
        years: 3,
        expectedReturn: 0.07,
        volatility: 0.16,
        inflation: 0,
        mode: 'lognormal',
        events: [],
        history: [],
      },
      paths: 10000,
      seed: PROJECTION_DEFAULT_SEED,
      targets: [{ month: 30, amount: 20000 }],
    });

    await user.click(screen.getByRole('button', { name: 'Use €310' }));
    expect(screen.getByLabelText('Saving each month (EUR)')).toHaveValue('310.4');
    await waitFor(() => expect(screen.getByTestId('goal-odds')).toHaveTextContent('52%'));
    expect(api.callsTo('POST', RUN).at(-1)?.body).toMatchObject({
      inputs: { monthlyContribution: 310.4 },
    });
  });

  it('asks for no chance when there is nothing to simulate', () => {
    expect(oddsBody(makeGoal({ progress: { monthsLeft: 0 } }), 0)).toBeNull();
    expect(oddsBody(makeGoal({ progress: { monthsLeft: 601 } }), 0)).toBeNull();
    expect(oddsBody(makeGoal({ progress: { currentAmount: null } }), 0)).toBeNull();
    expect(oddsBody(makeGoal({ progress: { monthsLeft: 12 } }), 0)?.inputs.years).toBe(1);
    expect(oddsBody(makeGoal({ progress: { monthsLeft: 13 } }), 0)?.inputs.years).toBe(2);
  });

  it('deletes after asking, then goes back to the goals', async () => {
    const goal = makeGoal({ title: 'Car' });
    const api = mockApi({
      [`GET /goals/${goal.id}`]: { body: { goal } },
      [`POST ${RUN}`]: { body: { targetProbabilities: [0.4] } },
      [`DELETE /goals/${goal.id}`]: { status: 204 },
      [`GET /portfolios/${PORTFOLIO_ID}/goals`]: { body: { goals: [], limit: 3, count: 0 } },
    });
    const user = userEvent.setup();
    const { router } = renderWithScope(<GoalPage />, {
      route: `/goals/${goal.id}`,
      path: '/goals/:goalId',
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Car”?' });
    expect(api.callsTo('DELETE', `/goals/${goal.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/goals'));
    expect(api.callsTo('DELETE', `/goals/${goal.id}`)).toHaveLength(1);
  });

  it('hides the changes from a reader', async () => {
    const goal = makeGoal({ title: 'Boat' });
    mockApi({
      [`GET /goals/${goal.id}`]: { body: { goal } },
      [`POST ${RUN}`]: { body: { targetProbabilities: [0.4] } },
    });
    renderWithScope(<GoalPage />, {
      level: 'read',
      route: `/goals/${goal.id}`,
      path: '/goals/:goalId',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Boat' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says a goal that is not there is not there', async () => {
    mockApi({});
    renderWithScope(<GoalPage />, {
      route: '/goals/00000000-0000-4000-8000-00000000dead',
      path: '/goals/:goalId',
    });
    expect(
      await screen.findByText('This goal does not exist or is not in the active portfolio.'),
    ).toBeVisible();
  });
});
