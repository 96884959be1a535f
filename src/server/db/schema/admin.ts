import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { inviteCodes } from './invites';
import { users } from './users';

/** Feature flags (spec 000, section 3), seeded at start-up from src/contracts/feature-flags.ts. */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  category: text('category', { enum: ['navigation', 'search', 'features'] }).notNull(),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** People waiting for a beta invitation. One entry per email. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    motivation: text('motivation').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'invited', 'registered', 'refused'] })
      .notNull()
      .default('pending'),
    inviteCode: text('invite_code').references(() => inviteCodes.code, { onDelete: 'set null' }),
    /** The language of the form, for the invitation email. */
    language: text('language', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('waitlist_email_key').on(t.email), index('waitlist_status_idx').on(t.status)],
);

/** Every change an admin makes: who, what, before and after, when, from where. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);
