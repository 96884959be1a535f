import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createSimulationBodySchema,
  SIMULATION_INITIAL_CASH,
  type SimulationStats,
  type updateSimulationBodySchema,
} from '@/contracts/portfolios';
import type { ServerContext } from '../../context';
import { accountShares, portfolioSimulations } from '../../db/schema';
import { AppError } from '../../platform/errors';
import {
  type PortfolioRow,
  requirePortfolio,
  requireSimulation,
  type SimulationRow,
  visibleSimulations,
} from './portfolio-access';
import type { DbOrTx } from '../../db/client';
import { convertTotals } from '../market-data';
import {
  copyRealHoldings,
  deleteSimulationRows,
  simulationTotals,
  simulationValuesByCurrency,
} from './simulation-scope';
import { loadCash, normalizeDecimal, type SimulationCash, toSimulation } from './portfolios.dto';
import { publishChanged } from './portfolios.events';

type Log = Pick<FastifyBaseLogger, 'info'>;

/** A simulation's cash, in its portfolio's base currency. */
async function cashView(
  db: DbOrTx,
  simulation: SimulationRow,
  portfolio: Pick<PortfolioRow, 'baseCurrency'>,
): Promise<SimulationCash> {
  const cashOf = await loadCash(db, [simulation]);
  return { cash: cashOf(simulation.id), currency: portfolio.baseCurrency };
}
type CreateInput = z.output<typeof createSimulationBodySchema>;
type UpdateInput = z.output<typeof updateSimulationBodySchema>;

/** The simulations of a portfolio the caller can see, newest first. */
export async function listSimulations(
  ctx: ServerContext,
  userId: string,
  portfolioId: string,
  log: Log,
) {
  const db = ctx.database.db;
  const access = await requirePortfolio(db, portfolioId, userId, 'view', { log });
  const rows = await visibleSimulations(db, access, userId);
  const cashOf = await loadCash(db, rows);
  return rows.map((row) =>
    toSimulation(row, access.level, {
      cash: cashOf(row.id),
      currency: access.portfolio.baseCurrency,
    }),
  );
}

/**
 * A new simulation in a portfolio where the caller manages simulations (owner or edit), with
 * 100000 of cash; `copyHoldings` copies the real holdings of every registered simulation-scoped
 * table into it, in the same transaction (nothing is registered until holdings exist).
 */
export async function createSimulation(
  ctx: ServerContext,
  userId: string,
  portfolioId: string,
  input: CreateInput,
  log: Log,
) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const access = await requirePortfolio(tx, portfolioId, userId, 'manageSimulations', {
      forUpdate: true,
      log,
    });
    const [row] = await tx
      .insert(portfolioSimulations)
      .values({
        portfolioId,
        userId,
        name: input.name,
        description: input.description ?? null,
        initialCash: SIMULATION_INITIAL_CASH,
        backgroundTheme: input.backgroundTheme,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('simulation insert returned nothing');
    if (input.copyHoldings) {
      await copyRealHoldings(tx, {
        portfolioId,
        simulationId: row.id,
        userId,
        now,
        compute: ctx.compute,
      });
    }
    await publishChanged(ctx, tx, portfolioId, 'simulations');
    return toSimulation(row, access.level, await cashView(tx, row, access.portfolio));
  });
}

export async function getSimulation(ctx: ServerContext, userId: string, id: string, log: Log) {
  const { simulation, access } = await requireSimulation(ctx.database.db, id, userId, 'view', {
    log,
  });
  return toSimulation(
    simulation,
    access.level,
    await cashView(ctx.database.db, simulation, access.portfolio),
  );
}

export async function updateSimulation(
  ctx: ServerContext,
  userId: string,
  id: string,
  input: UpdateInput,
  log: Log,
) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const { simulation, access } = await requireSimulation(tx, id, userId, 'manageSimulations', {
      forUpdate: true,
      log,
    });
    const [row] = await tx
      .update(portfolioSimulations)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.backgroundTheme !== undefined ? { backgroundTheme: input.backgroundTheme } : {}),
        updatedAt: now,
      })
      .where(eq(portfolioSimulations.id, simulation.id))
      .returning();
    if (!row) throw new AppError('SIMULATION_NOT_FOUND');
    await publishChanged(ctx, tx, simulation.portfolioId, 'simulations');
    return toSimulation(row, access.level, await cashView(tx, row, access.portfolio));
  });
}

/**
 * Deletes a simulation with its rows in every simulation-scoped table, and takes its id out of
 * the shares that named it, in one transaction.
 */
export async function deleteSimulation(ctx: ServerContext, userId: string, id: string, log: Log) {
  await ctx.database.db.transaction(async (tx) => {
    const { simulation } = await requireSimulation(tx, id, userId, 'manageSimulations', {
      forUpdate: true,
      log,
    });
    await deleteSimulationRows(tx, simulation.id);
    await tx
      .update(accountShares)
      .set({
        sharedSimulationIds: sql`array_remove(${accountShares.sharedSimulationIds}, ${simulation.id}::uuid)`,
      })
      .where(
        sql`${accountShares.portfolioId} = ${simulation.portfolioId} and ${simulation.id}::uuid = any(${accountShares.sharedSimulationIds})`,
      );
    await tx.delete(portfolioSimulations).where(eq(portfolioSimulations.id, simulation.id));
    await publishChanged(ctx, tx, simulation.portfolioId, 'simulations');
  });
}

/** Counts and value of a simulation's content (from the simulation-scoped tables). */
export async function simulationStats(
  ctx: ServerContext,
  userId: string,
  id: string,
  log: Log,
): Promise<SimulationStats> {
  const db = ctx.database.db;
  const { simulation, access } = await requireSimulation(db, id, userId, 'view', { log });
  const totals = await simulationTotals(db, simulation.id);
  const currency = access.portfolio.baseCurrency;
  const converted = await convertTotals(
    db,
    (await simulationValuesByCurrency(db, simulation.id)).map((row) => ({
      currency: row.currency ?? currency,
      amounts: { value: row.value },
    })),
    ['value'] as const,
    currency,
    ctx.clock.now().toISOString().slice(0, 10),
  );
  return {
    totalAssets: totals.totalAssets,
    totalTransactions: totals.totalTransactions,
    // Never a sum across currencies: converted, or listed apart.
    totalValue: normalizeDecimal(converted.totals.value),
    currency,
    unconverted: converted.unconverted.map((row) => ({
      currency: row.currency,
      value: row.value,
    })),
    createdAt: simulation.createdAt.toISOString(),
  };
}
