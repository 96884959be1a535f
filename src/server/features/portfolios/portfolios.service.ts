import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  createPortfolioBodySchema,
  Portfolio,
  PortfolioContents,
  updatePortfolioBodySchema,
} from '@/contracts/portfolios';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accountShares, portfolios, portfolioSimulations, users } from '../../db/schema';
import {
  ensureDefaultPortfolio,
  lockOwnerPortfolios,
  preferredCurrency,
  repairDefaultPortfolio,
} from '../auth';
import { AppError } from '../../platform/errors';
import {
  canSeeSimulation,
  type PortfolioAccess,
  requirePortfolio,
  visibleSimulations,
} from './portfolio-access';
import { loadCash, loadPeople, toPortfolio } from './portfolios.dto';
import { publishAccess, publishChanged } from './portfolios.events';
import { userKey } from '../session';
import { portfolioKey } from './portfolio-access';

type Log = Pick<FastifyBaseLogger, 'info'>;
type CreateInput = z.output<typeof createPortfolioBodySchema>;
type UpdateInput = z.output<typeof updatePortfolioBodySchema>;

/** One portfolio as the caller sees it (with the simulations visible to them). */
export async function portfolioView(
  db: DbOrTx,
  access: PortfolioAccess,
  userId: string,
): Promise<Portfolio> {
  const simulations = await visibleSimulations(db, access, userId);
  const people =
    access.level === 'owner' ? new Map() : await loadPeople(db, [access.portfolio.userId]);
  return toPortfolio(
    access.portfolio,
    access.level,
    people.get(access.portfolio.userId) ?? null,
    simulations,
    await loadCash(db, simulations),
  );
}

/**
 * The caller's portfolios: owned ones (default first, then newest), then those shared with them
 * (accepted shares, most recently accepted first). A user who owns none gets the default one
 * first ('My Portfolio'): accounts made before portfolios existed, or by another path.
 */
export function listPortfolios(ctx: ServerContext, userId: string): Promise<Portfolio[]> {
  // Kept until the user, one of the portfolios or one of their owners changes.
  return ctx.reads.read(`portfolios:${userId}`, async () => {
    const list = await readPortfolios(ctx, userId);
    const deps = new Set([userKey(userId)]);
    for (const portfolio of list) {
      deps.add(portfolioKey(portfolio.id));
      deps.add(userKey(portfolio.userId));
    }
    return { value: list, deps: [...deps] };
  });
}

async function readPortfolios(ctx: ServerContext, userId: string): Promise<Portfolio[]> {
  const db = ctx.database.db;
  const ownedPortfolios = () =>
    db
      .select()
      .from(portfolios)
      .where(eq(portfolios.userId, userId))
      .orderBy(desc(portfolios.isDefault), desc(portfolios.createdAt), desc(portfolios.id));
  let owned = await ownedPortfolios();
  if (owned.length === 0) {
    // An account from before portfolios existed (registration creates the default now).
    await db.transaction((tx) => ensureDefaultPortfolio(tx, userId, ctx.clock.now()));
    owned = await ownedPortfolios();
  }
  const shared = await db
    .select({ portfolio: portfolios, share: accountShares })
    .from(accountShares)
    .innerJoin(portfolios, eq(portfolios.id, accountShares.portfolioId))
    .where(
      and(
        eq(accountShares.sharedWithUserId, userId),
        eq(accountShares.status, 'accepted'),
        ne(portfolios.userId, userId),
      ),
    )
    .orderBy(desc(accountShares.acceptedAt), accountShares.permissionLevel);

  const accesses: PortfolioAccess[] = owned.map((portfolio) => ({
    level: 'owner' as const,
    portfolio,
    share: null,
  }));
  const seen = new Set(owned.map((portfolio) => portfolio.id));
  for (const { portfolio, share } of shared) {
    if (seen.has(portfolio.id)) continue;
    seen.add(portfolio.id);
    accesses.push({ level: share.permissionLevel, portfolio, share });
  }

  const ids = accesses.map((access) => access.portfolio.id);
  const simulations = ids.length
    ? await db
        .select()
        .from(portfolioSimulations)
        .where(inArray(portfolioSimulations.portfolioId, ids))
        .orderBy(desc(portfolioSimulations.createdAt), desc(portfolioSimulations.id))
    : [];
  const people = await loadPeople(
    db,
    accesses.filter((a) => a.level !== 'owner').map((a) => a.portfolio.userId),
  );
  const cashOf = await loadCash(db, simulations);
  return accesses.map((access) =>
    toPortfolio(
      access.portfolio,
      access.level,
      people.get(access.portfolio.userId) ?? null,
      simulations.filter(
        (simulation) =>
          simulation.portfolioId === access.portfolio.id &&
          canSeeSimulation(access, simulation, userId),
      ),
      cashOf,
    ),
  );
}

export async function getPortfolio(ctx: ServerContext, userId: string, id: string, log: Log) {
  const db = ctx.database.db;
  const access = await requirePortfolio(db, id, userId, 'view', { log });
  return portfolioView(db, access, userId);
}

/** Clears the default flag on the owner's other portfolios (under the owner lock). */
async function clearOtherDefaults(tx: DbOrTx, userId: string, keepId: string | null, now: Date) {
  await tx
    .update(portfolios)
    .set({ isDefault: false, updatedAt: now })
    .where(
      and(
        eq(portfolios.userId, userId),
        eq(portfolios.isDefault, true),
        keepId ? ne(portfolios.id, keepId) : undefined,
      ),
    );
}

