import { z } from 'zod';
import { isStorableText, text } from './input-rules';
import { VALIDATION_MESSAGES as M } from './validation-messages';

export const AALS = ['aal1', 'aal2'] as const;
export type Aal = (typeof AALS)[number];
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A password is capped far above any real one (the hash cost must stay bounded). */
export const PASSWORD_MAX_LENGTH = 1024;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
/** Email one-time codes and authenticator codes. */
export const CODE_LENGTH = 6;
export const INVITE_CODE_PATTERN = /^[A-Z0-9]{8}$/;

/**
 * An invite code as compared: trimmed, in capitals, and the characters that read alike taken as
 * one (O as 0; I and L as 1), so a code typed with either matches (codes issued before the
 * look-alikes left the alphabet included).
 */
export function canonicalInviteCode(code: string) {
  return code.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
}

export const emailSchema = text({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .pipe(z.email(M.emailInvalid))
  .transform((email) => email.toLowerCase());

/** The rules for a new password (registration, reset, change). */
export const newPasswordSchema = text({ error: M.passwordRequired })
  .min(8, M.passwordMin)
  .max(PASSWORD_MAX_LENGTH, M.passwordMax)
  .regex(/[a-z]/, M.passwordLowercase)
  .regex(/[A-Z]/, M.passwordUppercase)
  .regex(/[0-9]/, M.passwordNumber);

/**
 * `.refine(...passwordsMatch('password'))` on a form that types a new password twice: the
 * confirmation must equal it ('Passwords do not match', shown on the confirmation field).
 */
export function passwordsMatch<K extends string>(passwordField: K) {
  return [
    (values: Record<K | 'confirmPassword', unknown>) =>
      values[passwordField] === values.confirmPassword,
    { message: M.passwordsMismatch, path: ['confirmPassword'] },
  ] as [
    (values: Record<K | 'confirmPassword', unknown>) => boolean,
    { message: string; path: string[] },
  ];
}

export const fullNameSchema = text()
  .trim()
  .min(NAME_MIN_LENGTH, M.nameMin)
  .max(NAME_MAX_LENGTH, M.nameMax);

export const inviteCodeSchema = text()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(text().regex(INVITE_CODE_PATTERN, M.inviteCodeFormat));

export const codeSchema = text()
  .trim()
  .regex(/^\d{6}$/, M.codeFormat);

export const registerBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  fullName: fullNameSchema.optional(),
  inviteCode: inviteCodeSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: text({ error: M.passwordRequired })
    .min(6, M.loginPasswordMin)
    .max(PASSWORD_MAX_LENGTH, M.passwordMax),
  remember: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  token: text().min(1).max(200),
  password: newPasswordSchema,
});
export const changePasswordBodySchema = z.object({
  currentPassword: text().min(1, M.passwordRequired).max(PASSWORD_MAX_LENGTH, M.passwordMax),
  newPassword: newPasswordSchema,
});
export const confirmEmailBodySchema = z.object({ token: text().min(1).max(200) });
export const otpSendBodySchema = z.object({ email: emailSchema });
export const otpVerifyBodySchema = z.object({ email: emailSchema, code: codeSchema });

export const enrollFactorBodySchema = z.object({
  friendlyName: text().trim().min(1).max(100, M.factorNameMax).optional(),
});
export const verifyFactorBodySchema = z.object({
  factorId: z.uuid(M.uuidInvalid),
  challengeId: z.uuid(M.uuidInvalid),
  code: codeSchema,
});

export const profileUpdateBodySchema = z.object({
  fullName: text().trim().max(NAME_MAX_LENGTH, M.nameMax).nullable().optional(),
  avatarUrl: z
    .url(M.avatarUrlInvalid)
    .refine(isStorableText, M.textUnstorable)
    .nullable()
    .optional(),
});

const isoDate = z.string();

export const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    fullName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    role: z.enum(ROLES),
    emailConfirmedAt: isoDate.nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const factorSchema = z
  .object({
    id: z.uuid(),
    friendlyName: z.string(),
    factorType: z.literal('totp'),
    status: z.enum(['verified', 'unverified']),
    createdAt: isoDate,
  })
  .meta({ id: 'MfaFactor' });
export type Factor = z.infer<typeof factorSchema>;

/**
 * A session past the second step (or without one). `mfa.bypass`: email-code recovery completed
 * the second step in this session, so authenticators may be added or removed without aal2.
 */
export const signedInSessionSchema = z
  .object({
    user: userSchema,
    aal: z.enum(AALS),
    mfa: z.object({ pending: z.literal(false), bypass: z.boolean() }),
    /**
     * Present while the account waits for its deletion (ISO 8601): the app then shows only the
     * "your account will be deleted" screen (keep it, or sign out).
     */
    deletionScheduledFor: z.string().optional(),
  })
  .meta({ id: 'SignedInSession' });
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

/**
 * Password done, second step not (spec 000, section 4: "the session is not exposed"): only what
 * the verification screen needs, no user.
 */
