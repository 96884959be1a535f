import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { users } from './users';

/**
 * Personal API keys (issue 15): a pro user's programmatic access to their own data. Only the
 * SHA-256 of the secret is kept; `prefix` (the first characters after `cairn_`) lets the owner
 * tell keys apart. A revoked key keeps its row (and its uses) until the account goes.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: tstz('expires_at'),
    lastUsedAt: tstz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_secret_key').on(t.secretHash),
    index('api_keys_user_idx').on(t.userId),
  ],
);

/** Every request made with a key: which key, what, from where, how it ended. */
export const apiKeyUses = pgTable(
  'api_key_uses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    route: text('route').notNull(),
    statusCode: integer('status_code').notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('api_key_uses_key_idx').on(t.keyId, t.createdAt)],
);

/**
 * Payment provider events applied to subscriptions, one row per event id: a replayed event finds
 * its row and changes nothing; `occurredAt` lets an older event arriving late be recorded without
 * undoing a newer one.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  occurredAt: tstz('occurred_at').notNull(),
  outcome: text('outcome').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});
