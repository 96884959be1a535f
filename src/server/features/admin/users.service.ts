import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AdminUser } from '@/contracts/admin';
import { ROLES } from '@/contracts/auth';
import { type SubscriptionStatus, type Tier, tierOf } from '@/domain/plans/plans';
import type { ServerContext } from '../../context';
import { mfaFactors, profiles, subscriptions, users } from '../../db/schema';
import { recordAudit } from './audit';
import { type AuthContext, requireRotation } from '../session';
import { AppError } from '../../platform/errors';
import { readSubscription } from '../subscription';

const columns = {
  id: users.id,
  email: users.email,
  fullName: profiles.fullName,
  role: profiles.role,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  emailConfirmedAt: users.emailConfirmedAt,
  provider: users.provider,
  phone: users.phone,
  twoFactor: sql<boolean>`exists (select 1 from ${mfaFactors} where ${mfaFactors.userId} = ${users.id} and ${mfaFactors.status} = 'verified')`,
  tier: sql<string>`coalesce((select ${subscriptions.tier} from ${subscriptions} where ${subscriptions.userId} = ${users.id}), 'free')`,
};

type Row = {
  id: string;
  email: string;
  fullName: string | null;
  role: 'user' | 'admin';
  createdAt: Date;
  lastSignInAt: Date | null;
  emailConfirmedAt: Date | null;
  provider: string;
  phone: string | null;
  twoFactor: boolean;
  tier: string;
};

function toAdminUser(row: Row): AdminUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    emailConfirmedAt: row.emailConfirmedAt?.toISOString() ?? null,
    provider: row.provider,
    phone: row.phone,
    twoFactor: Boolean(row.twoFactor),
    tier: tierOf(row.tier),
  };
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Users newest first, searched by email or name, a page at a time. */
export async function listUsers(
  ctx: ServerContext,
  query: {
    search?: string | undefined;
    role?: 'user' | 'admin' | undefined;
    page: number;
    pageSize: number;
  },
) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    pattern ? or(ilike(users.email, pattern), ilike(profiles.fullName, pattern)) : undefined,
    query.role ? eq(profiles.role, query.role) : undefined,
  );
  const db = ctx.database.db;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(where),
  ]);
  return {
    users: (rows as Row[]).map(toAdminUser),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Changes a user's role (spec 000, sections 6 and 8). The user's sessions get a new token on their
 * next request and their open tabs hear about it at once (topic user:<id>).
 */
export async function changeRole(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  userId: string,
  role: string,
) {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new AppError(
      'INVALID_ROLE',
      { role },
      `Invalid role: ${role}. Must be 'user' or 'admin'`,
    );
  }
  const next = role as 'user' | 'admin';
  if (userId === actor.user.id && next !== 'admin') throw new AppError('SELF_DEMOTION');
  const now = ctx.clock.now();
  const updated = await ctx.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', { resource: 'user' });
    if (current.role !== next) {
      await tx
        .update(profiles)
        .set({ role: next, updatedAt: now })
        .where(eq(profiles.userId, userId));
      await requireRotation(tx, userId);
      await recordAudit(
        tx,
        request,
        actor,
        {
          action: 'user.role',
          targetType: 'user',
          targetId: userId,
          before: { role: current.role },
          after: { role: next },
        },
        now,
      );
      await ctx.realtime.publish(`user:${userId}`, { type: 'role', role: next }, tx);
      await ctx.realtime.publish('admin', { entity: 'users' }, tx);
    }
    const [row] = await tx
      .select(columns)
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId));
    return row as Row;
  });
  return toAdminUser(updated);
}

/**
 * Sets a user's plan (self-hosting: an admin decides, no payment involved), audited; the user's
 * open tabs hear of it. A plan a payment provider manages is still changed (an admin's word wins,
 * the provider's next event may change it back). Downgrading deletes nothing: above the new limit,
 * what exists stays readable and editable, only adding is refused.
 */
export async function setSubscription(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  userId: string,
  input: { tier: Tier; status?: SubscriptionStatus | undefined },
) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('NOT_FOUND', { resource: 'user' });
    const [current] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .for('update');
    const status = input.status ?? 'active';
    if (current) {
      await tx
        .update(subscriptions)
        .set({ tier: input.tier, status, updatedAt: now })
        .where(eq(subscriptions.userId, userId));
    } else {
      await tx
        .insert(subscriptions)
        .values({ userId, tier: input.tier, status, createdAt: now, updatedAt: now });
    }
    await recordAudit(
      tx,
      request,
      actor,
      {
        action: 'user.subscription',
        targetType: 'user',
        targetId: userId,
        before: current ? { tier: current.tier, status: current.status } : null,
        after: { tier: input.tier, status },
      },
      now,
    );
    await ctx.realtime.publish(`user:${userId}`, { type: 'subscription' }, tx);
    await ctx.realtime.publish('admin', { entity: 'users' }, tx);
    return readSubscription(tx, userId);
  });
}
