import { z } from 'zod';
import {
  createShareBodySchema,
  INVITATION_LIFETIME_DAYS,
  SHARE_PERMISSIONS,
  SIMULATION_SHARING_MODES,
} from '@/contracts/portfolios';
import { VALIDATION_MESSAGES as M } from '@/contracts/validation-messages';

/** 'YYYY-MM-DD' of a local date. */
export function toDateInput(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default invitation deadline: 7 days from today. */
export function defaultExpiryInput(now = new Date()) {
  const date = new Date(now);
  date.setDate(date.getDate() + INVITATION_LIFETIME_DAYS);
  return toDateInput(date);
}

/** The end of a local day ('YYYY-MM-DD') as an ISO instant; null for an unreadable date. */
export function endOfDayIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The invite form's fields, as typed; checked with the contract's schema (messages by id). */
export const shareFormSchema = z
  .object({
    email: z.string(),
    permissionLevel: z.enum(SHARE_PERMISSIONS),
    simulationSharingMode: z.enum(SIMULATION_SHARING_MODES),
    sharedSimulationIds: z.array(z.string()),
    expiresOn: z.string().refine((value) => endOfDayIso(value) !== null, M.required),
  })
  .transform(({ expiresOn, sharedSimulationIds, ...rest }, context) => {
    const expiresAt = endOfDayIso(expiresOn);
    const parsed = createShareBodySchema.safeParse({
      ...rest,
      sharedSimulationIds: rest.simulationSharingMode === 'specific' ? sharedSimulationIds : [],
      ...(expiresAt ? { expiresAt } : {}),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

export type ShareFormInput = z.input<typeof shareFormSchema>;
export type ShareFormOutput = z.output<typeof shareFormSchema>;
