import { z } from 'zod';
import { isoDate, text } from './input-rules';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/** What a key may do: read (GET) and, with write, change (POST, PUT, PATCH, DELETE). */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every secret starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'cairn_';
/** Active (not revoked) keys one user may hold. */
export const MAX_ACTIVE_API_KEYS = 20;
export const API_KEY_NAME_MAX = 100;

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The secret's first characters (`cairn_` and 8 more), to tell keys apart. */
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    /** Last day the key works (YYYY-MM-DD, through 23:59:59 UTC), or null: no expiry. */
    expiresAt: z.string().nullable(),
    expired: z.boolean(),
    lastUsedAt: z.string().nullable(),
    lastUsedIp: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });

const scopesSchema = z
  .array(z.enum(API_KEY_SCOPES, { message: M.apiKeyScopesInvalid }), {
    message: M.apiKeyScopesInvalid,
  })
  .refine(
    (scopes) =>
      (scopes.length === 1 && scopes[0] === 'read') ||
      (scopes.length === 2 && scopes.includes('read') && scopes.includes('write')),
    M.apiKeyScopesInvalid,
  );

export const createApiKeyBodySchema = z
  .object({
    name: text({ message: M.apiKeyNameRequired })
      .trim()
      .min(1, M.apiKeyNameRequired)
      .max(API_KEY_NAME_MAX, M.apiKeyNameTooLong),
    scopes: scopesSchema,
    /** Last day the key works (YYYY-MM-DD, UTC); after today. */
    expiresAt: isoDate()
      .refine((value) => value > new Date().toISOString().slice(0, 10), M.apiKeyExpiryNotFuture)
      .nullish(),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** The created key and its secret: the only time the secret is ever shown. */
export const createdApiKeyResponseSchema = z.object({ apiKey: apiKeySchema, secret: z.string() });
