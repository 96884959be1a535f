import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { PortfolioChangedEvent } from '@/contracts/portfolios';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { transactionAuditTrail } from '../../db/schema';
import { requireAuth } from '../session';

/** Who makes a change, and from where (the audit trail's session id, ip and user agent). */
export type Actor = {
  userId: string;
  sessionId: string | null;
  ip: string | null;
  userAgent: string | null;
  log: Pick<FastifyBaseLogger, 'info'>;
};

export function actorOf(request: FastifyRequest): Actor {
  const auth = requireAuth(request);
  const agent = request.headers['user-agent'];
  return {
    userId: auth.user.id,
    // A key's request has no session; api_key_uses ties the change to the key by request id.
    sessionId: auth.apiKey ? null : auth.session.id,
    ip: request.ip || null,
    userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
    log: request.log,
  };
}

/** One audit trail row per create, update and delete, in the transaction that makes it. */
export async function recordLedgerAudit(
  tx: DbOrTx,
  actor: Actor,
  entry: {
    portfolioId: string;
    action: 'create' | 'update' | 'delete';
    entityType:
      'transaction' | 'holding' | 'holding_valuation' | 'savings_transaction' | 'savings_rate';
    entityId: string;
    newValues?: Record<string, unknown> | null;
  },
  now: Date,
) {
  await tx.insert(transactionAuditTrail).values({
    userId: actor.userId,
    portfolioId: entry.portfolioId,
    sessionId: actor.sessionId,
    actionType: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    newValues: entry.newValues ?? null,
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
    createdAt: now,
  });
}

/** Tells the portfolio's open tabs its holdings or transactions changed; sent if `tx` commits. */
export async function publishHoldingsChanged(ctx: ServerContext, tx: DbOrTx, portfolioId: string) {
  const event: PortfolioChangedEvent = {
    type: 'portfolio-changed',
    portfolioId,
    entity: 'holdings',
  };
  await ctx.realtime.publish(`portfolio:${portfolioId}`, event, tx);
}
