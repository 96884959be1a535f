import { z } from 'zod';
import { codeSchema, PASSWORD_MAX_LENGTH } from './auth';
import { text } from './input-rules';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * "Your data" (issue 17): the personal-data export (a ZIP of JSON and CSV files built by the job
 * queue) and account deletion with a grace period. docs/decisions.md, "Your data: export and
 * account deletion".
 */

export const PRIVACY_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type PrivacyExportStatus = (typeof PRIVACY_EXPORT_STATUSES)[number];

/** A ready export can be downloaded this long, then housekeeping removes it. */
export const PRIVACY_EXPORT_LIFETIME_HOURS = 24;
/** Days between asking for the deletion and the deletion itself (signing in can cancel it). */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

export const privacyExportSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(PRIVACY_EXPORT_STATUSES),
    /** 0 to 100. */
    progress: z.number().int().min(0).max(100),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    /** When ready: the download link (owner only) and until when it works. */
    downloadUrl: z.string().nullable(),
    expiresAt: z.string().nullable(),
    sizeBytes: z.number().int().nullable(),
    /** A stable code when it failed. */
    error: z.string().nullable(),
  })
  .meta({ id: 'PrivacyExport' });
export type PrivacyExport = z.infer<typeof privacyExportSchema>;

/** `POST /privacy/export`: the new export's id (or the one already in progress). */
export const privacyExportCreatedSchema = z.object({ id: z.uuid() });

/** `GET /privacy/export`: the caller's latest export, or null when there is none (or it expired). */
export const latestPrivacyExportSchema = z.object({ export: privacyExportSchema.nullable() });

export const privacyExportParamsSchema = z.object({ id: z.uuid() });

/** `DELETE /account`: the password, and a code of an authenticator when the account has one. */
export const deleteAccountBodySchema = z
  .object({
    password: text().min(1, M.passwordRequired).max(PASSWORD_MAX_LENGTH, M.passwordMax),
    code: codeSchema.optional(),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const accountDeletionScheduledSchema = z
  .object({
    /** When everything will be deleted (ISO 8601). */
    scheduledFor: z.string(),
  })
  .meta({ id: 'AccountDeletionScheduled' });

/** What deleting the account removes, for the confirmation dialog. */
export const deletionPreviewSchema = z
  .object({
    portfolios: z.number().int(),
    holdings: z.number().int(),
    transactions: z.number().int(),
    /** The caller's portfolios shared with others: removed for them too (they are told). */
    sharedPortfolios: z.array(
      z.object({ id: z.uuid(), name: z.string(), sharedWith: z.array(z.string()) }),
    ),
    /** The account has a verified authenticator: a code is needed. */
    needsCode: z.boolean(),
    /** The caller is the last admin: deletion is refused. */
    lastAdmin: z.boolean(),
    graceDays: z.number().int(),
  })
  .meta({ id: 'AccountDeletionPreview' });
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;
