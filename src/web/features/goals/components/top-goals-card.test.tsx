import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import { PORTFOLIO_ID, renderWithScope } from '@/web/test/scope';
import { makeGoal } from '@/web/test/goals';
import { TopGoalsCard, topGoals } from './top-goals-card';

afterEach(() => vi.restoreAllMocks());

describe('the dashboard’s goals card', () => {
  it('keeps the three active goals that matter most: priority, then the nearest date', () => {
    const goals = [
      makeGoal({ title: 'Late high', priority: 'high', targetDate: '2040-01-01' }),
      makeGoal({ title: 'Soon medium', priority: 'medium', targetDate: '2027-01-01' }),
      makeGoal({ title: 'Early high', priority: 'high', targetDate: '2030-01-01' }),
      makeGoal({ title: 'Paused high', priority: 'high', status: 'paused' }),
      makeGoal({ title: 'Low', priority: 'low', targetDate: '2026-12-31' }),
    ];
    expect(topGoals(goals).map((goal) => goal.title)).toEqual([
      'Early high',
      'Late high',
      'Soon medium',
    ]);
  });

  it('shows their progress, or what to do when there is none', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/goals`]: {
        body: {
          goals: [makeGoal({ title: 'House', progress: { percent: 42.4 } })],
          limit: 3,
          count: 1,
        },
      },
    });
    renderWithScope(<TopGoalsCard />, { route: `/dashboard?portfolio=${PORTFOLIO_ID}` });
    const link = await screen.findByRole('link', { name: 'House' });
    expect(link).toHaveAttribute('href', expect.stringContaining(`?portfolio=${PORTFOLIO_ID}`));
    const item = link.closest('li')!;
    expect(within(item).getByText('42%')).toBeVisible();
    expect(within(item).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(within(item).getByText('On track')).toBeVisible();
  });

  it('says what to do without an active goal', async () => {
    mockApi({
      [`GET /portfolios/${PORTFOLIO_ID}/goals`]: { body: { goals: [], limit: 3, count: 0 } },
    });
    renderWithScope(<TopGoalsCard />);
    expect(await screen.findByText(/No active goal/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a goal' })).toHaveAttribute('href', '/goals');
  });
});
