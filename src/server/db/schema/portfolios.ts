import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  SHARE_PERMISSIONS,
  SHARE_STATUSES,
  SIMULATION_SHARING_MODES,
  SIMULATION_THEMES,
} from '@/contracts/portfolios';
import { CURRENCIES } from '@/contracts/settings';
import { createdAt, tstz, updatedAt } from './columns';
import { users } from './users';

/**
 * Portfolios (spec 001, section 3). Each owner has exactly one default portfolio once they have
 * any: a partial unique index makes a second default impossible, even for two requests at once.
 * Every table holding something inside a portfolio has a `portfolio_id` referencing this table
 * with ON DELETE CASCADE, so deleting a portfolio leaves nothing behind.
 */
export const portfolios = pgTable(
  'portfolios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    /** The currency its totals are kept in: the owner's preferred currency when created. */
    baseCurrency: text('base_currency', { enum: CURRENCIES }).notNull().default('EUR'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('portfolios_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('portfolios_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Sharing by invitation ("account shares" in the spec). The invitation token is 256-bit random;
 * only its SHA-256 is kept. `expiresAt` is the invitation's deadline: an accepted share does not
 * expire. Revoked shares stay (status 'revoked') as the history of who had access. At most one
 * live (pending or accepted) share per portfolio and email.
 */
export const accountShares = pgTable(
  'account_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedWithUserId: uuid('shared_with_user_id').references(() => users.id, {
      onDelete: 'cascade',
    }),
    /** Lower-cased. */
    sharedWithEmail: text('shared_with_email').notNull(),
    permissionLevel: text('permission_level', { enum: SHARE_PERMISSIONS }).notNull(),
    invitationTokenHash: text('invitation_token_hash').notNull().unique(),
    status: text('status', { enum: SHARE_STATUSES }).notNull().default('pending'),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    simulationSharingMode: text('simulation_sharing_mode', { enum: SIMULATION_SHARING_MODES })
      .notNull()
      .default('none'),
    sharedSimulationIds: uuid('shared_simulation_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('account_shares_one_live_per_email')
      .on(t.portfolioId, t.sharedWithEmail)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index('account_shares_portfolio_idx').on(t.portfolioId, t.createdAt),
    index('account_shares_shared_with_idx').on(t.sharedWithUserId, t.status),
    index('account_shares_email_idx').on(t.sharedWithEmail, t.status),
  ],
);

/** What-if sandboxes inside a portfolio ("portfolio_simulations" in the spec). */
export const portfolioSimulations = pgTable(
  'portfolio_simulations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    /** Who created it (the owner or an edit invitee). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    initialCash: numeric('initial_cash', { precision: 20, scale: 2 }).notNull(),
    backgroundTheme: text('background_theme', { enum: SIMULATION_THEMES })
      .notNull()
      .default('blue'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('portfolio_simulations_portfolio_idx').on(t.portfolioId, t.createdAt)],
);
