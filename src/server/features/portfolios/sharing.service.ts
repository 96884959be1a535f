import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Language } from '@/contracts/i18n';
import {
  type createShareBodySchema,
  INVITATION_LIFETIME_DAYS,
  type Invitation,
  type Share,
  type SimulationSharingMode,
  type updateShareBodySchema,
  type InvitationAnswer,
} from '@/contracts/portfolios';
import { VALIDATION_MESSAGES } from '@/contracts/validation-messages';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accountShares, portfolios, portfolioSimulations, profiles, users } from '../../db/schema';
import { accountLanguage } from '../profile';
import { type AuthContext } from '../session';
import { DAY } from '../../platform/clock';
import { hashToken, randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { notify } from '../notifications';
import { portfolioAccess, requirePortfolio, type ShareRow } from './portfolio-access';
import { emailLocalPart, toPerson, toShare } from './portfolios.dto';
import { publishAccess, publishChanged } from './portfolios.events';
import { portfolioView } from './portfolios.service';
import { shareInvitationEmail } from './sharing.emails';

type Log = Pick<FastifyBaseLogger, 'info'>;
type CreateInput = z.output<typeof createShareBodySchema>;
type UpdateInput = z.output<typeof updateShareBodySchema>;

export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * DAY;
/** Checked here (they need the database or the clock), translated like every other message. */
export const SHARE_MESSAGES = {
  foreignSimulations: VALIDATION_MESSAGES.foreignSimulations,
  expiryInPast: VALIDATION_MESSAGES.expiryInPast,
} as const;

function validationError(path: string, message: string) {
  return new AppError('VALIDATION_ERROR', { issues: [{ path, message }] }, `${path}: ${message}`);
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
    if (typeof current !== 'object') break;
  }
  return false;
}

/** The simulation ids a share names: only with 'specific', each a simulation of this portfolio. */
async function checkedSimulationIds(
  tx: DbOrTx,
  portfolioId: string,
  mode: SimulationSharingMode,
  ids: string[] | undefined,
): Promise<string[]> {
  if (mode !== 'specific') return [];
  const unique = [...new Set(ids ?? [])];
  if (!unique.length) {
    throw validationError('sharedSimulationIds', VALIDATION_MESSAGES.simulationIdsRequired);
  }
  const found = await tx
    .select({ id: portfolioSimulations.id })
    .from(portfolioSimulations)
    .where(
      and(
        eq(portfolioSimulations.portfolioId, portfolioId),
        inArray(portfolioSimulations.id, unique),
      ),
    );
  if (found.length !== unique.length) {
    throw validationError('sharedSimulationIds', SHARE_MESSAGES.foreignSimulations);
  }
  return unique;
}

function checkedExpiry(value: string | undefined, now: Date): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (date.getTime() <= now.getTime())
    throw validationError('expiresAt', SHARE_MESSAGES.expiryInPast);
  return date;
}

