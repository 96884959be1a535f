import { type Goal, goalSchema } from '@/contracts/goals';

let next = 0;

/**
 * A goal as the server answers it (checked against the contract's schema): active, measured by
 * the whole portfolio, in USD, its progress the view's value today unless given.
 */
export function goalWith(
  portfolioId: string,
  {
    title,
    targetAmount,
    targetDate,
    currency = 'USD',
    status = 'active',
    measure = { kind: 'portfolio' },
    currentAmount = '100000.00',
    unconverted = [],
    simulationId = null,
  }: {
    title: string;
    targetAmount: string;
    targetDate: string;
    currency?: Goal['currency'];
    status?: Goal['status'];
    measure?: Goal['measure'];
    currentAmount?: string | null;
    unconverted?: string[];
    simulationId?: string | null;
  },
): Goal {
  next += 1;
  return goalSchema.parse({
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    portfolioId,
    simulationId,
    title,
    description: null,
    category: 'retirement',
    status,
    priority: 'medium',
    targetAmount,
    currency,
    targetDate,
    measure,
    progress: {
      currentAmount,
      percent: null,
      remaining: null,
      monthsLeft: 0,
      monthlyNeeded: null,
      expectedReturn: 0.07,
      volatility: 0.16,
      onTrack: null,
      unconverted,
    },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });
}
