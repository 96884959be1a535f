import { z } from 'zod';
import { text } from './input-rules';
import { emailSchema, fullNameSchema, ROLES } from './auth';
import { FLAG_CATEGORIES } from './feature-flags';
import { TIERS } from '@/domain/plans/plans';
import { VALIDATION_MESSAGES as M } from './validation-messages';

const isoDate = z.string();

/**
 * Capitals and digits without those that read alike (0 and O, 1, I and L): a code read aloud or
 * copied by hand is typed right. Codes issued before keep working (`canonicalInviteCode`).
 */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
export const MAX_INVITES_PER_BATCH = 100;
export const WAITLIST_MOTIVATION_MAX = 499;
export const WAITLIST_STATUSES = [
  'pending',
  'approved',
  'invited',
  'registered',
  'refused',
] as const;
export const INVITE_STATUSES = ['valid', 'used', 'expired'] as const;

// Users -----------------------------------------------------------------------------------------

export const adminUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    fullName: z.string().nullable(),
    role: z.enum(ROLES),
    createdAt: isoDate,
    lastSignInAt: isoDate.nullable(),
    emailConfirmedAt: isoDate.nullable(),
    provider: z.string(),
    phone: z.string().nullable(),
    twoFactor: z.boolean(),
    /** The user's plan (free when they have no subscription row). */
    tier: z.enum(TIERS),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listUsersQuerySchema = z.object({
  search: text().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const usersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** The role body is checked by the service, so that a wrong role answers INVALID_ROLE (spec). */
export const changeRoleBodySchema = z.object({ role: text() });
export const changeRoleResponseSchema = z.object({ user: adminUserSchema });

// Feature flags ---------------------------------------------------------------------------------

export const flagSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    category: z.enum(FLAG_CATEGORIES),
    description: z.string(),
    enabled: z.boolean(),
    defaultEnabled: z.boolean(),
    critical: z.boolean(),
    updatedAt: isoDate,
    updatedBy: z.uuid().nullable(),
    updatedByEmail: z.string().nullable(),
  })
  .meta({ id: 'FeatureFlag' });
export type Flag = z.infer<typeof flagSchema>;

export const flagStatesResponseSchema = z.object({
  flags: z.array(z.object({ key: z.string(), enabled: z.boolean() })),
});
export const adminFlagsResponseSchema = z.object({ flags: z.array(flagSchema) });

const flagKey = text({ error: 'Flag key is required' }).trim().min(1, 'Flag key is required');
const flagEnabled = z.boolean({ error: 'enabled must be a boolean' });

export const toggleFlagBodySchema = z.object({ key: flagKey, enabled: flagEnabled });
export const bulkFlagsBodySchema = z.object({
  updates: z
    .array(z.object({ key: flagKey, enabled: flagEnabled }))
    .min(1, 'updates must be a non-empty list'),
});
export const resetFlagsBodySchema = z.object({ category: z.enum(FLAG_CATEGORIES).optional() });
export const bulkFlagsResponseSchema = z.object({
  updatedCount: z.number().int(),
  flags: z.array(z.object({ key: z.string(), enabled: z.boolean() })),
});

// Beta, invites and waitlist --------------------------------------------------------------------

export const setBetaBodySchema = z.object({ enabled: z.boolean() });

export const inviteSchema = z
  .object({
    code: z.string(),
    email: z.string().nullable(),
    status: z.enum(INVITE_STATUSES),
    usedBy: z.uuid().nullable(),
    usedByEmail: z.string().nullable(),
    usedAt: isoDate.nullable(),
    expiresAt: isoDate.nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'InviteCode' });
export type Invite = z.infer<typeof inviteSchema>;

export const createInvitesBodySchema = z.object({
  count: z
    .number({ error: 'count must be a number' })
    .int(M.inviteCountInteger)
    .min(1, M.inviteCountRange)
    .max(MAX_INVITES_PER_BATCH, M.inviteCountRange),
  email: z.email(M.emailInvalid).optional(),
  expiresInDays: z.number().int().min(1).max(365).optional(),
});
export const listInvitesQuerySchema = z.object({
  status: z.enum(INVITE_STATUSES).optional(),
  search: text().trim().max(200).optional(),
});
export const invitesResponseSchema = z.object({ invites: z.array(inviteSchema) });
export const validateInviteBodySchema = z.object({ code: text().trim().min(1).max(64) });

export const waitlistEntrySchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    fullName: z.string(),
    motivation: z.string(),
    status: z.enum(WAITLIST_STATUSES),
    inviteCode: z.string().nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const joinWaitlistBodySchema = z.object({
  email: emailSchema,
  fullName: fullNameSchema,
  motivation: text().trim().max(WAITLIST_MOTIVATION_MAX, M.motivationMax),
});
export const listWaitlistQuerySchema = z.object({
  status: z.enum(WAITLIST_STATUSES).optional(),
  search: text().trim().max(200).optional(),
});
export const waitlistResponseSchema = z.object({ entries: z.array(waitlistEntrySchema) });
export const waitlistIdsBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
export const waitlistActionResponseSchema = z.object({
  entries: z.array(waitlistEntrySchema),
  invites: z.array(inviteSchema),
});

// Audit and support -----------------------------------------------------------------------------

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    actorId: z.uuid().nullable(),
    actorEmail: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    ip: z.string().nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  action: text().trim().max(100).optional(),
});
export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
});

// Outgoing mail ---------------------------------------------------------------------------------

export const MAIL_STATUSES = ['stored', 'pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One email the server wrote, without its body (GET /admin/mail/{id} gives the body). */
export const mailEntrySchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    template: z.string(),
    status: z.enum(MAIL_STATUSES),
    /** True while its body (and action link) is kept; cleared once sent or after 7 days. */
    hasBody: z.boolean(),
    /** True when the email carries an action link (activation, reset, invitation...). */
    hasLink: z.boolean(),
    createdAt: isoDate,
    sentAt: isoDate.nullable(),
  })
  .meta({ id: 'MailEntry' });
export type MailEntry = z.infer<typeof mailEntrySchema>;
export const mailQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  /** Part of the recipient's address. */
  to: text().trim().toLowerCase().max(254).optional(),
  status: z.enum(MAIL_STATUSES).optional(),
});
export const mailListResponseSchema = z.object({
  /** False when no SMTP_URL is set: emails stay here for the administrator to pass on. */
  delivery: z.boolean(),
  /** Emails kept here with a link, waiting to be passed on (status stored, body and link kept). */
  waiting: z.number().int(),
  entries: z.array(mailEntrySchema),
  total: z.number().int(),
});
export type MailListResponse = z.infer<typeof mailListResponseSchema>;
export const mailMessageSchema = mailEntrySchema
  .extend({
    /** The plain-text body; null once cleared. */
    text: z.string().nullable(),
    actionUrl: z.string().nullable(),
  })
  .meta({ id: 'MailMessage' });
export type MailMessageDetail = z.infer<typeof mailMessageSchema>;

export const mfaLookupQuerySchema = z.object({
  email: z.email(M.emailInvalid).transform((e) => e.toLowerCase()),
});
export const mfaLookupResponseSchema = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), role: z.enum(ROLES) }).nullable(),
  factors: z.array(
    z.object({
      friendlyName: z.string(),
      status: z.enum(['verified', 'unverified']),
      createdAt: isoDate,
    }),
  ),
  activeSessions: z.number().int(),
});
