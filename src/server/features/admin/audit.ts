import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { type AuthContext } from '../session';

export type AuditChange = {
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
};

/** Writes an admin change to the audit log, in the transaction that makes it. */
export async function recordAudit(
  db: DbOrTx,
  request: FastifyRequest,
  actor: AuthContext,
  change: AuditChange,
  now: Date,
) {
  await db.insert(adminAuditLog).values({
    actorId: actor.user.id,
    actorEmail: actor.user.email,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId,
    before: change.before ?? null,
    after: change.after ?? null,
    ip: request.ip || null,
    requestId: request.id,
    createdAt: now,
  });
}
