import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { users } from './users';

/**
 * A signed-in user's cookie-consent choice (spec 002, section 3): one row per user, upserted. The
 * browser keeps the same choice in the cc_cookie cookie; this row is the record of it.
 */
export const userPrivacyConsents = pgTable('user_privacy_consents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  analyticsConsent: boolean('analytics_consent').notNull().default(false),
  errorMonitoringConsent: boolean('error_monitoring_consent').notNull().default(false),
  termsVersion: text('terms_version').notNull(),
  privacyVersion: text('privacy_version').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  consentDate: tstz('consent_date').notNull().defaultNow(),
  updatedAt: updatedAt(),
});

export const CONSENT_TYPES = ['analytics', 'error_monitoring'] as const;

/** One row per changed consent value (spec 002, section 3: consent history entry). */
export const userConsentHistory = pgTable(
  'user_consent_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentType: text('consent_type', { enum: CONSENT_TYPES }).notNull(),
    /** Null for the first choice ever recorded. */
    previousValue: boolean('previous_value'),
    newValue: boolean('new_value').notNull(),
    documentVersion: text('document_version').notNull(),
    changedAt: tstz('changed_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('user_consent_history_user_changed_idx').on(t.userId, t.changedAt)],
);

export const PRIVACY_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;

/**
 * "Download your data" requests: built by the job queue into a ZIP under the data folder, kept
 * 24 hours after it is ready, downloadable only by its owner.
 */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PRIVACY_EXPORT_STATUSES }).notNull().default('queued'),
    /** 0 to 100. */
    progress: integer('progress').notNull().default(0),
    /** The ZIP's storage key once ready. */
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** A stable error code when it failed. */
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
    /** Ready exports expire (file removed) at this time. */
    expiresAt: tstz('expires_at'),
  },
  (t) => [
    index('privacy_exports_user_created_idx').on(t.userId, t.createdAt),
    check('privacy_exports_progress_range', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

/**
 * An account whose owner asked for its deletion: everything is deleted at `scheduledFor` (a grace
 * period during which signing in again cancels it). One row per user at most.
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestedAt: tstz('requested_at').notNull().defaultNow(),
  scheduledFor: tstz('scheduled_for').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
});
