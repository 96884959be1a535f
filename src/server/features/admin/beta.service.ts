import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, ilike, inArray, isNull, lte, or, gt } from 'drizzle-orm';
import {
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  type Invite,
  type WaitlistEntry,
} from '@/contracts/admin';
import type { Language } from '@/contracts/i18n';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { inviteCodes, users, waitlistEntries } from '../../db/schema';
import { inviteCodeMatches } from './invite-codes';
import { recordAudit } from './audit';
import { type AuthContext } from '../session';
import { DAY } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isBetaEnabled, setFlag } from './feature-flags';
import { invitationEmail } from './beta.emails';
import { FLAGS_TOPIC, flagStates } from './flags.service';

/** An 8-character code of capitals and digits, uniformly random. */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

type InviteRow = typeof inviteCodes.$inferSelect;

/** The status shown: a valid code past its expiry is expired. */
export function inviteStatus(
  invite: Pick<InviteRow, 'status' | 'expiresAt'>,
  now: Date,
): Invite['status'] {
  if (invite.status === 'valid' && invite.expiresAt && invite.expiresAt <= now) return 'expired';
  return invite.status;
}

function toInvite(row: InviteRow & { usedByEmail?: string | null }, now: Date): Invite {
  return {
    code: row.code,
    email: row.email,
    status: inviteStatus(row, now),
    usedBy: row.usedBy,
    usedByEmail: row.usedByEmail ?? null,
    usedAt: row.usedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toEntry(row: typeof waitlistEntries.$inferSelect): WaitlistEntry {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    motivation: row.motivation,
    status: row.status,
    inviteCode: row.inviteCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Creates `count` unique codes (a collision, 1 in 36^8, is simply drawn again). */
async function insertCodes(
  tx: DbOrTx,
  count: number,
  values: { email: string | null; expiresAt: Date | null; createdBy: string; createdAt: Date },
) {
  const created: InviteRow[] = [];
  while (created.length < count) {
    const batch = Array.from({ length: count - created.length }, () => ({
      code: generateInviteCode(),
      ...values,
    }));
    created.push(
      ...(await tx
        .insert(inviteCodes)
        .values(batch)
        .onConflictDoNothing({ target: inviteCodes.code })
        .returning()),
    );
  }
  return created;
}

export async function setBeta(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  enabled: boolean,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const before = await isBetaEnabled(tx);
    await setFlag(tx, 'beta_mode', enabled, actor.user.id, now);
    if (before !== enabled) {
      await recordAudit(
        tx,
        request,
        actor,
        {
          action: 'beta.toggle',
          targetType: 'feature_flag',
          targetId: 'beta_mode',
          before: { enabled: before },
          after: { enabled },
        },
        now,
      );
    }
    await ctx.realtime.publish(FLAGS_TOPIC, { flags: await flagStates(tx) }, tx);
    await ctx.realtime.publish('admin', { entity: 'flags' }, tx);
  });
  return { enabled };
}

export async function createInvites(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  input: { count: number; email?: string | undefined; expiresInDays?: number | undefined },
) {
  const now = ctx.clock.now();
  const expiresAt = input.expiresInDays
    ? new Date(now.getTime() + input.expiresInDays * DAY)
    : null;
  const created = await ctx.database.db.transaction(async (tx) => {
    const rows = await insertCodes(tx, input.count, {
      email: input.email?.toLowerCase() ?? null,
      expiresAt,
      createdBy: actor.user.id,
      createdAt: now,
    });
    await recordAudit(
      tx,
      request,
      actor,
      {
        action: 'invite.create',
        targetType: 'invite',
        targetId: null,
        after: { codes: rows.map((r) => r.code), email: input.email ?? null, expiresAt },
      },
      now,
    );
    await ctx.realtime.publish('admin', { entity: 'invites' }, tx);
    return rows;
  });
  return created.map((row) => toInvite(row, now));
}

export async function listInvites(
  ctx: ServerContext,
  query: { status?: Invite['status'] | undefined; search?: string | undefined },
) {
  const now = ctx.clock.now();
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const statusFilter =
    query.status === 'expired'
      ? or(
          eq(inviteCodes.status, 'expired'),
          and(eq(inviteCodes.status, 'valid'), lte(inviteCodes.expiresAt, now)),
        )
      : query.status === 'valid'
        ? and(
            eq(inviteCodes.status, 'valid'),
            or(isNull(inviteCodes.expiresAt), gt(inviteCodes.expiresAt, now)),
          )
        : query.status
          ? eq(inviteCodes.status, query.status)
          : undefined;
  const rows = await ctx.database.db
    .select({ invite: inviteCodes, usedByEmail: users.email })
    .from(inviteCodes)
    .leftJoin(users, eq(users.id, inviteCodes.usedBy))
    .where(
      and(
        statusFilter,
        pattern
          ? or(
              ilike(inviteCodes.code, pattern),
              ilike(inviteCodes.email, pattern),
              ilike(users.email, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(inviteCodes.createdAt))
    .limit(1000);
  return rows.map((row) => toInvite({ ...row.invite, usedByEmail: row.usedByEmail }, now));
}

export async function deleteInvite(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  code: string,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(inviteCodes)
      .where(eq(inviteCodes.code, code.toUpperCase()))
      .returning();
    if (!deleted) throw new AppError('NOT_FOUND', { resource: 'invite' });
    await recordAudit(
      tx,
      request,
      actor,
      {
        action: 'invite.delete',
        targetType: 'invite',
        targetId: deleted.code,
        before: toInvite(deleted, now),
      },
      now,
    );
    await ctx.realtime.publish('admin', { entity: 'invites' }, tx);
  });
}

/** Whether a code can be used now (the registration form checks it before submitting). */
export async function validateInvite(ctx: ServerContext, code: string) {
  const [invite] = await ctx.database.db.select().from(inviteCodes).where(inviteCodeMatches(code));
  if (!invite || inviteStatus(invite, ctx.clock.now()) !== 'valid')
    throw new AppError('INVITE_CODE_INVALID');
  // A code sent to a waitlist entry fills the registration form with what was given there.
  const [entry] = await ctx.database.db
    .select({ email: waitlistEntries.email, fullName: waitlistEntries.fullName })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.inviteCode, invite.code))
    .limit(1);
  return {
    valid: true as const,
    email: invite.email ?? entry?.email ?? null,
    fullName: entry?.fullName ?? null,
  };
}

