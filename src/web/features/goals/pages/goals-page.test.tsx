import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/web/test/mock-api';
import { localToday, yearsAfter } from '../lib/goal-form';
import { renderWithScope, PORTFOLIO_ID as PORTFOLIO } from '@/web/test/scope';
import { makeGoal } from '@/web/test/goals';
import { GoalsPage } from './goals-page';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');
const LIST = `GET /portfolios/${PORTFOLIO}/goals`;
const CREATE = `POST /portfolios/${PORTFOLIO}/goals`;
const HOLDINGS = `GET /portfolios/${PORTFOLIO}/holdings`;
const holding = (id: string, name: string) => ({
  id,
  name,
  symbol: name.slice(0, 4).toUpperCase(),
  isActive: true,
});

describe('the goals page', () => {
  it('says what to do when there is no goal, and adopts a suggestion in one click', async () => {
    let created = false;
    const api = mockApi({
      [LIST]: () => ({
        body: {
          goals: created ? [makeGoal({ title: 'Emergency fund', category: 'emergency_fund' })] : [],
          limit: 3,
          count: created ? 1 : 0,
        },
      }),
      [CREATE]: () => {
        created = true;
        return { status: 201, body: { goal: makeGoal({ title: 'Emergency fund' }) } };
      },
    });
    renderWithScope(<GoalsPage />, { route: '/goals', baseCurrency: 'EUR' });
    expect(await screen.findByRole('heading', { name: 'No goals yet' })).toBeVisible();
    expect(screen.getByText('0 of 3 goals on your plan')).toBeVisible();
    // The spec's examples are labelled suggestions, apart from the goals.
    const suggestions = screen.getByRole('region', { name: 'Suggestions' });
    expect(within(suggestions).getAllByText('Suggestion')).toHaveLength(3);
    expect(plain(suggestions.textContent)).toContain('€10,000 in 1 year');
    expect(plain(suggestions.textContent)).toContain('€500,000 in 25 years');

    await userEvent
      .setup()
      .click(within(suggestions).getByRole('button', { name: 'Adopt: Emergency fund' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO}/goals`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO}/goals`)[0]?.body).toEqual({
      title: 'Emergency fund',
      description: 'Three to six months of expenses, within reach at any time.',
      category: 'emergency_fund',
      priority: 'high',
      status: 'active',
      targetAmount: '10000',
      currency: 'EUR',
      targetDate: yearsAfter(localToday(), 1),
      measure: { kind: 'manual', currentAmount: '0' },
    });
    expect(await screen.findByText('Goal “Emergency fund” created')).toBeVisible();
    // Adopted: it is a goal now, and no longer offered.
    const list = await screen.findByRole('list', { name: 'Goals' });
    expect(within(list).getByRole('link', { name: 'Emergency fund' })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Suggestions' })).queryByText('Emergency fund'),
    ).not.toBeInTheDocument();
  });

  it('shows each goal’s progress in its own currency, active goals first', async () => {
    mockApi({
      [LIST]: {
        body: {
          goals: [
            makeGoal({ title: 'Old trip', status: 'achieved', targetDate: '2026-01-01' }),
            makeGoal({
              title: 'House',
              currency: 'USD',
              targetAmount: '50000',
              progress: {
                currentAmount: '12500.00',
                percent: 25,
                remaining: '37500.00',
                monthsLeft: 30,
                monthlyNeeded: '1180.25',
                onTrack: false,
              },
            }),
          ],
          limit: null,
          count: 2,
        },
      },
    });
    renderWithScope(<GoalsPage />, { route: '/goals', baseCurrency: 'EUR' });
    const list = await screen.findByRole('list', { name: 'Goals' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'House' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/goals\/[0-9a-f-]+$/),
    );
    const house = plain(first!.textContent);
    expect(house).toContain('$12,500 of $50,000');
    expect(house).toContain('25.0% reached');
    expect(house).toContain('Left to reach$37,500');
    expect(house).toContain('Time left30 months');
    expect(house).toContain('To save each month$1,180');
    // Behind says so in words, not by colour alone.
    expect(within(first!).getByText('Behind')).toBeVisible();
    expect(within(first!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(second!).getByText('Achieved')).toBeVisible();
    // Unlimited: no count shown.
    expect(screen.queryByText(/goals on your plan/)).not.toBeInTheDocument();
  });

  it('leaves a reader without the means to change anything', async () => {
    mockApi({ [LIST]: { body: { goals: [], limit: 3, count: 0 } } });
    renderWithScope(<GoalsPage />, { level: 'read', route: '/goals', baseCurrency: 'EUR' });
    expect(await screen.findByText('No goals in this portfolio yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New goal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Suggestions' })).not.toBeInTheDocument();
  });

  it('points to the plans at the limit, and says which plan allows more when refused', async () => {
    mockApi({
      [LIST]: { body: { goals: [makeGoal(), makeGoal(), makeGoal()], limit: 3, count: 3 } },
    });
    renderWithScope(<GoalsPage />, { route: '/goals', baseCurrency: 'EUR' });
    expect(await screen.findByRole('link', { name: /Your plan holds 3 goals/ })).toHaveAttribute(
      'href',
      '/settings/subscription',
    );
    expect(screen.getByRole('button', { name: 'New goal' })).toBeDisabled();
  });

  // A dialog filled in by hand: a longer timeout than most tests, for a loaded machine.
  it('creates a goal from the form: checks it first, reads French amounts, follows chosen holdings', async () => {
    await i18n.changeLanguage('fr');
    const api = mockApi({
      [LIST]: { body: { goals: [], limit: 3, count: 2 } },
      [HOLDINGS]: {
        body: {
          holdings: [
            holding('00000000-0000-4000-8000-0000000000a1', 'Vanguard World'),
            holding('00000000-0000-4000-8000-0000000000a2', 'Bitcoin'),
          ],
        },
      },
      [CREATE]: apiError(403, 'TIER_GOAL_LIMIT', {
        tier: 'free',
        limit: 3,
        requiredTier: 'classic',
      }),
    });
    const user = userEvent.setup();
    renderWithScope(<GoalsPage />, { route: '/goals', baseCurrency: 'EUR' });
    await user.click(await screen.findByRole('button', { name: 'Nouvel objectif' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel objectif' });
    await user.click(
      within(dialog).getByRole('radio', { name: 'La valeur de positions choisies' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Créer l’objectif' }));
    // Nothing leaves while the form is wrong; each field says what is wrong.
    expect(within(dialog).getByLabelText('Titre')).toHaveAccessibleDescription(
      'Le titre est obligatoire',
    );
    expect(within(dialog).getByText('Choisissez de 1 à 100 actifs')).toBeVisible();
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO}/goals`)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Titre'));
    await user.paste('Tour du monde');
    await user.selectOptions(within(dialog).getByLabelText('Catégorie'), 'travel');
    await user.click(within(dialog).getByLabelText('Montant cible'));
    await user.paste('12 500,50');
    await user.click(await within(dialog).findByRole('checkbox', { name: /Bitcoin/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Créer l’objectif' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/portfolios/${PORTFOLIO}/goals`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/portfolios/${PORTFOLIO}/goals`)[0]?.body).toMatchObject({
      title: 'Tour du monde',
      category: 'travel',
      targetAmount: '12500.50',
      currency: 'EUR',
      measure: { kind: 'holdings', holdingIds: ['00000000-0000-4000-8000-0000000000a2'] },
    });
    // The plan's refusal names the plan that allows more.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Votre offre permet 3 objectifs. L’offre Premium en permet davantage',
    );
  }, 15_000);
});
