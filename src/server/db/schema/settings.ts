import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  CONTRASTS,
  CURRENCIES,
  DATE_FORMATS,
  DEFAULT_NOTIFICATIONS,
  DEFAULT_PREFERENCES,
  DEFAULT_THEME_SETTINGS,
  EMAIL_FREQUENCIES,
  FONT_SIZES,
  LANGUAGE_PREFERENCES,
  NUMBER_FORMATS,
  THEME_MODES,
} from '@/contracts/settings';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * User settings (spec 001, section 3): one row per user in each of the four tables, created in
 * the registration transaction (and defensively by GET /settings). The avatar is the profile's
 * (profiles.avatar_url), not duplicated here.
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  bio: text('bio'),
  /** An IANA zone ('Europe/Paris'); null: the device's. */
  timezone: text('timezone'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language', { enum: LANGUAGE_PREFERENCES })
    .notNull()
    .default(DEFAULT_PREFERENCES.language),
  currency: text('currency', { enum: CURRENCIES }).notNull().default(DEFAULT_PREFERENCES.currency),
  dateFormat: text('date_format', { enum: DATE_FORMATS })
    .notNull()
    .default(DEFAULT_PREFERENCES.dateFormat),
  numberFormat: text('number_format', { enum: NUMBER_FORMATS })
    .notNull()
    .default(DEFAULT_PREFERENCES.numberFormat),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Notification settings. `login_notifications` is the one "email me on a new sign-in" setting,
 * shared by the security page (GET/PATCH /auth/security-settings) and the notifications page; it
 * replaced security_settings.login_notifications.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailTransactions: boolean('email_transactions')
      .notNull()
      .default(DEFAULT_NOTIFICATIONS.emailTransactions),
    emailGoals: boolean('email_goals').notNull().default(DEFAULT_NOTIFICATIONS.emailGoals),
    emailInsights: boolean('email_insights').notNull().default(DEFAULT_NOTIFICATIONS.emailInsights),
    emailSecurity: boolean('email_security').notNull().default(DEFAULT_NOTIFICATIONS.emailSecurity),
    emailFrequency: text('email_frequency', { enum: EMAIL_FREQUENCIES })
      .notNull()
      .default(DEFAULT_NOTIFICATIONS.emailFrequency),
    pushEnabled: boolean('push_enabled').notNull().default(DEFAULT_NOTIFICATIONS.pushEnabled),
    quietHoursEnabled: boolean('quiet_hours_enabled')
      .notNull()
      .default(DEFAULT_NOTIFICATIONS.quietHoursEnabled),
    /** 'HH:MM'. */
    quietHoursStart: text('quiet_hours_start')
      .notNull()
      .default(DEFAULT_NOTIFICATIONS.quietHoursStart),
    quietHoursEnd: text('quiet_hours_end').notNull().default(DEFAULT_NOTIFICATIONS.quietHoursEnd),
    loginNotifications: boolean('login_notifications')
      .notNull()
      .default(DEFAULT_NOTIFICATIONS.loginNotifications),
    /**
     * When the weekly insights job next looks at this user (their next Monday 08:00, local); null
     * until worked out, and again after a change of time zone, quiet hours or the insights switch.
     * The job reads only the users who are due, so its cost follows them, not the number of users.
     */
    insightsNextAt: timestamp('insights_next_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('notification_settings_insights_next_idx').on(table.insightsNextAt)],
);

export const themeSettings = pgTable('theme_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: THEME_MODES }).notNull().default(DEFAULT_THEME_SETTINGS.mode),
  colorScheme: text('color_scheme').notNull().default(DEFAULT_THEME_SETTINGS.colorScheme),
  fontSize: text('font_size', { enum: FONT_SIZES })
    .notNull()
    .default(DEFAULT_THEME_SETTINGS.fontSize),
  contrast: text('contrast', { enum: CONTRASTS })
    .notNull()
    .default(DEFAULT_THEME_SETTINGS.contrast),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