export const pendingSessionSchema = z
  .object({
    aal: z.literal('aal1'),
    mfa: z.object({ pending: z.literal(true), bypass: z.literal(false) }),
    /** The verified authenticators to choose from. */
    factors: z.array(factorSchema),
  })
  .meta({ id: 'PendingSession' });
export type PendingSession = z.infer<typeof pendingSessionSchema>;

export const sessionResponseSchema = z
  .union([signedInSessionSchema, pendingSessionSchema])
  .meta({ id: 'Session' });
export type SessionResponse = SignedInSession | PendingSession;

/**
 * `GET /auth/session?optional=1`: a signed-out caller gets 200 with `null` instead of 401, so the
 * web app's probe on public pages leaves no failed request in the browser's console.
 */
export const sessionQuerySchema = z.object({ optional: z.enum(['1', 'true']).optional() });

/** Narrows a session to the pending second step. */
export function isPendingSession(session: SessionResponse): session is PendingSession {
  return session.mfa.pending;
}

export const loginResponseSchema = z.union([
  z.object({ user: userSchema, aal: z.enum(AALS), mfaRequired: z.literal(false) }),
  z.object({
    aal: z.literal('aal1'),
    mfaRequired: z.literal(true),
    factors: z.array(factorSchema),
  }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The same answer whether the email is new or taken: the next step is in the mailbox. */
export const registerResponseSchema = z.object({ ok: z.literal(true) });

export const activateBodySchema = z.object({ token: text().min(1).max(2000) });
/** The account is usable: the page sends the user to sign in with this email. */
export const activateResponseSchema = z.object({ ok: z.literal(true), email: z.string() });
export type ActivateResponse = z.infer<typeof activateResponseSchema>;

export const enrollResponseSchema = z.object({
  id: z.uuid(),
  qrCode: z.string(),
  secret: z.string(),
  uri: z.string(),
});
export type EnrollResponse = z.infer<typeof enrollResponseSchema>;

export const challengeResponseSchema = z.object({ challengeId: z.uuid(), expiresAt: isoDate });
export type ChallengeResponse = z.infer<typeof challengeResponseSchema>;

export const assuranceResponseSchema = z.object({
  current: z.enum(AALS),
  next: z.enum(AALS),
  bypass: z.boolean(),
});

export const deviceSessionSchema = z
  .object({
    id: z.uuid(),
    current: z.boolean(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    device: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: isoDate,
    lastSeenAt: isoDate,
    expiresAt: isoDate,
    remember: z.boolean(),
  })
  .meta({ id: 'DeviceSession' });
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const deviceLocationResponseSchema = z.object({
  data: z.object({
    ip: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
  }),
});
export type DeviceLocation = z.infer<typeof deviceLocationResponseSchema>['data'];

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const verifyResetTokenBodySchema = z.object({ token: text().min(1).max(200) });

export const otpSendResponseSchema = z.object({
  ok: z.literal(true),
  resendAfterSeconds: z.number().int(),
});

export const factorsResponseSchema = z.object({ factors: z.array(factorSchema) });
export const clearFactorsResponseSchema = z.object({
  ok: z.literal(true),
  removed: z.number().int(),
});
export const sessionsResponseSchema = z.object({ sessions: z.array(deviceSessionSchema) });

export const securitySettingsSchema = z
  .object({ loginNotifications: z.boolean() })
  .meta({ id: 'SecuritySettings' });
export const securitySettingsUpdateSchema = securitySettingsSchema.partial();
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const profileResponseSchema = z.object({ user: userSchema });

export const betaStatusSchema = z.object({ enabled: z.boolean() });

/**
 * What a visitor's screens need to know of the server before anyone signs in: whether it still
 * waits for its first account (the administrator, created at /setup), and whether it sends email
 * (without SMTP_URL emails are kept for the administrator to pass on, /admin/mail).
 */
export const instanceStatusSchema = z.object({
  setupRequired: z.boolean(),
  emailDelivery: z.boolean(),
});
export type InstanceStatus = z.infer<typeof instanceStatusSchema>;

/** The first account of an empty server: created at once, an administrator, signed in. */
export const setupBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  fullName: fullNameSchema.optional(),
});
export type SetupBody = z.input<typeof setupBodySchema>;

/** One message of the development outbox (non-production only). */
export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  status: z.enum(['pending', 'sent', 'stored', 'failed']),
  createdAt: z.string(),
});
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });

/** Lifetimes the screens show (and the server enforces). */
export const AUTH_LIMITS = {
  /** Seconds before another email code can be sent to the same address. */
  codeResendSeconds: 60,
  codeLifetimeMinutes: 10,
  challengeLifetimeSeconds: 300,
  resetLinkLifetimeMinutes: 60,
  /** After a password reset by email, email recovery of the second step waits this long. */
  recoveryLockDays: 7,
  maxFactors: 10,
  avatarMaxBytes: 5 * 1024 * 1024,
} as const;