async function accountIdOf(tx: DbOrTx, email: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/**
 * Invites someone by email to a portfolio (owner only). The token (256 bits) is only emailed;
 * its hash is stored. Refused: the owner's own address (SHARE_WITH_SELF), an address with a
 * live share already (ALREADY_SHARED; an expired pending invitation is replaced instead).
 */
export async function createShare(
  ctx: ServerContext,
  auth: AuthContext,
  portfolioId: string,
  input: CreateInput,
  language: Language,
  log: Log,
): Promise<Share> {
  const now = ctx.clock.now();
  const userId = auth.user.id;
  try {
    return await ctx.database.db.transaction(async (tx) => {
      const access = await requirePortfolio(tx, portfolioId, userId, 'share', {
        forUpdate: true,
        log,
      });
      const email = input.email;
      if (email === auth.user.email.toLowerCase()) throw new AppError('SHARE_WITH_SELF');
      const expiresAt =
        checkedExpiry(input.expiresAt, now) ?? new Date(now.getTime() + INVITATION_LIFETIME_MS);
      const ids = await checkedSimulationIds(
        tx,
        portfolioId,
        input.simulationSharingMode,
        input.sharedSimulationIds,
      );

      const live = await tx
        .select()
        .from(accountShares)
        .where(
          and(
            eq(accountShares.portfolioId, portfolioId),
            eq(accountShares.sharedWithEmail, email),
            or(eq(accountShares.status, 'pending'), eq(accountShares.status, 'accepted')),
          ),
        )
        .for('update');
      for (const existing of live) {
        const expired = existing.status === 'pending' && existing.expiresAt <= now;
        if (!expired) throw new AppError('ALREADY_SHARED');
        await tx
          .update(accountShares)
          .set({ status: 'revoked', updatedAt: now })
          .where(eq(accountShares.id, existing.id));
      }

      const token = randomToken();
      const [row] = await tx
        .insert(accountShares)
        .values({
          portfolioId,
          ownerUserId: userId,
          sharedWithEmail: email,
          permissionLevel: input.permissionLevel,
          invitationTokenHash: hashToken(token),
          status: 'pending',
          expiresAt,
          simulationSharingMode: input.simulationSharingMode,
          sharedSimulationIds: ids,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('share insert returned nothing');

      const url = new URL('/accept-invitation', ctx.config.publicUrl);
      url.searchParams.set('token', token);
      await ctx.mailer.queue(
        tx,
        // In the invitee's language when they have an account, else in the inviter's.
        shareInvitationEmail(email, (await accountLanguage(tx, { email })) ?? language, {
          inviterName: auth.user.fullName?.trim() || emailLocalPart(auth.user.email),
          inviterEmail: auth.user.email,
          portfolioName: access.portfolio.name,
          permission: input.permissionLevel,
          expiresAt,
          url: url.toString(),
        }),
      );
      const inviteeId = await accountIdOf(tx, email);
      if (inviteeId) {
        await notify(
          ctx,
          {
            userId: inviteeId,
            type: 'info',
            key: 'portfolioShared',
            params: {
              owner: auth.user.fullName?.trim() || emailLocalPart(auth.user.email),
              portfolio: access.portfolio.name,
            },
            metadata: { portfolioId, shareId: row.id, permission: input.permissionLevel },
            // The invitation email above is its email.
            emailed: true,
          },
          tx,
        );
      }
      await publishAccess(ctx, tx, [inviteeId], portfolioId);
      await publishChanged(ctx, tx, portfolioId, 'shares');
      return toShare(row);
    });
  } catch (error) {
    // Two invitations of one address at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw new AppError('ALREADY_SHARED');
    throw error;
  }
}

/** Every share of a portfolio, whatever its status, newest first (owner only). */
export async function listShares(
  ctx: ServerContext,
  userId: string,
  portfolioId: string,
  log: Log,
): Promise<Share[]> {
  const db = ctx.database.db;
  await requirePortfolio(db, portfolioId, userId, 'share', { log });
  const rows = await db
    .select()
    .from(accountShares)
    .where(eq(accountShares.portfolioId, portfolioId))
    .orderBy(desc(accountShares.createdAt), desc(accountShares.id));
  return rows.map(toShare);
}

/**
 * Changes a share (owner only): level, simulation sharing, the invitation's deadline, or
 * revokes it (the row stays, status 'revoked'). Takes effect on the invitee's next request; their
 * open tabs are told on `user:<id>`. A share the caller cannot see answers SHARE_NOT_FOUND.
 */
export async function updateShare(
  ctx: ServerContext,
  userId: string,
  shareId: string,
  input: UpdateInput,
  log: Log,
): Promise<Share> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const [share] = await tx
      .select()
      .from(accountShares)
      .where(eq(accountShares.id, shareId))
      .for('update');
    if (!share) throw new AppError('SHARE_NOT_FOUND');
    try {
      await requirePortfolio(tx, share.portfolioId, userId, 'share', { log });
    } catch (error) {
      if (error instanceof AppError && error.code === 'PORTFOLIO_NOT_FOUND')
        throw new AppError('SHARE_NOT_FOUND');
      throw error;
    }
    const mode = input.simulationSharingMode ?? share.simulationSharingMode;
    const ids =
      mode === share.simulationSharingMode && input.sharedSimulationIds === undefined
        ? share.sharedSimulationIds
        : await checkedSimulationIds(
            tx,
            share.portfolioId,
            mode,
            input.sharedSimulationIds ?? share.sharedSimulationIds,
          );
    const expiresAt = checkedExpiry(input.expiresAt, now);
    const revoke =
      input.status === 'revoked' && (share.status === 'pending' || share.status === 'accepted');
    const [row] = await tx
      .update(accountShares)
      .set({
        ...(input.permissionLevel ? { permissionLevel: input.permissionLevel } : {}),
        simulationSharingMode: mode,
        sharedSimulationIds: ids,
        ...(expiresAt ? { expiresAt } : {}),
        ...(revoke ? { status: 'revoked' as const } : {}),
        updatedAt: now,
      })
      .where(eq(accountShares.id, share.id))
      .returning();
    if (!row) throw new AppError('SHARE_NOT_FOUND');
    await publishAccess(
      ctx,
      tx,
      [row.sharedWithUserId ?? (await accountIdOf(tx, row.sharedWithEmail))],
      row.portfolioId,
    );
    await publishChanged(ctx, tx, row.portfolioId, 'shares');
    return toShare(row);
  });
}

