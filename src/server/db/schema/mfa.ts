import { bigint, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { users } from './users';

/**
 * TOTP authenticators. The secret is encrypted with the app's data key (AES-256-GCM).
 * `lastUsedStep` is the 30-second step of the last accepted code: a code is accepted only for a
 * later step (compare-and-set), so a code cannot be replayed, even by two requests at once.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendlyName: text('friendly_name').notNull(),
    factorType: text('factor_type', { enum: ['totp'] })
      .notNull()
      .default('totp'),
    status: text('status', { enum: ['verified', 'unverified'] })
      .notNull()
      .default('unverified'),
    secretCiphertext: text('secret_ciphertext').notNull(),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('mfa_factors_user_name_key').on(t.userId, t.friendlyName)],
);

/** A request to verify one factor: expires after 5 minutes, 5 wrong codes at most, used once. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => mfaFactors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    verifiedAt: tstz('verified_at'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_factor_idx').on(t.factorId)],
);