/**
 * Joins the waitlist while beta mode is on. Joining twice with one email keeps the first entry and
 * answers the same (nothing tells a visitor whether an address is already there).
 */
export async function joinWaitlist(
  ctx: ServerContext,
  input: { email: string; fullName: string; motivation: string },
  language: Language,
) {
  if (!(await isBetaEnabled(ctx.database.db))) throw new AppError('WAITLIST_CLOSED');
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(waitlistEntries)
      .values({ ...input, language, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: waitlistEntries.email })
      .returning({ id: waitlistEntries.id });
    if (inserted.length) await ctx.realtime.publish('admin', { entity: 'waitlist' }, tx);
  });
}

export async function listWaitlist(
  ctx: ServerContext,
  query: { status?: WaitlistEntry['status'] | undefined; search?: string | undefined },
) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const rows = await ctx.database.db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        query.status ? eq(waitlistEntries.status, query.status) : undefined,
        pattern
          ? or(ilike(waitlistEntries.email, pattern), ilike(waitlistEntries.fullName, pattern))
          : undefined,
      ),
    )
    .orderBy(desc(waitlistEntries.createdAt))
    .limit(1000);
  return rows.map(toEntry);
}

/**
 * Invites the selected entries: each gets a unique code reserved for its email, is marked invited
 * and is emailed the code with a registration link, all in one transaction. Entries already
 * registered are left as they are.
 */
export async function inviteFromWaitlist(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  ids: string[],
) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const entries = await tx
      .select()
      .from(waitlistEntries)
      .where(inArray(waitlistEntries.id, ids))
      .for('update');
    const invites: Invite[] = [];
    const updated: WaitlistEntry[] = [];
    for (const entry of entries) {
      if (entry.status === 'registered') continue;
      const [invite] = await insertCodes(tx, 1, {
        email: entry.email,
        expiresAt: null,
        createdBy: actor.user.id,
        createdAt: now,
      });
      if (!invite) throw new Error('invite code not created');
      const [row] = await tx
        .update(waitlistEntries)
        .set({ status: 'invited', inviteCode: invite.code, updatedAt: now })
        .where(eq(waitlistEntries.id, entry.id))
        .returning();
      const url = new URL('/register', ctx.config.publicUrl);
      url.searchParams.set('invite', invite.code);
      await ctx.mailer.queue(
        tx,
        invitationEmail(entry.email, entry.language, invite.code, url.toString()),
      );
      await recordAudit(
        tx,
        request,
        actor,
        {
          action: 'waitlist.invite',
          targetType: 'waitlist_entry',
          targetId: entry.id,
          before: { status: entry.status },
          after: { status: 'invited', code: invite.code },
        },
        now,
      );
      invites.push(toInvite(invite, now));
      if (row) updated.push(toEntry(row));
    }
    await ctx.realtime.publish('admin', { entity: 'waitlist' }, tx);
    return { entries: updated, invites };
  });
}

const STATUS_ACTIONS = {
  approved: 'waitlist.approve',
  refused: 'waitlist.refuse',
  pending: 'waitlist.restore',
} as const;

/**
 * Approves (accepted, to be invited later), refuses or restores to pending the selected entries.
 * Registered entries are left alone, and an invited one is not approved again.
 */
export async function setWaitlistStatus(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  ids: string[],
  status: keyof typeof STATUS_ACTIONS,
) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const entries = await tx
      .select()
      .from(waitlistEntries)
      .where(inArray(waitlistEntries.id, ids))
      .for('update');
    const updated: WaitlistEntry[] = [];
    for (const entry of entries) {
      if (entry.status === 'registered' || entry.status === status) continue;
      if (status === 'approved' && entry.status === 'invited') continue;
      const [row] = await tx
        .update(waitlistEntries)
        .set({ status, updatedAt: now })
        .where(eq(waitlistEntries.id, entry.id))
        .returning();
      await recordAudit(
        tx,
        request,
        actor,
        {
          action: STATUS_ACTIONS[status],
          targetType: 'waitlist_entry',
          targetId: entry.id,
          before: { status: entry.status },
          after: { status },
        },
        now,
      );
      if (row) updated.push(toEntry(row));
    }
    await ctx.realtime.publish('admin', { entity: 'waitlist' }, tx);
    return { entries: updated, invites: [] };
  });
}
