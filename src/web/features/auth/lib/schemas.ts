import { z } from 'zod';
import {
  emailSchema,
  fullNameSchema,
  inviteCodeSchema,
  newPasswordSchema,
  passwordsMatch,
} from '@/contracts/auth';
import { VALIDATION_MESSAGES as M } from '@/contracts/validation-messages';

/** An optional text field: empty is fine, anything else must pass `schema` (its messages kept). */
function optionalText(schema: z.ZodType<unknown, string>) {
  return z.string().superRefine((value, ctx) => {
    if (value.trim() === '') return;
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message });
  });
}

/** A new password typed twice (registration, reset). */
export const passwordPairSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine(...passwordsMatch('password'));

/** The first account of an empty server (/setup): no invite code, no terms to agree to (its own server). */
export const setupFormSchema = z
  .object({
    fullName: optionalText(fullNameSchema),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(...passwordsMatch('password'));
export type SetupFormInput = z.input<typeof setupFormSchema>;
export type SetupFormValues = z.output<typeof setupFormSchema>;

/** The registration form; during beta the invite code is required. */
export function registerFormSchema(inviteRequired: boolean) {
  return z
    .object({
      fullName: optionalText(fullNameSchema),
      email: emailSchema,
      password: newPasswordSchema,
      confirmPassword: z.string(),
      inviteCode: inviteRequired
        ? z.string().trim().min(1, M.inviteCodeRequired).pipe(inviteCodeSchema)
        : optionalText(inviteCodeSchema),
      acceptTerms: z.boolean().refine((accepted) => accepted, M.termsRequired),
    })
    .refine(...passwordsMatch('password'));
}

export type RegisterFormInput = z.input<ReturnType<typeof registerFormSchema>>;
export type RegisterFormValues = z.output<ReturnType<typeof registerFormSchema>>;