export async function revokeShare(ctx: ServerContext, userId: string, shareId: string, log: Log) {
  await updateShare(ctx, userId, shareId, { status: 'revoked' }, log);
}

// Invitations, as the invitee sees them --------------------------------------------------------

const invitationColumns = {
  share: accountShares,
  portfolio: { id: portfolios.id, name: portfolios.name, description: portfolios.description },
  owner: { id: users.id, email: users.email, fullName: profiles.fullName },
};

type InvitationRow = {
  share: ShareRow;
  portfolio: { id: string; name: string; description: string | null };
  owner: { id: string; email: string; fullName: string | null };
};

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.share.id,
    permissionLevel: row.share.permissionLevel,
    simulationSharingMode: row.share.simulationSharingMode,
    expiresAt: row.share.expiresAt.toISOString(),
    createdAt: row.share.createdAt.toISOString(),
    portfolio: row.portfolio,
    owner: toPerson(row.owner),
  };
}

function invitationQuery(db: DbOrTx) {
  return db
    .select(invitationColumns)
    .from(accountShares)
    .innerJoin(portfolios, eq(portfolios.id, accountShares.portfolioId))
    .innerJoin(users, eq(users.id, portfolios.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id));
}

/** Pending, unexpired invitations to the caller's email, newest first. */
export async function listInvitations(ctx: ServerContext, auth: AuthContext) {
  // Until the address is confirmed, the account may not be its owner's: the email link still works.
  if (!auth.user.emailConfirmedAt) return [];
  const rows = await invitationQuery(ctx.database.db)
    .where(
      and(
        eq(accountShares.sharedWithEmail, auth.user.email.toLowerCase()),
        eq(accountShares.status, 'pending'),
        gt(accountShares.expiresAt, ctx.clock.now()),
      ),
    )
    .orderBy(desc(accountShares.createdAt));
  return rows.map(toInvitation);
}

/**
 * The invitation a token names, checked for the caller: INVITATION_INVALID when unknown or no
 * longer pending, INVITATION_OTHER_EMAIL when sent to another address than the caller's,
 * INVITATION_EXPIRED after its deadline (unless `allowExpired`).
 */
