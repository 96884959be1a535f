import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { users } from './users';

/**
 * Beta invite codes: 8 capital letters or digits, optionally reserved for one email; valid, then
 * used (by an account) or expired.
 */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    code: text('code').primaryKey(),
    email: text('email'),
    status: text('status', { enum: ['valid', 'used', 'expired'] })
      .notNull()
      .default('valid'),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: tstz('used_at'),
    expiresAt: tstz('expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invite_codes_status_idx').on(t.status)],
);
