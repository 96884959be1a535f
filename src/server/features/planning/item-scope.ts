import { and, eq } from 'drizzle-orm';
import type { ErrorCode } from '@/contracts/error-codes';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { goals, projectionScenarios } from '../../db/schema';
import { type Actor, requireScope, type Scope, simulationIs } from '../ledger';

/**
 * The caller's scope on something kept in a portfolio view (a goal, a projection scenario): read
 * to see it, edit (with the portfolio row locked) to change it. Whether the caller can see the
 * view comes first, so a stranger learns nothing (`notFound`, whatever the reason) while a read
 * invitee who tries to change it is told 403.
 */
export async function requireItemScope(
  db: DbOrTx,
  actor: Actor,
  item: { portfolioId: string; simulationId: string | null },
  action: 'view' | 'edit',
  notFound: ErrorCode,
): Promise<Scope> {
  let scope: Scope;
  try {
    scope = await requireScope(db, actor.userId, item.portfolioId, item.simulationId, 'view', {
      log: actor.log,
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw new AppError(notFound);
    throw error;
  }
  if (action === 'view') return scope;
  return requireScope(db, actor.userId, item.portfolioId, item.simulationId, 'edit', {
    forUpdate: true,
    log: actor.log,
  });
}

/** The rows of a planning table (goals, scenarios) kept in one portfolio view. */
export const inView = (
  table: typeof goals | typeof projectionScenarios,
  scope: Pick<Scope, 'portfolioId' | 'simulationId'>,
) =>
  and(
    eq(table.portfolioId, scope.portfolioId),
    simulationIs(table.simulationId, scope.simulationId),
  );
