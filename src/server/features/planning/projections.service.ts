import { asc, count, eq } from 'drizzle-orm';
import {
  MAX_SCENARIOS,
  type CreateScenarioBody,
  type ProjectionInputs,
  type ProjectionRunBody,
  type ProjectionRunResponse,
  projectionInputsSchema,
  type Scenario,
  type UpdateScenarioBody,
} from '@/contracts/projections';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { projectionScenarios } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Actor, requireScope } from '../ledger';
import { publishChanged } from '../portfolios';
import { inView, requireItemScope } from './item-scope';
import { viewValue } from '../valuation';

/**
 * Wealth projections (issue 29): saved scenarios (a projection's inputs, named) in a portfolio
 * view, and runs of the domain's Monte Carlo simulation for API clients. Permissions are the
 * portfolio's: read to list, open and run; edit to save, rename and delete (checked on the
 * server for every request; a scenario of a view the caller cannot see does not exist for them).
 */

type Row = typeof projectionScenarios.$inferSelect;

function toScenario(row: Row): Scenario {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    simulationId: row.simulationId,
    name: row.name,
    // Stored as the contract read it; read again so an older row gets today's defaults.
    inputs: projectionInputsSchema.parse(row.inputs),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listScenarios(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  sim: string | undefined,
): Promise<Scenario[]> {
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, sim, 'view', { log: actor.log });
  const rows = await db
    .select()
    .from(projectionScenarios)
    .where(inView(projectionScenarios, scope))
    .orderBy(asc(projectionScenarios.createdAt), asc(projectionScenarios.id));
  return rows.map(toScenario);
}

export async function createScenario(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  sim: string | undefined,
  body: CreateScenarioBody,
): Promise<Scenario> {
  return ctx.database.db.transaction(async (tx) => {
    const scope = await requireScope(tx, actor.userId, portfolioId, sim, 'edit', {
      forUpdate: true,
      log: actor.log,
    });
    // The portfolio row is locked (forUpdate): two saves at once cannot both pass at 49.
    const [kept] = await tx
      .select({ n: count() })
      .from(projectionScenarios)
      .where(inView(projectionScenarios, scope));
    if (Number(kept?.n ?? 0) >= MAX_SCENARIOS) {
      throw new AppError('PROJECTION_SCENARIO_LIMIT', { limit: MAX_SCENARIOS });
    }
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(projectionScenarios)
      .values({
        portfolioId: scope.portfolioId,
        simulationId: scope.simulationId,
        userId: actor.userId,
        name: body.name,
        inputs: body.inputs,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert failed');
    await publishChanged(ctx, tx, row.portfolioId, 'planning');
    return toScenario(row);
  });
}

/** The scenario and the caller's scope on it (see `requireItemScope`). */
async function requireScenario(db: DbOrTx, actor: Actor, id: string, action: 'view' | 'edit') {
  const [row] = await db.select().from(projectionScenarios).where(eq(projectionScenarios.id, id));
  if (!row) throw new AppError('PROJECTION_SCENARIO_NOT_FOUND');
  const scope = await requireItemScope(db, actor, row, action, 'PROJECTION_SCENARIO_NOT_FOUND');
  return { row, scope };
}

export async function getScenario(ctx: ServerContext, actor: Actor, id: string) {
  return toScenario((await requireScenario(ctx.database.db, actor, id, 'view')).row);
}

export async function updateScenario(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  body: UpdateScenarioBody,
): Promise<Scenario> {
  return ctx.database.db.transaction(async (tx) => {
    await requireScenario(tx, actor, id, 'edit');
    const [row] = await tx
      .update(projectionScenarios)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.inputs !== undefined ? { inputs: body.inputs } : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(projectionScenarios.id, id))
      .returning();
    if (!row) throw new AppError('PROJECTION_SCENARIO_NOT_FOUND');
    await publishChanged(ctx, tx, row.portfolioId, 'planning');
    return toScenario(row);
  });
}

export async function deleteScenario(ctx: ServerContext, actor: Actor, id: string) {
  await ctx.database.db.transaction(async (tx) => {
    const { row } = await requireScenario(tx, actor, id, 'edit');
    await tx.delete(projectionScenarios).where(eq(projectionScenarios.id, id));
    await publishChanged(ctx, tx, row.portfolioId, 'planning');
  });
}

/**
 * POST /portfolios/{id}/projections/run: the domain's simulation on a compute worker, from the
 * start value given or the view's value today, in the portfolio's base currency.
 */
export async function runProjection(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  sim: string | undefined,
  body: ProjectionRunBody,
): Promise<ProjectionRunResponse> {
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, sim, 'view', {
    log: actor.log,
    reads: ctx.reads,
  });
  const currency = scope.access.portfolio.baseCurrency;
  const inputs: ProjectionInputs = body.inputs;
  const startValue = inputs.startValue ?? Number(await viewValue(ctx, scope));
  const answer = await ctx.compute.run('projection', {
    startValue,
    monthlyContribution: inputs.monthlyContribution,
    contributionGrowth: inputs.contributionGrowth,
    months: inputs.years * 12,
    expectedReturn: inputs.expectedReturn,
    volatility: inputs.volatility,
    inflation: inputs.inflation,
    events: inputs.events,
    paths: body.paths,
    seed: body.seed,
    mode: inputs.mode,
    history: inputs.history,
    targets: body.targets,
  });
  return { currency, startValue, ...answer };
}
