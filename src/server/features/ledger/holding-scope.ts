import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { HOLDING_NOT_FOUND_MESSAGES, type HoldingClass } from '@/contracts/holdings';
import type { DbOrTx } from '../../db/client';
import { holdings, portfolioSimulations } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type ReadCache } from '../../platform/read-cache';
import { canSeeSimulation, type PortfolioAccess, requirePortfolio } from '../portfolios';
import { userKey } from '../session';
import { portfolioKey } from '../portfolios';

type Log = Pick<FastifyBaseLogger, 'info'>;

/**
 * Where holdings and transactions are read or written: a portfolio the caller may act on, and
 * either its real view (simulationId null) or one of its simulations the caller can see. Reading
 * needs 'view'; writing needs 'edit' (owner and edit invitees, in the real view and in
 * simulations alike; read invitees never write).
 */
export type Scope = { access: PortfolioAccess; portfolioId: string; simulationId: string | null };
export type ScopeAction = 'view' | 'edit';

export async function requireScope(
  db: DbOrTx,
  userId: string,
  portfolioId: string,
  simulationId: string | null | undefined,
  action: ScopeAction,
  options: { forUpdate?: boolean; log?: Log; reads?: ReadCache } = {},
): Promise<Scope> {
  const { reads, ...rest } = options;
  // A read outside a transaction may keep the answer until the portfolio (its shares and
  // simulations) or the user changes; a refusal is never kept.
  if (reads && !options.forUpdate) {
    return reads.read(
      `scope:${userId}:${portfolioId}:${simulationId ?? ''}:${action}`,
      async () => ({
        value: await requireScope(db, userId, portfolioId, simulationId, action, rest),
        deps: [portfolioKey(portfolioId), userKey(userId)],
      }),
    );
  }
  const access = await requirePortfolio(db, portfolioId, userId, action, options);
  if (simulationId) {
    const [simulation] = await db
      .select({ id: portfolioSimulations.id, userId: portfolioSimulations.userId })
      .from(portfolioSimulations)
      .where(
        and(
          eq(portfolioSimulations.id, simulationId),
          eq(portfolioSimulations.portfolioId, portfolioId),
        ),
      );
    if (!simulation || !canSeeSimulation(access, simulation, userId)) {
      options.log?.info({ userId, portfolioId, simulationId }, 'scope refused: simulation');
      throw new AppError('SIMULATION_NOT_FOUND');
    }
  }
  return { access, portfolioId, simulationId: simulationId ?? null };
}

/** `simulation_id = x`, or `is null` for the real portfolio. */
export function simulationIs(column: PgColumn, simulationId: string | null): SQL {
  return simulationId ? eq(column, simulationId) : isNull(column);
}

/** The active holdings of a view (of one class when given): the condition every list shares. */
export function activeHoldingsOf(
  scope: Pick<Scope, 'portfolioId' | 'simulationId'>,
  holdingClass?: HoldingClass | null,
): SQL {
  return and(
    eq(holdings.portfolioId, scope.portfolioId),
    simulationIs(holdings.simulationId, scope.simulationId),
    eq(holdings.isActive, true),
    holdingClass ? eq(holdings.class, holdingClass) : undefined,
  ) as SQL;
}

export type HoldingRow = typeof holdings.$inferSelect;

/**
 * 404 'Asset not found'. With the holding's class when the caller can see the row (a deleted
 * savings account, a holding of another view of the portfolio), so the web names it ('Savings
 * account not found'); a row the caller cannot see gives nothing away.
 */
export function holdingNotFound(holding?: Pick<HoldingRow, 'class'>): AppError {
  if (!holding) return new AppError('HOLDING_NOT_FOUND');
  const holdingClass = holding.class as HoldingClass;
  return new AppError(
    'HOLDING_NOT_FOUND',
    { class: holdingClass },
    HOLDING_NOT_FOUND_MESSAGES[holdingClass] ?? HOLDING_NOT_FOUND_MESSAGES.generic,
  );
}

/**
 * A holding the caller may act on, with its scope. Not visible (no such id, a portfolio the
 * caller cannot see, a simulation they cannot see) is one answer: 404 'Asset not found'. Visible
 * but not writable is 403 'Insufficient permissions'. With `inScope` (the request's `?sim=`, null
 * for the real portfolio), a deleted holding or one of another view is not found either: the
 * holding's own scope decides, and a request names it.
 */
export async function requireHolding(
  db: DbOrTx,
  userId: string,
  holdingId: string,
  action: ScopeAction,
  options: { forUpdate?: boolean; log?: Log; inScope?: string | null } = {},
): Promise<{ holding: HoldingRow; scope: Scope }> {
  const query = db.select().from(holdings).where(eq(holdings.id, holdingId));
  const [holding] = options.forUpdate ? await query.for('update') : await query;
  if (!holding) throw holdingNotFound();
  let scope: Scope;
  try {
    scope = await requireScope(
      db,
      userId,
      holding.portfolioId,
      holding.simulationId,
      action,
      options,
    );
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'PORTFOLIO_NOT_FOUND' || error.code === 'SIMULATION_NOT_FOUND')
    ) {
      throw holdingNotFound();
    }
    throw error;
  }
  if (options.inScope !== undefined) {
    if (!holding.isActive || holding.simulationId !== options.inScope) {
      options.log?.info(
        { userId, holdingId, simulationId: options.inScope },
        'holding refused: not in the requested view',
      );
      throw holdingNotFound(holding);
    }
  }
  return { holding, scope };
}
