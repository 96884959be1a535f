import { z } from 'zod';
import { moneyAmount } from './holdings';
import { isoDate, text } from './input-rules';
import { CURRENCIES } from './settings';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * Goals (issue 29; spec 002: title, description, category, status, priority, target and current
 * amount, target date): an amount to reach by a date, in a portfolio view, its progress measured
 * from an amount typed, the whole view's value, or chosen holdings' value (converted into the
 * goal's currency by the valuation engine, never relabelled).
 */

export const GOAL_CATEGORIES = [
  'emergency_fund',
  'home',
  'retirement',
  'education',
  'travel',
  'other',
] as const;
export type GoalCategory = (typeof GOAL_CATEGORIES)[number];
export const GOAL_STATUSES = ['active', 'achieved', 'paused', 'abandoned'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export const GOAL_PRIORITIES = ['low', 'medium', 'high'] as const;
export type GoalPriority = (typeof GOAL_PRIORITIES)[number];
export const GOAL_MEASURES = ['manual', 'portfolio', 'holdings'] as const;
/** Progress milestones that notify, once each. */
export const GOAL_MILESTONES = [25, 50, 75, 100] as const;

/** The spec's example goals (spec 002, demo fallbacks): suggestions a user adopts, never goals. */
export const GOAL_SUGGESTIONS = [
  { key: 'emergencyFund', category: 'emergency_fund', targetAmount: '10000', years: 1 },
  { key: 'houseDownPayment', category: 'home', targetAmount: '50000', years: 5 },
  { key: 'retirement', category: 'retirement', targetAmount: '500000', years: 25 },
] as const;

export const goalMeasureSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('manual'), currentAmount: moneyOrZero() }),
    z.object({ kind: z.literal('portfolio') }),
    z.object({
      kind: z.literal('holdings'),
      holdingIds: z
        .array(z.uuid({ message: M.uuidInvalid }))
        .min(1, M.goalHoldingsRequired)
        .max(100, M.goalHoldingsRequired),
    }),
  ],
  { message: M.goalMeasureInvalid },
);
export type GoalMeasure = z.infer<typeof goalMeasureSchema>;

/** A measure as answers carry it (amounts as the decimal strings they are). */
const goalMeasureOutputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('manual'), currentAmount: z.string() }),
  z.object({ kind: z.literal('portfolio') }),
  z.object({ kind: z.literal('holdings'), holdingIds: z.array(z.uuid()) }),
]);

/** An amount at least zero, two decimals at most ("0" for a goal not started). */
function moneyOrZero() {
  return z.union([z.literal('0'), z.literal(0).transform(() => '0'), moneyAmount()]);
}

const title = () =>
  text({ message: M.goalTitleRequired })
    .trim()
    .min(1, M.goalTitleRequired)
    .max(100, M.goalTitleMax);
const description = () => text().trim().max(500, M.descriptionMax).nullable();

export const createGoalSchema = z.object({
  title: title(),
  description: description().optional(),
  category: z.enum(GOAL_CATEGORIES, { message: M.goalCategoryInvalid }),
  priority: z.enum(GOAL_PRIORITIES, { message: M.goalPriorityInvalid }).default('medium'),
  status: z.enum(GOAL_STATUSES, { message: M.goalStatusInvalid }).default('active'),
  targetAmount: moneyAmount(),
  currency: z.enum(CURRENCIES, { message: M.currencyInvalid }),
  targetDate: isoDate(),
  measure: goalMeasureSchema,
});
export type CreateGoalBody = z.infer<typeof createGoalSchema>;

export const updateGoalSchema = createGoalSchema
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: M.goalNothingToChange,
  });
export type UpdateGoalBody = z.infer<typeof updateGoalSchema>;

export const goalProgressSchema = z.object({
  /** What counts today, in the goal's currency; null when a rate to convert it is missing. */
  currentAmount: z.string().nullable(),
  /** 0 to 100 (more when passed), one decimal; null with no current amount. */
  percent: z.number().nullable(),
  remaining: z.string().nullable(),
  /** Whole months from today to the target date (0 once it has passed). */
  monthsLeft: z.number().int(),
  /**
   * What to put in each month to reach the target on time, growing at `expectedReturn`; null
   * without a current amount, "0" once reached.
   */
  monthlyNeeded: z.string().nullable(),
  expectedReturn: z.number(),
  /**
   * The yearly volatility of what the goal counts, from the same allocation (0 for an amount
   * typed): with the expected return, what a goal's odds are simulated with.
   */
  volatility: z.number(),
  /** Reached, or the amount today grown at the expected return reaches it by the date. */
  onTrack: z.boolean().nullable(),
  /** Holdings the value leaves out for want of a rate into the goal's currency. */
  unconverted: z.array(z.string()),
});
export type GoalProgress = z.infer<typeof goalProgressSchema>;

export const goalSchema = z.object({
  id: z.uuid(),
  portfolioId: z.uuid(),
  simulationId: z.uuid().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(GOAL_CATEGORIES),
  status: z.enum(GOAL_STATUSES),
  priority: z.enum(GOAL_PRIORITIES),
  targetAmount: z.string(),
  currency: z.enum(CURRENCIES),
  targetDate: z.string(),
  measure: goalMeasureOutputSchema,
  progress: goalProgressSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;
export const goalResponseSchema = z.object({ goal: goalSchema });
export const goalsResponseSchema = z.object({
  goals: z.array(goalSchema),
  /** The owner's plan's limit on goals per account (null: unlimited) and how many there are. */
  limit: z.number().int().nullable(),
  count: z.number().int(),
});
