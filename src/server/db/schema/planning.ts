import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { GOAL_CATEGORIES, GOAL_MEASURES, GOAL_PRIORITIES, GOAL_STATUSES } from '@/contracts/goals';
import { CURRENCIES } from '@/contracts/settings';
import { createdAt, updatedAt } from './columns';
import { portfolioSimulations, portfolios } from './portfolios';
import { users } from './users';

/**
 * The columns of something kept in a portfolio view: its portfolio, its simulation (null: the real
 * portfolio), both deleting it with them, and who made it (the owner or an edit invitee), whose
 * data export holds it.
 */
const inPortfolioView = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  portfolioId: uuid('portfolio_id')
    .notNull()
    .references(() => portfolios.id, { onDelete: 'cascade' }),
  simulationId: uuid('simulation_id').references(() => portfolioSimulations.id, {
    onDelete: 'cascade',
  }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

/**
 * Saved wealth projection scenarios (issue 29): a projection's inputs, named, in a portfolio view
 * (the real portfolio when `simulation_id` is null, else one of its simulations). Deleting the
 * portfolio or the simulation deletes them.
 */
export const projectionScenarios = pgTable(
  'projection_scenarios',
  {
    ...inPortfolioView(),
    name: text('name').notNull(),
    /** The inputs as the contract's `projectionInputsSchema` reads them. */
    inputs: jsonb('inputs').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projection_scenarios_view_idx').on(t.portfolioId, t.simulationId, t.createdAt)],
);

/**
 * Goals (issue 29): an amount to reach by a date in a portfolio view, measured from an amount
 * typed (`current_amount`), the view's value, or chosen holdings (`holding_ids`).
 * `milestones_reached` is the highest progress milestone (25, 50, 75, 100) already notified, so
 * each notifies once.
 */
export const goals = pgTable(
  'goals',
  {
    ...inPortfolioView(),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category', { enum: GOAL_CATEGORIES }).notNull(),
    status: text('status', { enum: GOAL_STATUSES }).notNull().default('active'),
    priority: text('priority', { enum: GOAL_PRIORITIES }).notNull().default('medium'),
    targetAmount: numeric('target_amount', { precision: 20, scale: 2 }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    measureKind: text('measure_kind', { enum: GOAL_MEASURES }).notNull(),
    currentAmount: numeric('current_amount', { precision: 20, scale: 2 }),
    holdingIds: uuid('holding_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    milestonesReached: integer('milestones_reached').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('goals_view_idx').on(t.portfolioId, t.simulationId, t.targetDate)],
);
