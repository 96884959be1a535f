import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';

/** Sign-in identities. Emails are stored lower-cased; one account per email. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: tstz('email_confirmed_at'),
    provider: text('provider').notNull().default('email'),
    phone: text('phone'),
    lastSignInAt: tstz('last_sign_in_at'),
    /**
     * The language of the account's registration, then of its last sign-in ('en' or 'fr'): what
     * emails sent to it by others' actions use while its language preference is 'auto'.
     */
    language: text('language'),
    /**
     * Set by a password reset by email while a verified authenticator exists: until then the
     * second step cannot be completed by email code (whoever holds the mailbox could reset the
     * password and then recover the second step by email too).
     */
    emailRecoveryLockedUntil: tstz('email_recovery_locked_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** What the app shows about a person, and their role (spec 000, section 3). One per user. */
export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name'),
  avatarUrl: text('avatar_url'),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const SESSION_ORIGINS = ['sign_in', 'registration', 'password_reset'] as const;
export type SessionOrigin = (typeof SESSION_ORIGINS)[number];

/**
 * Signed-in sessions. The cookie carries a random token; only its SHA-256 is stored. `aal` is the
 * authenticator assurance level reached; `mfaBypass` marks a session whose second step was
 * completed by email-code recovery; `origin` how it started (a session opened by a password
 * reset may not use email-code recovery). On rotation the replaced hash is kept in
 * `previousTokenHash` for a short while: still accepted after an automatic rotation (requests
 * already in flight), never after a security rotation, and in both cases recognised so that the
 * answer does not delete the browser's new cookie.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    mfaBypass: boolean('mfa_bypass').notNull().default(false),
    /** Set when the user's role changes: the next request gets a new token. */
    needsRotation: boolean('needs_rotation').notNull().default(false),
    remember: boolean('remember').notNull().default(false),
    origin: text('origin', { enum: SESSION_ORIGINS }).notNull().default('sign_in'),
    previousTokenHash: text('previous_token_hash'),
    previousTokenValid: boolean('previous_token_valid').notNull().default(false),
    rotatedAt: tstz('rotated_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    /** No session lives past this, however active. */
    absoluteExpiresAt: tstz('absolute_expires_at').notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_previous_token_idx').on(t.previousTokenHash),
  ],
);

/** Single-use links sent by email (password reset, email confirmation); only the hash is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_confirmation'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Six-digit codes sent by email (two-factor recovery). Hashed; 10 minutes; 5 wrong tries. */
export const emailOtps = pgTable(
  'email_otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('email_otps_user_idx').on(t.userId)],
);

/**
 * Failed code checks per target (an authenticator: `totp:<factor id>`; a user's emailed codes:
 * `email-code:<user id>`), so guessing is limited whatever address or challenge it comes from:
 * 5 failures within 15 minutes lock the target, for 15 minutes doubling with each lockout.
 */
export const authLockouts = pgTable(
  'auth_lockouts',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: tstz('window_started_at').notNull(),
    lockedUntil: tstz('locked_until'),
    lockouts: integer('lockouts').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_lockouts_user_idx').on(t.userId)],
);