async function invitationFor(
  db: DbOrTx,
  answer: InvitationAnswer,
  auth: AuthContext,
  now: Date,
  options: { forUpdate?: boolean; allowExpired?: boolean } = {},
) {
  if ('invitationId' in answer && !auth.user.emailConfirmedAt)
    throw new AppError('EMAIL_NOT_CONFIRMED');
  const query = invitationQuery(db).where(
    'token' in answer
      ? eq(accountShares.invitationTokenHash, hashToken(answer.token))
      : eq(accountShares.id, answer.invitationId),
  );
  const [row] = options.forUpdate ? await query.for('update', { of: accountShares }) : await query;
  if (!row || row.share.status !== 'pending') throw new AppError('INVITATION_INVALID');
  if (row.share.sharedWithEmail !== auth.user.email.toLowerCase())
    throw new AppError('INVITATION_OTHER_EMAIL');
  if (!options.allowExpired && row.share.expiresAt <= now) throw new AppError('INVITATION_EXPIRED');
  return row as InvitationRow;
}

export async function previewInvitation(ctx: ServerContext, auth: AuthContext, token: string) {
  const row = await invitationFor(ctx.database.db, { token }, auth, ctx.clock.now());
  return { ...toInvitation(row), invitedEmail: row.share.sharedWithEmail };
}

/** Tells the owner that the invitee answered. */
async function notifyAnswer(
  ctx: ServerContext,
  tx: DbOrTx,
  row: InvitationRow,
  auth: AuthContext,
  key: 'invitationAccepted' | 'invitationDeclined',
) {
  await notify(
    ctx,
    {
      userId: row.share.ownerUserId,
      type: key === 'invitationAccepted' ? 'success' : 'info',
      key,
      params: {
        invitee: auth.user.fullName?.trim() || auth.user.email,
        portfolio: row.portfolio.name,
      },
      metadata: { portfolioId: row.share.portfolioId, shareId: row.share.id },
    },
    tx,
  );
}

/**
 * Accepts an invitation: pending, unexpired, sent to the caller's address. A compare-and-set on
 * the status: of two accepts at once, one wins and the other answers INVITATION_INVALID.
 */
export async function acceptInvitation(
  ctx: ServerContext,
  auth: AuthContext,
  answer: InvitationAnswer,
) {
  const now = ctx.clock.now();
  const userId = auth.user.id;
  return ctx.database.db.transaction(async (tx) => {
    const row = await invitationFor(tx, answer, auth, now, { forUpdate: true });
    if (row.share.ownerUserId === userId) throw new AppError('SHARE_WITH_SELF');
    const [accepted] = await tx
      .update(accountShares)
      .set({ status: 'accepted', sharedWithUserId: userId, acceptedAt: now, updatedAt: now })
      .where(
        and(
          eq(accountShares.id, row.share.id),
          eq(accountShares.status, 'pending'),
          gt(accountShares.expiresAt, now),
        ),
      )
      .returning({ id: accountShares.id });
    if (!accepted) throw new AppError('INVITATION_INVALID');
    const access = await portfolioAccess(tx, row.share.portfolioId, userId);
    if (!access) throw new AppError('INVITATION_INVALID');
    await notifyAnswer(ctx, tx, row, auth, 'invitationAccepted');
    await publishAccess(ctx, tx, [userId], row.share.portfolioId);
    await publishChanged(ctx, tx, row.share.portfolioId, 'shares');
    return portfolioView(tx, access, userId);
  });
}

/** Declines an invitation, matched on its token (or id) and the caller's (invited) email. */
export async function rejectInvitation(
  ctx: ServerContext,
  auth: AuthContext,
  answer: InvitationAnswer,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const row = await invitationFor(tx, answer, auth, now, {
      forUpdate: true,
      allowExpired: true,
    });
    const [rejected] = await tx
      .update(accountShares)
      .set({ status: 'rejected', updatedAt: now })
      .where(
        and(
          eq(accountShares.id, row.share.id),
          eq(accountShares.sharedWithEmail, auth.user.email.toLowerCase()),
          eq(accountShares.status, 'pending'),
        ),
      )
      .returning({ id: accountShares.id });
    if (!rejected) throw new AppError('INVITATION_INVALID');
    await notifyAnswer(ctx, tx, row, auth, 'invitationDeclined');
    await publishAccess(ctx, tx, [auth.user.id], row.share.portfolioId);
    await publishChanged(ctx, tx, row.share.portfolioId, 'shares');
  });
}
