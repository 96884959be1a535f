import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { portfolioSimulations, portfolios } from './portfolios';
import { users } from './users';

/**
 * Saved wealth projection scenarios (issue 29): a projection's inputs, named, in a portfolio view
 * (the real portfolio when `simulation_id` is null, else one of its simulations). Deleting the
 * portfolio or the simulation deletes them.
 */
export const projectionScenarios = pgTable(
  'projection_scenarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id').references(() => portfolioSimulations.id, {
      onDelete: 'cascade',
    }),
    /** Who saved it (the owner or an edit invitee): whose data export holds it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The inputs as the contract's `projectionInputsSchema` reads them. */
    inputs: jsonb('inputs').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projection_scenarios_view_idx').on(t.portfolioId, t.simulationId, t.createdAt)],
);
