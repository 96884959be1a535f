import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { can, type PermissionLevel, type PortfolioAction } from '@/contracts/portfolios';
import type { DbOrTx } from '../../db/client';
import { accountShares, portfolios, portfolioSimulations } from '../../db/schema';
import { AppError } from '../../platform/errors';

/**
 * The one portfolio permission check (the spec's check_portfolio_permission). Every portfolio-
 * and simulation-scoped route goes through `requirePortfolio` / `requireSimulation`; holdings and
 * transactions (next issue) reuse them. An everyday read may keep its answer in memory
 * (requireScope with `reads`) only until the portfolio, one of its shares or the user changes, so
 * a revoked share or a lowered level still counts from the very next request.
 */

/** The read cache's key for a portfolio's rows (what migration 0021's triggers announce). */
export const portfolioKey = (portfolioId: string) => `p:${portfolioId}`;

export type PortfolioRow = typeof portfolios.$inferSelect;
export type ShareRow = typeof accountShares.$inferSelect;
export type SimulationRow = typeof portfolioSimulations.$inferSelect;

export type PortfolioAccess = {
  level: PermissionLevel;
  portfolio: PortfolioRow;
  /** The accepted share that gives the access; null for the owner. */
  share: ShareRow | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What `userId` may do with the portfolio: 'owner', or the level of an accepted share (pending,
 * rejected and revoked shares give nothing); null when the portfolio does not exist or the user
 * has no access to it (the two are indistinguishable on purpose). `forUpdate` locks the
 * portfolio row until the transaction ends (writes that must not race a deletion).
 */
export async function portfolioAccess(
  db: DbOrTx,
  portfolioId: string,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PortfolioAccess | null> {
  if (!UUID.test(portfolioId)) return null;
  const query = db
    .select({ portfolio: portfolios, share: accountShares })
    .from(portfolios)
    .leftJoin(
      accountShares,
      and(
        eq(accountShares.portfolioId, portfolios.id),
        eq(accountShares.sharedWithUserId, userId),
        eq(accountShares.status, 'accepted'),
      ),
    )
    .where(eq(portfolios.id, portfolioId))
    // Should a user hold two accepted shares (two invited addresses), the higher level wins.
    .orderBy(accountShares.permissionLevel)
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: portfolios }) : await query;
  if (!row) return null;
  if (row.portfolio.userId === userId)
    return { level: 'owner', portfolio: row.portfolio, share: null };
  if (!row.share) return null;
  return { level: row.share.permissionLevel, portfolio: row.portfolio, share: row.share };
}

type Log = Pick<FastifyBaseLogger, 'info'>;

/**
 * The caller's access to a portfolio for `action`, or an error: PORTFOLIO_NOT_FOUND (404) when
 * they cannot see it at all (same answer as an id that does not exist), FORBIDDEN (403
 * 'Insufficient permissions') when they can see it but PERMISSION_MATRIX refuses the action.
 */
export async function requirePortfolio(
  db: DbOrTx,
  portfolioId: string,
  userId: string,
  action: PortfolioAction,
  options: { forUpdate?: boolean; log?: Log } = {},
): Promise<PortfolioAccess> {
  const access = await portfolioAccess(db, portfolioId, userId, options);
  if (!access) {
    options.log?.info({ userId, portfolioId, action }, 'portfolio refused: not visible');
    throw new AppError('PORTFOLIO_NOT_FOUND');
  }
  if (!can(access.level, action)) {
    options.log?.info(
      { userId, portfolioId, action, level: access.level },
      'portfolio refused: insufficient permissions',
    );
    throw new AppError('FORBIDDEN');
  }
  return access;
}

/**
 * Whether a simulation is visible through this access: the owner sees all; an invitee sees
 * those the share names (mode all: every one; specific: the listed ids; none: none), plus the
 * ones they created themselves.
 */
export function canSeeSimulation(
  access: PortfolioAccess,
  simulation: Pick<SimulationRow, 'id' | 'userId'>,
  userId: string,
): boolean {
  if (access.level === 'owner' || simulation.userId === userId) return true;
  const share = access.share;
  if (!share) return false;
  if (share.simulationSharingMode === 'all') return true;
  if (share.simulationSharingMode === 'specific')
    return share.sharedSimulationIds.includes(simulation.id);
  return false;
}

/** The simulations of a portfolio the caller can see, newest first. */
export async function visibleSimulations(db: DbOrTx, access: PortfolioAccess, userId: string) {
  const rows = await db
    .select()
    .from(portfolioSimulations)
    .where(eq(portfolioSimulations.portfolioId, access.portfolio.id))
    .orderBy(desc(portfolioSimulations.createdAt), desc(portfolioSimulations.id));
  return rows.filter((row) => canSeeSimulation(access, row, userId));
}

export type SimulationAccess = { simulation: SimulationRow; access: PortfolioAccess };

/**
 * A simulation the caller may act on: SIMULATION_NOT_FOUND (404) when it does not exist or is
 * not visible to them, FORBIDDEN (403) when it is visible but its portfolio's level refuses the
 * action (edit, delete: manageSimulations).
 */
export async function requireSimulation(
  db: DbOrTx,
  simulationId: string,
  userId: string,
  action: PortfolioAction,
  options: { forUpdate?: boolean; log?: Log } = {},
): Promise<SimulationAccess> {
  const notFound = () => {
    options.log?.info({ userId, simulationId, action }, 'simulation refused: not visible');
    return new AppError('SIMULATION_NOT_FOUND');
  };
  if (!UUID.test(simulationId)) throw notFound();
  const query = db
    .select()
    .from(portfolioSimulations)
    .where(eq(portfolioSimulations.id, simulationId));
  const [simulation] = options.forUpdate ? await query.for('update') : await query;
  if (!simulation) throw notFound();
  const access = await portfolioAccess(db, simulation.portfolioId, userId);
  if (!access || !canSeeSimulation(access, simulation, userId)) throw notFound();
  if (!can(access.level, action)) {
    options.log?.info(
      { userId, simulationId, action, level: access.level },
      'simulation refused: insufficient permissions',
    );
    throw new AppError('FORBIDDEN');
  }
  return { simulation, access };
}

/**
 * Everyone who may read the portfolio now or once a share is answered: its owner and every
 * person it is shared with, whatever the share's state. A bulk write names them as the users
 * whose reads must wait for it (db/access-context.ts).
 */
export async function usersWhoMaySee(db: DbOrTx, portfolioId: string): Promise<Set<string>> {
  const [owner] = await db
    .select({ userId: portfolios.userId })
    .from(portfolios)
    .where(eq(portfolios.id, portfolioId));
  const shared = await db
    .select({ userId: accountShares.sharedWithUserId })
    .from(accountShares)
    .where(eq(accountShares.portfolioId, portfolioId));
  return new Set(
    [owner?.userId, ...shared.map((share) => share.userId)].filter(
      (userId): userId is string => typeof userId === 'string',
    ),
  );
}
