import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';

/**
 * Every email the app sends goes through this table: written in the same transaction as the
 * change that causes it, then delivered by a background worker through SMTP (status pending ->
 * sent, or failed after retries). Without SMTP_URL, messages are kept here as the outbox
 * (status stored) and written to the log.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    /** The email's one action link (activation, reset, invitation...), kept and cleared with the body. */
    actionUrl: text('action_url'),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_to_idx').on(t.to),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);
