import { type Goal, type GoalProgress, goalSchema } from '@/contracts/goals';
import { PORTFOLIO_ID } from '@/web/test/scope';

let next = 0;

/** A goal as the server answers it (checked against the contract): active, half way, on track. */
export function makeGoal(
  overrides: Partial<Omit<Goal, 'progress'>> & { progress?: Partial<GoalProgress> } = {},
): Goal {
  next += 1;
  const { progress, ...rest } = overrides;
  return goalSchema.parse({
    id: `00000000-0000-4000-8000-${String(next).padStart(12, 'b')}`,
    portfolioId: PORTFOLIO_ID,
    simulationId: null,
    title: `Goal ${next}`,
    description: null,
    category: 'home',
    status: 'active',
    priority: 'medium',
    targetAmount: '20000',
    currency: 'EUR',
    targetDate: '2031-06-30',
    measure: { kind: 'portfolio' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...rest,
    progress: {
      currentAmount: '10000.00',
      percent: 50,
      remaining: '10000.00',
      monthsLeft: 55,
      monthlyNeeded: '120.50',
      expectedReturn: 0.07,
      volatility: 0.16,
      onTrack: true,
      unconverted: [],
      ...progress,
    },
  });
}