/**
 * A new portfolio of the caller. It is the default when asked (the others stop being it), and
 * also when the caller has no default yet (their first portfolio).
 */
export async function createPortfolio(ctx: ServerContext, userId: string, input: CreateInput) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    await lockOwnerPortfolios(tx, userId);
    const [current] = await tx
      .select({ id: portfolios.id })
      .from(portfolios)
      .where(and(eq(portfolios.userId, userId), eq(portfolios.isDefault, true)));
    const isDefault = input.isDefault === true || !current;
    if (isDefault && current) await clearOtherDefaults(tx, userId, null, now);
    const baseCurrency = input.baseCurrency ?? (await preferredCurrency(tx, userId));
    const [row] = await tx
      .insert(portfolios)
      .values({
        userId,
        name: input.name,
        description: input.description ?? null,
        isDefault,
        baseCurrency,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('portfolio insert returned nothing');
    await publishAccess(ctx, tx, [userId], row.id);
    return toPortfolio(row, 'owner', null, [], () => '0.00');
  });
}

/**
 * Renames, describes, or makes default (owner only). `isDefault: false` is ignored: an owner
 * always has one default, moved by making another portfolio the default.
 */
export async function updatePortfolio(
  ctx: ServerContext,
  userId: string,
  id: string,
  input: UpdateInput,
  log: Log,
) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    if (input.isDefault === true) await lockOwnerPortfolios(tx, userId);
    const access = await requirePortfolio(tx, id, userId, 'update', { forUpdate: true, log });
    const makeDefault = input.isDefault === true && !access.portfolio.isDefault;
    if (makeDefault) await clearOtherDefaults(tx, userId, id, now);
    const [row] = await tx
      .update(portfolios)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(makeDefault ? { isDefault: true } : {}),
        ...(input.baseCurrency !== undefined ? { baseCurrency: input.baseCurrency } : {}),
        updatedAt: now,
      })
      .where(eq(portfolios.id, id))
      .returning();
    if (!row) throw new AppError('PORTFOLIO_NOT_FOUND');
    await publishChanged(ctx, tx, id, 'portfolio');
    if (makeDefault) await publishAccess(ctx, tx, [userId], id);
    return portfolioView(tx, { ...access, portfolio: row }, userId);
  });
}

/** Who loses something when a portfolio goes: accepted collaborators and invitees with accounts. */
async function collaborators(tx: DbOrTx, portfolioId: string) {
  const rows = await tx
    .select({ sharedWith: accountShares.sharedWithUserId, byEmail: users.id })
    .from(accountShares)
    .leftJoin(users, eq(users.email, accountShares.sharedWithEmail))
    .where(
      and(
        eq(accountShares.portfolioId, portfolioId),
        or(eq(accountShares.status, 'accepted'), eq(accountShares.status, 'pending')),
      ),
    );
  return rows.flatMap((row) => [row.sharedWith, row.byEmail]);
}

/**
 * Deletes a portfolio and everything in it (owner only; foreign keys cascade to shares,
 * simulations and every table with a portfolio_id). The last owned portfolio stays
 * (LAST_PORTFOLIO); when the default goes, the oldest remaining one becomes the default.
 */
export async function deletePortfolio(ctx: ServerContext, userId: string, id: string, log: Log) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await lockOwnerPortfolios(tx, userId);
    await requirePortfolio(tx, id, userId, 'delete', { forUpdate: true, log });
    const [owned] = await tx
      .select({ n: count() })
      .from(portfolios)
      .where(eq(portfolios.userId, userId));
    if ((owned?.n ?? 0) <= 1) throw new AppError('LAST_PORTFOLIO');
    const people = await collaborators(tx, id);
    await tx.delete(portfolios).where(eq(portfolios.id, id));
    await repairDefaultPortfolio(tx, userId, now);
    await publishChanged(ctx, tx, id, 'portfolio');
    await publishAccess(ctx, tx, [userId, ...people], id);
  });
}

/**
 * Tables with a portfolio_id column other than shares and simulations (holdings, transactions...)
 * and the dataset counter (bookkeeping, not something the user keeps).
 */
async function contentTables(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.columns
        where column_name = 'portfolio_id' and table_schema = current_schema()
          and table_name not in ('account_shares', 'portfolio_simulations', 'portfolio_versions')
        order by table_name`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    table_name: string;
  }[];
  return rows.map((row) => row.table_name);
}

/** What deleting the portfolio would remove (owner only: it is the deletion's confirmation). */
export async function portfolioContents(
  ctx: ServerContext,
  userId: string,
  id: string,
  log: Log,
): Promise<PortfolioContents> {
  const db = ctx.database.db;
  await requirePortfolio(db, id, userId, 'delete', { log });
  const [simulations] = await db
    .select({ n: count() })
    .from(portfolioSimulations)
    .where(eq(portfolioSimulations.portfolioId, id));
  const [shares] = await db
    .select({ n: count() })
    .from(accountShares)
    .where(eq(accountShares.portfolioId, id));
  const items: Record<string, number> = {};
  for (const table of await contentTables(db)) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where portfolio_id = ${id}`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      n: number | string;
    }[];
    items[table] = Number(rows[0]?.n ?? 0);
  }
  return { simulations: simulations?.n ?? 0, shares: shares?.n ?? 0, items };
}
