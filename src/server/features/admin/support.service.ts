import type { FastifyRequest } from 'fastify';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { AuditEntry } from '@/contracts/admin';
import type { ServerContext } from '../../context';
import { adminAuditLog, mfaFactors, profiles, sessions, users } from '../../db/schema';
import { recordAudit } from './audit';
import { type AuthContext } from '../session';

export async function listAudit(
  ctx: ServerContext,
  query: { page: number; pageSize: number; action?: string | undefined },
) {
  const where = query.action ? eq(adminAuditLog.action, query.action) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.database.db.select({ total: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    entries: rows.map((row): AuditEntry => ({
      id: row.id,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.total ?? 0,
  };
}

/**
 * A user's two-factor status for support (the MFA debug page): factors (names, states, dates;
 * never secrets) and the number of live sessions. The lookup itself is audited.
 */
export async function lookupTwoFactor(
  ctx: ServerContext,
  request: FastifyRequest,
  actor: AuthContext,
  email: string,
) {
  const db = ctx.database.db;
  const [user] = await db
    .select({ id: users.id, email: users.email, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email));
  const now = ctx.clock.now();
  await recordAudit(
    db,
    request,
    actor,
    {
      action: 'support.mfa_lookup',
      targetType: 'user',
      targetId: user?.id ?? null,
      after: { email, found: !!user },
    },
    now,
  );
  if (!user) return { user: null, factors: [], activeSessions: 0 };
  const [factors, [live]] = await Promise.all([
    db
      .select({
        friendlyName: mfaFactors.friendlyName,
        status: mfaFactors.status,
        createdAt: mfaFactors.createdAt,
      })
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, user.id))
      .orderBy(mfaFactors.createdAt),
    db
      .select({ total: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, now))),
  ]);
  return {
    user,
    factors: factors.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    activeSessions: live?.total ?? 0,
  };
}
